import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { POST_STATUS } from '../../domain/statuses';
import { addressesDriver } from './newsPostAudience';
import { FEED_ORDER } from './newsPostViews';

/** The news feed as the drivers' app reads it: only shown posts addressed to the driver. */

/** The shown posts addressed to a driver, as a query over news_posts. */
const postsFor = (db: Kysely<Database>, driverId: number) =>
  db.selectFrom('news_posts').where('news_posts.status', '=', POST_STATUS.show).where(addressesDriver(driverId));

/** The post when it is shown and addressed to the driver (undefined otherwise). */
export async function driverPost(db: Kysely<Database>, driverId: number, postId: number) {
  return postsFor(db, driverId).select(['news_posts.id', 'news_posts.post_title']).where('news_posts.id', '=', postId).executeTakeFirst();
}

/** The driver's posts in the feed's order, with their author and whether the driver read them; a page of them when asked. */
export async function driverPosts(db: Kysely<Database>, driverId: number, paging: { page: number; perPage: number } | null) {
  let query = postsFor(db, driverId)
    .leftJoin('users', 'users.id', 'news_posts.author_id')
    .select([
      'news_posts.id', 'news_posts.post_title', 'news_posts.post_content', 'news_posts.img', 'news_posts.pinned',
      'news_posts.important', 'news_posts.updated_at', 'news_posts.created_at', 'users.first_name', 'users.last_name',
      (eb) =>
        eb.exists(
          eb.selectFrom('news_post_reads').select(sql.lit(1).as('one'))
            .whereRef('news_post_reads.post_id', '=', 'news_posts.id')
            .where('news_post_reads.driver_id', '=', driverId),
        ).as('readed'),
    ]);
  for (const order of FEED_ORDER) query = query.orderBy(order);
  if (paging) query = query.limit(paging.perPage).offset((paging.page - 1) * paging.perPage);
  return query.execute();
}

/** How many posts the driver's feed holds. */
export async function driverPostCount(db: Kysely<Database>, driverId: number): Promise<number> {
  const { total } = await postsFor(db, driverId).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(total);
}

/** Marks the post read by the driver: whether it was unread until now. */
export async function markPostRead(trx: Transaction<Database>, postId: number, driverId: number): Promise<boolean> {
  const added = await trx
    .insertInto('news_post_reads')
    .values({ post_id: postId, driver_id: driverId })
    .onConflict((oc) => oc.columns(['post_id', 'driver_id']).doNothing())
    .returning('post_id')
    .executeTakeFirst();
  return !!added;
}
