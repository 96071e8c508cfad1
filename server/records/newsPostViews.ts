import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ADDRESSEE, YES_NO } from '../../domain/statuses';
import type { NewsPostView, NewsReply } from '../../domain/validation/newsFeed';
import { readCounts } from './newsPostAudience';
import { driversInReach, manages, targetsOf, type StaffScope } from './newsPostScope';

/**
 * Posts as GET /api/newsFeed answers them (spec 1, section 3 'News post'). A fixed number of queries whatever the
 * number of posts: the posts with their authors, their three target lists, their replies, their read counts.
 */

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** Pinned posts first, then the most recently updated (spec 1, section 2). */
export const FEED_ORDER = [
  sql`news_posts.pinned asc`,
  sql`news_posts.updated_at desc`,
  sql`news_posts.id desc`,
] as const;

export async function loadReplies(db: Kysely<Database>, postIds: number[], driverId?: number): Promise<Map<number, NewsReply[]>> {
  const out = new Map<number, NewsReply[]>();
  if (!postIds.length) return out;
  const rows = await db
    .selectFrom('news_replies')
    .leftJoin('users', 'users.id', 'news_replies.author_user_id')
    .leftJoin('drivers', 'drivers.id', 'news_replies.author_driver_id')
    .select([
      'news_replies.id', 'news_replies.post_id', 'news_replies.reply_content', 'news_replies.created_at',
      'news_replies.author_user_id', 'news_replies.author_driver_id',
      'users.first_name as user_first', 'users.last_name as user_last',
      'drivers.first_name as driver_first', 'drivers.last_name as driver_last',
    ])
    .where('news_replies.post_id', 'in', postIds)
    // A driver sees the staff's answers and their own replies, not other drivers'.
    .$if(driverId !== undefined, (q) =>
      q.where((eb) => eb.or([eb('news_replies.author_user_id', 'is not', null), eb('news_replies.author_driver_id', '=', driverId!)])),
    )
    .orderBy('news_replies.created_at')
    .orderBy('news_replies.id')
    .execute();
  for (const r of rows) {
    const reply = replyView(r);
    const list = out.get(r.post_id);
    if (list) list.push(reply);
    else out.set(r.post_id, [reply]);
  }
  return out;
}

export function replyView(r: {
  id: number;
  post_id: number;
  reply_content: string;
  created_at: string;
  author_user_id: number | null;
  user_first: string | null;
  user_last: string | null;
  driver_first: string | null;
  driver_last: string | null;
}): NewsReply {
  const byUser = r.author_user_id !== null;
  return {
    id: r.id,
    new_id: r.post_id,
    reply_author: (byUser ? fullName(r.user_first, r.user_last) : fullName(r.driver_first, r.driver_last)) || 'Former account',
    reply_content: r.reply_content,
    author_kind: byUser ? 'user' : 'driver',
    created_at: r.created_at,
  };
}

async function loadTargets(db: Kysely<Database>, postIds: number[]) {
  const [areas, restaurants, drivers] = await Promise.all([
    db.selectFrom('news_post_areas').innerJoin('areas', 'areas.id', 'news_post_areas.area_id')
      .select(['news_post_areas.post_id', 'areas.id', 'areas.name'])
      .where('news_post_areas.post_id', 'in', postIds).orderBy('areas.name').execute(),
    db.selectFrom('news_post_restaurants').innerJoin('restaurants', 'restaurants.id', 'news_post_restaurants.restaurant_id')
      .select(['news_post_restaurants.post_id', 'restaurants.id', 'restaurants.name'])
      .where('news_post_restaurants.post_id', 'in', postIds).orderBy('restaurants.name').execute(),
    db.selectFrom('news_post_drivers').innerJoin('drivers', 'drivers.id', 'news_post_drivers.driver_id')
      .select(['news_post_drivers.post_id', 'drivers.id', 'drivers.first_name', 'drivers.last_name'])
      .where('news_post_drivers.post_id', 'in', postIds).orderBy('drivers.first_name').orderBy('drivers.last_name').execute(),
  ]);
  const group = <T extends { post_id: number }, V>(rows: T[], map: (r: T) => V) => {
    const out = new Map<number, V[]>();
    for (const r of rows) out.set(r.post_id, [...(out.get(r.post_id) ?? []), map(r)]);
    return out;
  };
  return {
    areas: group(areas, (r) => ({ area_id: r.id, name: r.name })),
    restaurants: group(restaurants, (r) => ({ restaurant_id: r.id, name: r.name })),
    drivers: group(drivers, (r) => ({ driver_id: r.id, full_name: fullName(r.first_name, r.last_name) })),
  };
}

