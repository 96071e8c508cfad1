import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { ADDRESSEE, DRIVER_STATUS } from '../../domain/statuses';

/**
 * Who a post addresses (its audience), in one place, so the drivers' list, the read count and its total agree:
 * - All (10): every active driver;
 * - Selected Areas (20): active drivers working in one of the areas (driver_areas);
 * - Selected Restaurants (30): active drivers linked to one of the restaurants (driver_restaurants) or working in
 *   the area of one of them, since those are the drivers its shifts go to;
 * - Selected Driver(s) (40): the named drivers, whatever their status (they were chosen by name).
 * Inactive and newly registered drivers are not working, so the broad modes leave them out.
 *
 * Each mode reads through an index: driver_areas by area, driver_restaurants by restaurant, the post's target
 * tables and reads by post. The tests check these counts against the same rules worked out from the raw tables.
 */

const ACTIVE = DRIVER_STATUS.active;

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

/** (post, driver) pairs of the audiences of some posts of one targeted mode (areas, restaurants or drivers). */
function audiencePairs(mode: number, postIds: number[]): RawBuilder<unknown> {
  const ids = sql.join(postIds);
  switch (mode) {
    case ADDRESSEE.areas:
      return sql`select distinct pa.post_id, da.driver_id from news_post_areas pa
        join driver_areas da on da.area_id = pa.area_id
        join drivers d on d.id = da.driver_id and d.status = ${ACTIVE}
        where pa.post_id in (${ids})`;
    case ADDRESSEE.restaurants:
      return sql`select linked.post_id, linked.driver_id from (
          select pr.post_id, dr.driver_id from news_post_restaurants pr
            join driver_restaurants dr on dr.restaurant_id = pr.restaurant_id
            where pr.post_id in (${ids})
          union
          select pr.post_id, da.driver_id from news_post_restaurants pr
            join restaurants r on r.id = pr.restaurant_id
            join driver_areas da on da.area_id = r.area_id
            where pr.post_id in (${ids})) linked
        join drivers d on d.id = linked.driver_id and d.status = ${ACTIVE}`;
    default:
      return sql`select pd.post_id, pd.driver_id from news_post_drivers pd where pd.post_id in (${ids})`;
  }
}

export interface ReadCount {
  readedCount: number;
  totalReadersCount: number;
}

/**
 * Read counts of some posts: post id → { readedCount, totalReadersCount }. Set-based, one query per addressee mode
 * present (at most four, whatever the number of posts), so a page of posts to all drivers costs one pass over
 * their reads rather than one per post.
 */
export async function readCounts(db: Kysely<Database>, postIds: number[]): Promise<Map<number, ReadCount>> {
  const out = new Map<number, ReadCount>();
  if (!postIds.length) return out;
  const posts = await db.selectFrom('news_posts').select(['id', 'addressee']).where('id', 'in', postIds).execute();
  for (const p of posts) out.set(p.id, { readedCount: 0, totalReadersCount: 0 });
  const ofMode = (mode: number) => posts.filter((p) => p.addressee === mode).map((p) => p.id);

  const toAll = ofMode(ADDRESSEE.all);
  if (toAll.length) {
    const { n } = await db.selectFrom('drivers').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', ACTIVE).executeTakeFirstOrThrow();
    const reads = await db
      .selectFrom('news_post_reads')
      .innerJoin('drivers', 'drivers.id', 'news_post_reads.driver_id')
      .select(['news_post_reads.post_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('news_post_reads.post_id', 'in', toAll)
      .where('drivers.status', '=', ACTIVE)
      .groupBy('news_post_reads.post_id')
      .execute();
    for (const id of toAll) out.get(id)!.totalReadersCount = Number(n);
    for (const r of reads) out.get(r.post_id)!.readedCount = Number(r.n);
  }
  for (const mode of [ADDRESSEE.areas, ADDRESSEE.restaurants, ADDRESSEE.drivers]) {
    const ids = ofMode(mode);
    if (!ids.length) continue;
    const rows = await sql<{ post_id: number; total: number; readed: number }>`
      select audience.post_id, count(*) as total, count(r.driver_id) as readed
      from (${audiencePairs(mode, ids)}) audience
      left join news_post_reads r on r.post_id = audience.post_id and r.driver_id = audience.driver_id
      group by audience.post_id`.execute(db);
    for (const r of rows.rows) out.set(r.post_id, { readedCount: Number(r.readed), totalReadersCount: Number(r.total) });
  }
  return out;
}
