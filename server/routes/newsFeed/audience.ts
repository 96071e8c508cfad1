import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { ADDRESSEE, DRIVER_STATUS } from '../../../domain/statuses';

/**
 * Who a post addresses (its audience), in one place, so the drivers' list, the read count and its total agree:
 * - All (10): every active driver;
 * - Selected Areas (20): active drivers working in one of the areas (driver_areas);
 * - Selected Restaurants (30): active drivers linked to one of the restaurants (driver_restaurants) or working in
 *   the area of one of them, since those are the drivers its shifts go to;
 * - Selected Driver(s) (40): the named drivers, whatever their status (they were chosen by name).
 * Inactive and newly registered drivers are not working, so the broad modes leave them out.
 *
 * Every fragment refers to the post as `news_posts.id` / `news_posts.addressee`, so it can sit in a query over
 * news_posts. Each mode reads through an index: driver_areas by area, driver_restaurants by restaurant, the
 * post's target tables and reads by post.
 */

const ACTIVE = DRIVER_STATUS.active;

/** The audience of the post as a set of driver ids (a subquery). */
function audienceOf(mode: number): RawBuilder<unknown> {
  switch (mode) {
    case ADDRESSEE.all:
      return sql`select d.id from drivers d where d.status = ${ACTIVE}`;
    case ADDRESSEE.areas:
      return sql`select distinct da.driver_id from news_post_areas pa
        join driver_areas da on da.area_id = pa.area_id
        join drivers d on d.id = da.driver_id and d.status = ${ACTIVE}
        where pa.post_id = news_posts.id`;
    case ADDRESSEE.restaurants:
      return sql`select d.id from drivers d
        where d.status = ${ACTIVE} and d.id in (
          select dr.driver_id from news_post_restaurants pr
            join driver_restaurants dr on dr.restaurant_id = pr.restaurant_id
            where pr.post_id = news_posts.id
          union
          select da.driver_id from news_post_restaurants pr
            join restaurants r on r.id = pr.restaurant_id
            join driver_areas da on da.area_id = r.area_id
            where pr.post_id = news_posts.id)`;
    default:
      return sql`select pd.driver_id from news_post_drivers pd where pd.post_id = news_posts.id`;
  }
}

const MODES = [ADDRESSEE.all, ADDRESSEE.areas, ADDRESSEE.restaurants, ADDRESSEE.drivers];

/** `case addressee when 10 then (...) ...`: only the post's own mode is evaluated. */
function byMode(part: (mode: number) => RawBuilder<unknown>): RawBuilder<number> {
  const branches = MODES.map((mode) => sql`when ${sql.lit(mode)} then (${part(mode)})`);
  return sql<number>`(case news_posts.addressee ${sql.join(branches, sql` `)} end)`;
}

/** How many drivers the post addresses: the 'total' of '(n / total read)'. */
export const audienceCount = (): RawBuilder<number> =>
  byMode((mode) => sql`select count(*) from (${audienceOf(mode)}) audience`);

/** How many of the drivers the post addresses have read it (a read by a driver it no longer addresses is left out). */
export const readCount = (): RawBuilder<number> =>
  byMode(
    (mode) => sql`select count(*) from news_post_reads r where r.post_id = news_posts.id and r.driver_id in (${audienceOf(mode)})`,
  );

/** Whether the post addresses one driver: the drivers' own list and what they may read and reply to. */
export function addressesDriver(driverId: number): RawBuilder<SqlBool> {
  const active = sql`exists (select 1 from drivers me where me.id = ${driverId} and me.status = ${ACTIVE})`;
  return sql<SqlBool>`(
    (news_posts.addressee = ${ADDRESSEE.all} and ${active})
    or (news_posts.addressee = ${ADDRESSEE.areas} and ${active} and exists (
      select 1 from news_post_areas pa join driver_areas da on da.area_id = pa.area_id
      where pa.post_id = news_posts.id and da.driver_id = ${driverId}))
    or (news_posts.addressee = ${ADDRESSEE.restaurants} and ${active} and exists (
      select 1 from news_post_restaurants pr join restaurants r on r.id = pr.restaurant_id
      where pr.post_id = news_posts.id and (
        exists (select 1 from driver_restaurants dr where dr.restaurant_id = pr.restaurant_id and dr.driver_id = ${driverId})
        or exists (select 1 from driver_areas da where da.area_id = r.area_id and da.driver_id = ${driverId}))))
    or (news_posts.addressee = ${ADDRESSEE.drivers} and exists (
      select 1 from news_post_drivers pd where pd.post_id = news_posts.id and pd.driver_id = ${driverId}))
  )`;
}

/** Read counts of some posts: post id → { readedCount, totalReadersCount }. One query whatever their number. */
export async function readCounts(
  db: Kysely<Database>,
  postIds: number[],
): Promise<Map<number, { readedCount: number; totalReadersCount: number }>> {
  const out = new Map<number, { readedCount: number; totalReadersCount: number }>();
  if (!postIds.length) return out;
  const rows = await db
    .selectFrom('news_posts')
    .select(['news_posts.id', readCount().as('readed'), audienceCount().as('total')])
    .where('news_posts.id', 'in', postIds)
    .execute();
  for (const r of rows) out.set(r.id, { readedCount: Number(r.readed), totalReadersCount: Number(r.total) });
  return out;
}