/** The posts with these ids, in the order given, as `scope` (the account asking) sees them. */
export async function loadPostViews(db: Kysely<Database>, postIds: number[], scope: StaffScope): Promise<NewsPostView[]> {
  if (!postIds.length) return [];
  // Sequential: inside a transaction (and on PGlite) the queries share one connection anyway.
  const rows = await db
    .selectFrom('news_posts')
    .leftJoin('users', 'users.id', 'news_posts.author_id')
    .selectAll('news_posts')
    .select(['users.first_name', 'users.last_name'])
    .where('news_posts.id', 'in', postIds)
    .execute();
  const targets = await loadTargets(db, postIds);
  const replies = await loadReplies(db, postIds);
  const counts = await readCounts(db, postIds);

  const byId = new Map(rows.map((r) => [r.id, r]));
  const views: NewsPostView[] = [];
  for (const id of postIds) {
    const r = byId.get(id);
    if (!r) continue;
    const areas = targets.areas.get(id) ?? [];
    const restaurants = targets.restaurants.get(id) ?? [];
    const drivers = targets.drivers.get(id) ?? [];
    const count = counts.get(id) ?? { readedCount: 0, totalReadersCount: 0 };
    views.push({
      id: r.id,
      postTitle: r.post_title,
      postContent: r.post_content,
      img: r.img,
      status: r.status,
      pinned: r.pinned,
      important: r.important,
      addressee: r.addressee,
      author_id: r.author_id,
      news_author: fullName(r.first_name, r.last_name) || 'Former account',
      updated_at: r.updated_at,
      creationDate: r.created_at,
      readedCount: count.readedCount,
      totalReadersCount: count.totalReadersCount,
      replies: replies.get(id) ?? [],
      for_areas: r.addressee === ADDRESSEE.areas ? YES_NO.yes : YES_NO.no,
      for_restaurants: r.addressee === ADDRESSEE.restaurants ? YES_NO.yes : YES_NO.no,
      for_drivers: r.addressee === ADDRESSEE.drivers ? YES_NO.yes : YES_NO.no,
      news_feed_areas: areas,
      news_feed_restaurants: restaurants,
      news_feed_drivers: drivers,
      can_manage: scope === null,
    });
  }
  if (scope) {
    // One look-up of the named drivers in reach for the whole page, not one per post.
    const named = views.filter((v) => v.addressee === ADDRESSEE.drivers).flatMap((v) => v.news_feed_drivers.map((d) => d.driver_id));
    const reachable = await driversInReach(db, scope, [...new Set(named)]);
    for (const view of views) view.can_manage = manages(scope, targetsOf(view), reachable);
  }
  return views;
}

/** One post as `scope` sees it, or null. */
export async function loadPostView(db: Kysely<Database>, id: number, scope: StaffScope): Promise<NewsPostView | null> {
  const [view] = await loadPostViews(db, [id], scope);
  return view ?? null;
}

/** What the live feed carries: the post without `can_manage`, which depends on who looks. */
export function feedItem(view: NewsPostView): Omit<NewsPostView, 'can_manage'> {
  const shared: Partial<NewsPostView> = { ...view };
  delete shared.can_manage;
  return shared as Omit<NewsPostView, 'can_manage'>;
}
