import { sql } from 'kysely';
import { openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { refreshStatistics } from '../server/db/maintenance';
import { ADDRESSEE, DRIVER_STATUS } from '../domain/statuses';
import { load, printResults } from './load';
import { benchDataDir, login, startBenchServer } from './benchServer';

/**
 * `npx tsx bench/newsFeed.ts`: the news feed at the large scale. The scale dataset has no news posts, so this adds
 * a year of them to the benchmark data directory (made by `npm run bench` first) once: POSTS posts, a third to all
 * drivers, the rest to areas, restaurants or named drivers, most read by 60 % of the drivers they address, some
 * replied to. Then it starts the server on that directory and measures the feed's calls.
 */
const POSTS = Number(process.env.BENCH_POSTS ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = benchDataDir('large');
const MARK = 'Bench post';

async function addPosts() {
  const handle = await openDatabase({ dataDir, lock: true });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    const have = await db.selectFrom('news_posts').select((eb) => eb.fn.countAll<number>().as('n')).where('post_title', 'like', `${MARK} %`).executeTakeFirstOrThrow();
    if (Number(have.n) >= POSTS) return;
    const t0 = Date.now();
    await db.transaction().execute(async (trx) => {
      const authors = (await trx.selectFrom('users').select('id').where('role', 'is not', null).execute()).map((u) => u.id);
      const areas = (await trx.selectFrom('areas').select('id').execute()).map((a) => a.id);
      const restaurants = (await trx.selectFrom('restaurants').select('id').execute()).map((r) => r.id);
      const drivers = (await trx.selectFrom('drivers').select('id').where('status', '=', DRIVER_STATUS.active).execute()).map((d) => d.id);
      const pick = <T>(list: T[], n: number) => Array.from({ length: n }, () => list[Math.floor(Math.random() * list.length)]);
      for (let i = 0; i < POSTS; i++) {
        const r = Math.random();
        const addressee = r < 0.35 ? ADDRESSEE.all : r < 0.65 ? ADDRESSEE.areas : r < 0.9 ? ADDRESSEE.restaurants : ADDRESSEE.drivers;
        const at = new Date(Date.now() - (i / POSTS) * 365 * 86_400_000).toISOString();
        const { id } = await trx
          .insertInto('news_posts')
          .values({
            post_title: `${MARK} ${i + 1}`,
            post_content: `<p>Notice number ${i + 1} for drivers: <strong>rota</strong>, pay and safety news.</p><ul><li>one</li><li>two</li></ul>`,
            addressee,
            important: Math.random() < 0.2 ? 10 : 20,
            status: Math.random() < 0.05 ? 20 : 10,
            pinned: i < 3 ? 10 : 20,
            author_id: pick(authors, 1)[0],
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (addressee === ADDRESSEE.areas) {
          await trx.insertInto('news_post_areas').values([...new Set(pick(areas, 1 + Math.floor(Math.random() * 3)))].map((area_id) => ({ post_id: id, area_id }))).execute();
        } else if (addressee === ADDRESSEE.restaurants) {
          await trx.insertInto('news_post_restaurants').values([...new Set(pick(restaurants, 1 + Math.floor(Math.random() * 3)))].map((restaurant_id) => ({ post_id: id, restaurant_id }))).execute();
        } else if (addressee === ADDRESSEE.drivers) {
          await trx.insertInto('news_post_drivers').values([...new Set(pick(drivers, 5 + Math.floor(Math.random() * 20)))].map((driver_id) => ({ post_id: id, driver_id }))).execute();
        }
      }
      // Reads: 60 % of each post's audience, in one statement per addressee mode.
      const bench = sql`p.post_title like ${MARK + ' %'}`;
      await sql`insert into news_post_reads (post_id, driver_id, read_at)
        select p.id, d.id, p.created_at + interval '1 hour' * (random() * 48) from news_posts p
        join drivers d on d.status = ${DRIVER_STATUS.active} where ${bench} and p.addressee = ${ADDRESSEE.all} and random() < 0.6`.execute(trx);
      await sql`insert into news_post_reads (post_id, driver_id, read_at)
        select distinct on (p.id, da.driver_id) p.id, da.driver_id, p.created_at + interval '1 hour' from news_posts p
        join news_post_areas pa on pa.post_id = p.id join driver_areas da on da.area_id = pa.area_id
        join drivers d on d.id = da.driver_id and d.status = ${DRIVER_STATUS.active}
        where ${bench} and random() < 0.6 on conflict do nothing`.execute(trx);
      await sql`insert into news_post_reads (post_id, driver_id, read_at)
        select distinct on (p.id, da.driver_id) p.id, da.driver_id, p.created_at + interval '1 hour' from news_posts p
        join news_post_restaurants pr on pr.post_id = p.id join restaurants r on r.id = pr.restaurant_id
        join driver_areas da on da.area_id = r.area_id join drivers d on d.id = da.driver_id and d.status = ${DRIVER_STATUS.active}
        where ${bench} and random() < 0.6 on conflict do nothing`.execute(trx);
      await sql`insert into news_post_reads (post_id, driver_id, read_at)
        select p.id, pd.driver_id, p.created_at + interval '1 hour' from news_posts p
        join news_post_drivers pd on pd.post_id = p.id where ${bench} and random() < 0.6 on conflict do nothing`.execute(trx);
      await sql`insert into news_replies (post_id, reply_content, author_driver_id, created_at)
        select r.post_id, 'Thanks, noted.', r.driver_id, r.read_at from news_post_reads r
        join news_posts p on p.id = r.post_id where ${bench} and random() < 0.004`.execute(trx);
    });
    await refreshStatistics(db);
    const [reads, replies] = await Promise.all([
      db.selectFrom('news_post_reads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      db.selectFrom('news_replies').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    console.log(`Added ${POSTS} posts in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${reads.n} reads and ${replies.n} replies in all`);
  } finally {
    await handle.close();
  }
}

async function main() {
  await addPosts();
  const { url, stop } = await startBenchServer('large');
  try {
    const admin = await login(url, '/api/auth/login', 'admin@demo.test');
    const manager = await login(url, '/api/auth/login', 'manager@demo.test');
    const driver = await login(url, '/api/auth/login/driver', 'driver@demo.test');
    const total = (await (await fetch(`${url}/api/newsFeed?page=1&perPage=1`, { headers: admin })).json()).total;
    console.log(`Feed of ${total} posts`);
    const get = (path: string, headers: Record<string, string>) => () => fetch(`${url}${path}`, { headers });
    const once = { concurrency: 1, seconds };
    printResults([
      await load('GET /api/newsFeed?page=1&perPage=15 (administrator)', get('/api/newsFeed?page=1&perPage=15', admin), once),
      await load('GET /api/newsFeed?page=20&perPage=15 (administrator)', get('/api/newsFeed?page=20&perPage=15', admin), once),
      await load('GET /api/newsFeed?page=1&perPage=15 (manager)', get('/api/newsFeed?page=1&perPage=15', manager), once),
      await load('GET /api/newsFeed?page=1&perPage=100', get('/api/newsFeed?page=1&perPage=100', admin), once),
      await load('GET /api/newsFeed?page=1&perPage=1000', get('/api/newsFeed?page=1&perPage=1000', admin), once),
      await load('GET /api/newsFeed (every post, unpaged)', get('/api/newsFeed', admin), once),
      await load('GET /api/driver-app/newsFeed (driver)', get('/api/driver-app/newsFeed', driver), once),
      await load('GET /api/newsFeed?page=1&perPage=15, 4 at once', get('/api/newsFeed?page=1&perPage=15', admin), { concurrency: 4, seconds }),
    ]);
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
