import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { NewsPage, NewsPostView } from '../../../domain/validation/newsFeed';
import { postNotFound, visibleTo, type StaffScope } from './scope';
import { FEED_ORDER, loadPostViews } from './views';

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
