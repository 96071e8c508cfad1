import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { NewsPage, NewsPost, NewsPostView } from '../../domain/validation/newsFeed';
import { postNotFound, visibleTo, type StaffScope } from './newsPostScope';
import { FEED_ORDER, loadPostViews } from './newsPostViews';
import { replaceLinks } from './links';

/** The feed as `scope` sees it: pinned first, newest first; one page of it when paging is asked for. */
export async function listPosts(
  db: Kysely<Database>,
  scope: StaffScope,
  paging: { page: number; perPage: number } | null,
): Promise<NewsPostView[] | NewsPage<NewsPostView>> {
  const base = db.selectFrom('news_posts').$if(scope !== null, (q) => q.where((eb) => visibleTo(eb, scope!)));
  let query = base.select('news_posts.id');
  for (const order of FEED_ORDER) query = query.orderBy(order);
  if (!paging) return loadPostViews(db, (await query.execute()).map((r) => r.id), scope);

  const ids = await query.limit(paging.perPage).offset((paging.page - 1) * paging.perPage).execute();
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { data: await loadPostViews(db, ids.map((r) => r.id), scope), total: Number(total) };
}

/** The post with this id as `scope` sees it; 404 when it does not exist or a manager may not see it. */
export async function findPost(db: Kysely<Database>, id: number, scope: StaffScope): Promise<NewsPostView> {
  const visible = await db
    .selectFrom('news_posts')
    .select('id')
    .where('id', '=', id)
    .$if(scope !== null, (q) => q.where((eb) => visibleTo(eb, scope!)))
    .executeTakeFirst();
  if (!visible) throw postNotFound();
  const [view] = await loadPostViews(db, [id], scope);
  if (!view) throw postNotFound();
  return view;
}

/** The columns a post's dialog sets. */
const postColumns = (post: NewsPost) => ({
  post_title: post.postTitle,
  post_content: post.postContent,
  important: post.important,
  addressee: post.addressee,
});

/** Replaces a post's target lists with those of `post` (the lists of other modes end empty). */
async function writeTargets(trx: Transaction<Database>, postId: number, post: NewsPost): Promise<void> {
  await replaceLinks(trx, postId, { news_post_areas: post.areaIds, news_post_restaurants: post.restaurantIds, news_post_drivers: post.driverIds });
}

export async function insertPost(trx: Transaction<Database>, post: NewsPost, authorId: number, img: string | null): Promise<number> {
  const row = await trx
    .insertInto('news_posts')
    .values({ ...postColumns(post), img, author_id: authorId, updated_at: sql<string>`now()` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeTargets(trx, row.id, post);
  return row.id;
}

export async function updatePost(trx: Transaction<Database>, postId: number, post: NewsPost, img: string | null): Promise<void> {
  await trx
    .updateTable('news_posts')
    .set({ ...postColumns(post), img, updated_at: sql<string>`now()` })
    .where('id', '=', postId)
    .execute();
  await writeTargets(trx, postId, post);
}

/** The post's image, the post locked for this transaction (undefined when there is no post). */
export async function lockPostImage(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('news_posts').select('img').where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Removes the post (its targets, reads and replies go with it, on delete cascade): its image, or undefined when there was no post. */
export async function deletePost(trx: Transaction<Database>, id: number) {
  return trx.deleteFrom('news_posts').where('id', '=', id).returning('img').executeTakeFirst();
}

/**
 * Shows, hides, pins or unpins the post: whether it exists. Not updated_at: these do not move a post in the feed.
 */
export async function setPostFlags(trx: Transaction<Database>, id: number, flags: { status: number } | { pinned: number }): Promise<boolean> {
  const done = await trx.updateTable('news_posts').set(flags).where('id', '=', id).executeTakeFirst();
  return !!done.numUpdatedRows;
}
