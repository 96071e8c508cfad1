import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expectRefused, suiteTestApp, ADMIN, MANAGER, RESTAURANT, DRIVER } from '../helpers/testApp';
import { fields } from '../helpers/multipart';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { ADDRESSEE, DRIVER_STATUS, POST_PINNED, POST_STATUS } from '../../domain/statuses';
import { NEWS_MSG, type DriverNewsPostView, type NewsPostView } from '../../domain/validation/newsFeed';
import { REPLY_MSG, type NewsReply } from '../../domain/validation/reply';
import { IMAGE_MSG } from '../../domain/validation/image';

const PRIYA = 'priya.shah@demo.test'; // two Manchester areas, narrowed to three restaurants

const feed = new RecordingBroadcaster();
const t = suiteTestApp({ broadcaster: feed });

const call = t.call;
const send = t.send;

const list = async (who = ADMIN) => (await call('GET', '/api/newsFeed', who)).json() as NewsPostView[];
const driverList = async (who = DRIVER) => (await call('GET', '/api/driver-app/newsFeed', who)).json() as DriverNewsPostView[];
const idOf = async (name: string, table: 'areas' | 'restaurants') =>
  (await t.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const driverId = async (email: string) => (await t.db.selectFrom('drivers').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const postNamed = async (title: string) => (await list()).find((p) => p.postTitle === title)!;
const png = (width = 640, height = 360) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
const valid = (extra: Record<string, unknown> = {}) => ({ postTitle: 'Rota change', postContent: '<p>New rota from Monday.</p>', ...extra });
const imagePath = (file: string) => path.join(t.config.dataDir, 'images', file);

/**
 * The drivers a post addresses, worked out here from the raw tables (not with the server's SQL): all = active
 * drivers; areas = active drivers working in one of them; restaurants = active drivers linked to one of them or
 * working in its area; drivers = the named drivers.
 */
async function audience(postId: number): Promise<Set<number>> {
  const post = await t.db.selectFrom('news_posts').select('addressee').where('id', '=', postId).executeTakeFirstOrThrow();
  const drivers = await t.db.selectFrom('drivers').select(['id', 'status']).execute();
  const active = new Set(drivers.filter((d) => d.status === DRIVER_STATUS.active).map((d) => d.id));
  const worksIn = await t.db.selectFrom('driver_areas').selectAll().execute();
  const linked = await t.db.selectFrom('driver_restaurants').select(['driver_id', 'restaurant_id']).execute();
  const restaurants = await t.db.selectFrom('restaurants').select(['id', 'area_id']).execute();
  if (post.addressee === ADDRESSEE.all) return active;
  if (post.addressee === ADDRESSEE.drivers) {
    return new Set((await t.db.selectFrom('news_post_drivers').select('driver_id').where('post_id', '=', postId).execute()).map((r) => r.driver_id));
  }
  if (post.addressee === ADDRESSEE.areas) {
    const areas = new Set((await t.db.selectFrom('news_post_areas').select('area_id').where('post_id', '=', postId).execute()).map((r) => r.area_id));
    return new Set(worksIn.filter((w) => areas.has(w.area_id) && active.has(w.driver_id)).map((w) => w.driver_id));
  }
  const chosen = new Set((await t.db.selectFrom('news_post_restaurants').select('restaurant_id').where('post_id', '=', postId).execute()).map((r) => r.restaurant_id));
  const areas = new Set(restaurants.filter((r) => chosen.has(r.id)).map((r) => r.area_id));
  const ids = [
    ...linked.filter((l) => chosen.has(l.restaurant_id)).map((l) => l.driver_id),
    ...worksIn.filter((w) => areas.has(w.area_id)).map((w) => w.driver_id),
  ];
  return new Set(ids.filter((id) => active.has(id)));
}

async function expectedCounts(postId: number) {
  const who = await audience(postId);
  const reads = await t.db.selectFrom('news_post_reads').select('driver_id').where('post_id', '=', postId).execute();
  return { readedCount: reads.filter((r) => who.has(r.driver_id)).length, totalReadersCount: who.size };
}

describe('GET /api/newsFeed', () => {
  it('lists every post for an administrator, pinned first then newest, with authors, targets, replies and read counts', async () => {
    const res = await call('GET', '/api/newsFeed', ADMIN);
    expect(res.statusCode).toBe(200);
    const posts = res.json() as NewsPostView[];
    const stored = await t.db.selectFrom('news_posts').select(['id', 'pinned', 'updated_at']).execute();
    expect(posts).toHaveLength(stored.length);
    const order = [...stored].sort((a, b) => a.pinned - b.pinned || b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
    expect(posts.map((p) => p.id)).toEqual(order.map((p) => p.id));
    expect(posts[0]).toMatchObject({ postTitle: 'Welcome to the driver news feed', pinned: POST_PINNED.yes, news_author: 'Alice Admin' });

    const winter = posts.find((p) => p.postTitle === 'Winter driving: stay safe on icy roads')!;
    expect(winter).toMatchObject({
      status: POST_STATUS.show, important: 10, addressee: ADDRESSEE.all, img: null, can_manage: true,
      for_areas: 20, for_restaurants: 20, for_drivers: 20,
      news_feed_areas: [], news_feed_restaurants: [], news_feed_drivers: [],
    });
    expect(winter.postContent).toContain('<li>Check your tyres and lights before every shift.</li>');
    expect(winter.replies.map((r) => [r.reply_content, r.author_kind])).toEqual([
      ['Can we get hi-vis jackets from the office?', 'driver'],
      ['Roads in Salford were terrible last night, thanks for the reminder.', 'driver'],
      ['Yes, hi-vis jackets are at the office from Monday, just ask at reception.', 'user'],
    ]);
    expect(winter.replies[2]).toMatchObject({ new_id: winter.id, reply_author: 'Alice Admin' });
    expect(winter.creationDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const camden = posts.find((p) => p.postTitle.startsWith('Camden and Islington'))!;
    expect(camden).toMatchObject({ addressee: ADDRESSEE.areas, for_areas: 10 });
    expect(camden.news_feed_areas.map((a) => a.name)).toEqual(['Camden', 'Islington']);
    const pizza = posts.find((p) => p.postTitle.startsWith('Pizza Palace'))!;
    expect(pizza.news_feed_restaurants.map((r) => r.name)).toEqual(['Pizza Palace Camden', 'Pizza Palace Hackney', 'Pizza Palace Islington']);
    const reminder = posts.find((p) => p.addressee === ADDRESSEE.drivers)!;
    expect(reminder.news_feed_drivers.length).toBeGreaterThan(0);
    expect(reminder.news_feed_drivers.some((d) => d.full_name === 'Dan Driver')).toBe(true);
  });

  it('counts reads among the drivers each post addresses, for every addressee mode', async () => {
    const posts = await list();
    for (const mode of [ADDRESSEE.all, ADDRESSEE.areas, ADDRESSEE.restaurants, ADDRESSEE.drivers]) {
      const ofMode = posts.filter((p) => p.addressee === mode);
      expect(ofMode.length).toBeGreaterThan(0);
      for (const post of ofMode) {
        const expected = await expectedCounts(post.id);
        expect({ id: post.id, readedCount: post.readedCount, totalReadersCount: post.totalReadersCount }).toEqual({ id: post.id, ...expected });
      }
    }
    expect(posts.some((p) => p.readedCount > 0)).toBe(true);
  });

  it('leaves out a read by a driver the post no longer addresses', async () => {
    const post = await postNamed('Camden and Islington: parking around Upper Street');
    const outsider = await t.db
      .selectFrom('drivers')
      .select('id')
      .where('status', '=', DRIVER_STATUS.active)
      .where('id', 'not in', [...(await audience(post.id))])
      .executeTakeFirstOrThrow();
    await t.db.insertInto('news_post_reads').values({ post_id: post.id, driver_id: outsider.id }).execute();
    const after = await postNamed(post.postTitle);
    expect(after.readedCount).toBe(post.readedCount);
    await t.db.deleteFrom('news_post_reads').where('post_id', '=', post.id).where('driver_id', '=', outsider.id).execute();
  });

  it('pages when asked: { data, total } with the page of the same order', async () => {
    const all = await list();
    const res = await call('GET', '/api/newsFeed?page=2&perPage=4', ADMIN);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { data: NewsPostView[]; total: number };
    expect(page.total).toBe(all.length);
    expect(page.data.map((p) => p.id)).toEqual(all.slice(4, 8).map((p) => p.id));
    const bad = await call('GET', '/api/newsFeed?page=0&perPage=15', ADMIN);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ page: [NEWS_MSG.paging] });
    expect((await call('GET', '/api/newsFeed?page=1&perPage=5000', ADMIN)).statusCode).toBe(400);
  });

  it('gives a manager the posts that reach their drivers, and lets them change only those wholly in their scope', async () => {
    const posts = await list(MANAGER);
    const titles = posts.map((p) => p.postTitle);
    expect(titles).toContain('Winter driving: stay safe on icy roads'); // to all drivers
    expect(titles).toContain('Camden and Islington: parking around Upper Street'); // their areas
    expect(titles).toContain('Pizza Palace: new thermal bags at the counter'); // two of the three restaurants are theirs
    expect(titles).not.toContain('Manchester: Christmas market road closures');
    expect(titles).not.toContain('Golden Wok: collection from the back door');

    const manage = Object.fromEntries(posts.map((p) => [p.postTitle, p.can_manage]));
    expect(manage['Winter driving: stay safe on icy roads']).toBe(false);
    expect(manage['Camden and Islington: parking around Upper Street']).toBe(true);
    expect(manage['Pizza Palace: new thermal bags at the counter']).toBe(false); // Hackney is not theirs

    // Priya manages only three Manchester restaurants: Golden Wok Birmingham makes that post not hers to change.
    const priya = await list(PRIYA);
    expect(priya.map((p) => p.postTitle)).toContain('Golden Wok: collection from the back door');
    expect(priya.find((p) => p.postTitle.startsWith('Golden Wok'))!.can_manage).toBe(false);
    expect(priya.map((p) => p.postTitle)).not.toContain('Camden and Islington: parking around Upper Street');
  });

  it('is refused to restaurant accounts and drivers, and needs a token', async () => {
    await expectRefused(t, 'GET', '/api/newsFeed', [RESTAURANT, DRIVER]);
  });
});

describe('POST /api/newsFeed', () => {
  it('publishes a post with an image to selected areas, stores the image, answers the post and tells open screens', async () => {
    const camden = await idOf('Camden', 'areas');
    const res = await send('POST', '/api/newsFeed', ADMIN, [
      ...fields(valid({ postTitle: '  Camden roadworks  ', areas: [camden], important: '10' })),
      { name: 'file', file: await png(), filename: 'roadworks.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(201);
    const post = res.json() as NewsPostView;
    expect(post).toMatchObject({
      postTitle: 'Camden roadworks',
      postContent: '<p>New rota from Monday.</p>',
      status: POST_STATUS.show,
      pinned: POST_PINNED.no,
      important: 10,
      addressee: ADDRESSEE.areas,
      for_areas: 10,
      news_feed_areas: [{ area_id: camden, name: 'Camden' }],
      news_author: 'Alice Admin',
      readedCount: 0,
      replies: [],
      can_manage: true,
    });
    expect(post.totalReadersCount).toBe((await audience(post.id)).size);
    expect(post.totalReadersCount).toBeGreaterThan(0);
    expect(post.img).toMatch(/^[0-9a-f]{24}\.png$/);
    expect(fs.existsSync(imagePath(post.img!))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: `/images/${post.img}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    expect(feed.messages).toHaveLength(1);
    expect(feed.messages[0]).toMatchObject({ channel: 'news_feed_channel', event: 'store', items: [{ id: post.id, postTitle: 'Camden roadworks' }] });
    expect(feed.messages[0].items[0]).not.toHaveProperty('can_manage');
    expect((await list())[0].pinned === POST_PINNED.yes ? (await list())[1].id : (await list())[0].id).toBe(post.id);
  });

  it('reads the addressee from the one list sent, as the spec client sends it; no list means all drivers', async () => {
    const pizza = await idOf('Pizza Palace Camden', 'restaurants');
    const toRestaurant = (await send('POST', '/api/newsFeed', ADMIN, fields(valid({ restaurants: [pizza] })))).json() as NewsPostView;
    expect(toRestaurant).toMatchObject({ addressee: ADDRESSEE.restaurants, for_restaurants: 10, news_feed_restaurants: [{ restaurant_id: pizza }] });
    expect(toRestaurant.totalReadersCount).toBe((await audience(toRestaurant.id)).size);

    const dan = await driverId(DRIVER);
    const toDriver = (await send('POST', '/api/newsFeed', ADMIN, fields(valid({ drivers: [dan], important: '20' })))).json() as NewsPostView;
    expect(toDriver).toMatchObject({ addressee: ADDRESSEE.drivers, important: 20, totalReadersCount: 1, news_feed_drivers: [{ driver_id: dan, full_name: 'Dan Driver' }] });

    const toAll = (await send('POST', '/api/newsFeed', ADMIN, fields(valid()))).json() as NewsPostView;
    expect(toAll).toMatchObject({ addressee: ADDRESSEE.all, important: 20, img: null });
    expect(toAll.totalReadersCount).toBe((await audience(toAll.id)).size);

    // A JSON body (no image) is read the same way.
    const json = await call('POST', '/api/newsFeed', ADMIN, valid({ addressee: 40, drivers: [dan] }));
    expect(json.statusCode).toBe(201);
    expect(json.json()).toMatchObject({ addressee: ADDRESSEE.drivers });
  });

  it('sanitises the content: no script, event attribute or javascript: address comes back, formatting stays', async () => {
    const content = [
      '<p>Hello <strong>drivers</strong> <em>and</em> <a href="https://example.test/rota" onclick="steal()">rota</a></p>',
      '<script>alert("x")</script>',
      '<img src="/images/abc.png" onerror="alert(1)">',
      '<a href="javascript:alert(2)">click</a>',
      '<p style="text-align: center; position: fixed">centred</p>',
      '<iframe src="https://evil.test"></iframe><SCRIPT>document.cookie</SCRIPT>',
      '<svg onload="alert(3)"><circle /></svg>',
    ].join('');
    const res = await send('POST', '/api/newsFeed', ADMIN, fields(valid({ postTitle: 'Safe <script>alert(1)</script><b>rota</b>', postContent: content })));
    expect(res.statusCode).toBe(201);
    const post = res.json() as NewsPostView;
    const stored = (await t.db.selectFrom('news_posts').select(['post_content', 'post_title']).where('id', '=', post.id).executeTakeFirstOrThrow());
    for (const html of [post.postContent, stored.post_content, (await postNamed(post.postTitle)).postContent]) {
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/onerror|onclick|onload/i);
      expect(html).not.toMatch(/javascript:/i);
      expect(html).not.toMatch(/iframe|svg|position/i);
      expect(html).toContain('<strong>drivers</strong>');
      expect(html).toContain('<a href="https://example.test/rota" target="_blank" rel="noopener noreferrer nofollow">rota</a>');
      expect(html).toContain('<p style="text-align:center">centred</p>');
    }
    expect(post.postTitle).toBe('Safe rota');
    expect(stored.post_title).toBe('Safe rota');
    expect(JSON.stringify(feed.messages)).not.toMatch(/<script|onerror/i);
  });

  it("refuses pictures from other sites in the content, so opening a post tells no third party who reads it", async () => {
    const before = await t.db.selectFrom('news_posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const src of ['https://tracker.example/pixel.gif', '//tracker.example/p.gif', 'http://127.0.0.1:9/x.png', '/images/../etc/passwd']) {
      const res = await send('POST', '/api/newsFeed', ADMIN, fields(valid({ postContent: `<p>Hi</p><img src="${src}">` })));
      expect(res.statusCode, src).toBe(400);
      expect(res.json()).toEqual({ postContent: [NEWS_MSG.externalImage] });
    }
    const after = await t.db.selectFrom('news_posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const own = await send('POST', '/api/newsFeed', ADMIN, fields(valid({ postContent: '<p>Map</p><img src="/images/0123abcd.png" alt="map">' })));
    expect(own.statusCode).toBe(201);
  });

  it('answers each message of the spec on its field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ postTitle: '' }, 'postTitle', NEWS_MSG.titleRequired],
      [{ postTitle: '   ' }, 'postTitle', NEWS_MSG.titleRequired],
      [{ postTitle: '<b></b>' }, 'postTitle', NEWS_MSG.titleRequired],
      [{ postTitle: 'x'.repeat(256) }, 'postTitle', NEWS_MSG.titleTooLong],
      [{ postContent: '' }, 'postContent', NEWS_MSG.contentRequired],
      [{ postContent: '<p></p>' }, 'postContent', NEWS_MSG.contentRequired],
      [{ postContent: '<p>&nbsp; <br></p>' }, 'postContent', NEWS_MSG.contentRequired],
      [{ postContent: '<script>alert(1)</script>' }, 'postContent', NEWS_MSG.contentRequired],
      [{ addressee: '20' }, 'areas', NEWS_MSG.areaRequired],
      [{ addressee: '30' }, 'restaurants', NEWS_MSG.restaurantRequired],
      [{ addressee: '40', drivers: [] }, 'drivers', NEWS_MSG.driverRequired],
      [{ addressee: '50' }, 'addressee', NEWS_MSG.addressee],
      [{ areas: [1], restaurants: [1] }, 'restaurants', NEWS_MSG.oneAddressee],
      [{ addressee: '20', areas: [1], drivers: [1] }, 'drivers', NEWS_MSG.oneAddressee],
      [{ areas: 'camden' }, 'areas', NEWS_MSG.idList],
      [{ areas: [999999] }, 'areas', NEWS_MSG.unknownAreas],
      [{ restaurants: [999999] }, 'restaurants', NEWS_MSG.unknownRestaurants],
      [{ drivers: [999999] }, 'drivers', NEWS_MSG.unknownDrivers],
      [{ important: 'maybe' }, 'important', NEWS_MSG.important],
    ];
    const before = await t.db.selectFrom('news_posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [extra, field, message] of cases) {
      const res = await send('POST', '/api/newsFeed', ADMIN, fields(valid(extra)));
      expect({ extra, status: res.statusCode, body: res.json() }).toEqual({ extra, status: 400, body: { [field]: [message] } });
    }
    const missing = await send('POST', '/api/newsFeed', ADMIN, [{ name: 'postContent', value: '<p>x</p>' }]);
    expect(missing.json()).toEqual({ postTitle: [NEWS_MSG.titleRequired] });
    const after = await t.db.selectFrom('news_posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(feed.messages).toEqual([]);
  });

  it('checks the image on its bytes and size, and keeps no file of a refused post', async () => {
    const before = fs.readdirSync(path.join(t.config.dataDir, 'images')).filter((f) => f !== 'thumb');
    const fake = await send('POST', '/api/newsFeed', ADMIN, [
      ...fields(valid()),
      { name: 'file', file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), filename: 'photo.png', type: 'image/png' },
    ]);
    expect(fake.statusCode).toBe(402);
    expect(fake.json()).toEqual({ message: IMAGE_MSG.unsupported, file: [IMAGE_MSG.unsupported] });

    const huge = await send('POST', '/api/newsFeed', ADMIN, [
      ...fields(valid()),
      { name: 'file', file: Buffer.alloc(10_000_001, 1), filename: 'big.bmp', type: 'image/bmp' },
    ]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ file: [IMAGE_MSG.tooLarge] });

    // A valid image with a refused field: nothing is stored.
    const refused = await send('POST', '/api/newsFeed', ADMIN, [
      ...fields(valid({ areas: [999999] })),
      { name: 'file', file: await png(), filename: 'ok.png', type: 'image/png' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'images')).filter((f) => f !== 'thumb')).toEqual(before);
  });

  it('lets a manager address only their own areas, restaurants and drivers', async () => {
    const camden = await idOf('Camden', 'areas');
    const salford = await idOf('Salford', 'areas');
    const pizzaCamden = await idOf('Pizza Palace Camden', 'restaurants');
    const pizzaHackney = await idOf('Pizza Palace Hackney', 'restaurants');

    const all = await send('POST', '/api/newsFeed', MANAGER, fields(valid()));
    expect(all.statusCode).toBe(403);
    expect(all.json()).toEqual({ message: NEWS_MSG.allIsForAdministrators });
    for (const extra of [{ areas: [camden, salford] }, { restaurants: [pizzaCamden, pizzaHackney] }]) {
      const res = await send('POST', '/api/newsFeed', MANAGER, fields(valid(extra)));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: NEWS_MSG.outOfScope });
    }
    const manchesterDriver = await t.db
      .selectFrom('drivers').innerJoin('driver_areas', 'driver_areas.driver_id', 'drivers.id')
      .select('drivers.id').where('driver_areas.area_id', '=', salford).executeTakeFirstOrThrow();
    const farDriver = await send('POST', '/api/newsFeed', MANAGER, fields(valid({ drivers: [manchesterDriver.id] })));
    expect(farDriver.statusCode).toBe(403);

    const ok = await send('POST', '/api/newsFeed', MANAGER, fields(valid({ postTitle: 'Camden only', areas: [camden] })));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ news_author: 'Mark Manager', can_manage: true, addressee: ADDRESSEE.areas });
    const ownDriver = await send('POST', '/api/newsFeed', MANAGER, fields(valid({ drivers: [await driverId(DRIVER)] })));
    expect(ownDriver.statusCode).toBe(201);
    const ownRestaurant = await send('POST', '/api/newsFeed', MANAGER, fields(valid({ restaurants: [pizzaCamden] })));
    expect(ownRestaurant.statusCode).toBe(201);
  });

  it('is refused to restaurant accounts and drivers', async () => {
    expect((await send('POST', '/api/newsFeed', RESTAURANT, fields(valid()))).statusCode).toBe(403);
    expect((await send('POST', '/api/newsFeed', DRIVER, fields(valid()))).statusCode).toBe(403);
  });
});

describe('POST /api/newsFeed/{id} (_method PATCH)', () => {
  async function create(who = ADMIN, extra: Record<string, unknown> = {}, image = false) {
    const parts = [...fields(valid(extra))];
    if (image) parts.push({ name: 'file', file: await png(), filename: 'a.png', type: 'image/png' });
    const res = await send('POST', '/api/newsFeed', who, parts);
    expect(res.statusCode).toBe(201);
    feed.messages = [];
    return res.json() as NewsPostView;
  }

  it('saves every field, replaces the targets, moves the post up and tells open screens', async () => {
    const post = await create(ADMIN, { areas: [await idOf('Camden', 'areas')] });
    await t.db.updateTable('news_posts').set({ updated_at: '2020-01-01T00:00:00Z' }).where('id', '=', post.id).execute();
    const pizza = await idOf('Pizza Palace Islington', 'restaurants');
    const res = await send('POST', `/api/newsFeed/${post.id}`, ADMIN, fields({
      _method: 'PATCH', id: String(post.id), postTitle: 'Rota change (updated)', postContent: '<p>Now from Tuesday.</p>', restaurants: [pizza], important: '10',
    }));
    expect(res.statusCode).toBe(200);
    const edited = res.json() as NewsPostView;
    expect(edited).toMatchObject({
      id: post.id, postTitle: 'Rota change (updated)', postContent: '<p>Now from Tuesday.</p>', important: 10,
      addressee: ADDRESSEE.restaurants, news_feed_areas: [], news_feed_restaurants: [{ restaurant_id: pizza, name: 'Pizza Palace Islington' }],
    });
    expect(edited.updated_at > '2020-01-01').toBe(true);
    expect(await t.db.selectFrom('news_post_areas').select('area_id').where('post_id', '=', post.id).execute()).toEqual([]);
    expect(feed.messages).toEqual([{ channel: 'news_feed_channel', event: 'update', items: [expect.objectContaining({ id: post.id, postTitle: 'Rota change (updated)' })], reach: expect.any(Object) }]);
  });

  it('replaces the image (the old file goes), keeps it when none is sent, and removes it when asked', async () => {
    const post = await create(ADMIN, {}, true);
    const kept = (await send('POST', `/api/newsFeed/${post.id}`, ADMIN, fields({ _method: 'PATCH', ...valid() }))).json() as NewsPostView;
    expect(kept.img).toBe(post.img);

    const replaced = (await send('POST', `/api/newsFeed/${post.id}`, ADMIN, [
      ...fields({ _method: 'PATCH', ...valid() }),
      { name: 'file', file: await png(320, 200), filename: 'b.png', type: 'image/png' },
    ])).json() as NewsPostView;
    expect(replaced.img).not.toBe(post.img);
    expect(fs.existsSync(imagePath(post.img!))).toBe(false);
    expect(fs.existsSync(path.join(t.config.dataDir, 'images', 'thumb', post.img!))).toBe(false);
    expect(fs.existsSync(imagePath(replaced.img!))).toBe(true);

    const removed = (await send('POST', `/api/newsFeed/${post.id}`, ADMIN, fields({ _method: 'PATCH', ...valid(), remove_img: '1' }))).json() as NewsPostView;
    expect(removed.img).toBeNull();
    expect(fs.existsSync(imagePath(replaced.img!))).toBe(false);
  });

  it('answers the same messages as create, a mismatched id, and 404 for an unknown post; PATCH works too', async () => {
    const post = await create();
    const blank = await send('POST', `/api/newsFeed/${post.id}`, ADMIN, fields({ _method: 'PATCH', ...valid({ postContent: '<p> </p>' }) }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ postContent: [NEWS_MSG.contentRequired] });
    const noDriver = await send('POST', `/api/newsFeed/${post.id}`, ADMIN, fields({ _method: 'PATCH', ...valid({ addressee: 40 }) }));
    expect(noDriver.json()).toEqual({ drivers: [NEWS_MSG.driverRequired] });
    const mismatch = await send('POST', `/api/newsFeed/${post.id}`, ADMIN, fields({ _method: 'PATCH', id: String(post.id + 1), ...valid() }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ id: [NEWS_MSG.idMismatch] });
    const unknown = await send('POST', '/api/newsFeed/999999', ADMIN, fields({ _method: 'PATCH', ...valid() }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: NEWS_MSG.notFound });
    const patched = await send('PATCH', `/api/newsFeed/${post.id}`, ADMIN, fields(valid({ postTitle: 'Patched' })));
    expect(patched.json()).toMatchObject({ postTitle: 'Patched' });
  });

  it("refuses a manager a post beyond their scope, and moving their own post out of it", async () => {
    const winter = await postNamed('Winter driving: stay safe on icy roads');
    const res = await send('POST', `/api/newsFeed/${winter.id}`, MANAGER, fields({ _method: 'PATCH', ...valid() }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: NEWS_MSG.cannotManage });
    const manchester = await postNamed('Manchester: Christmas market road closures');
    expect((await send('POST', `/api/newsFeed/${manchester.id}`, MANAGER, fields({ _method: 'PATCH', ...valid() }))).statusCode).toBe(404);

    const own = await create(MANAGER, { areas: [await idOf('Islington', 'areas')] });
    const away = await send('POST', `/api/newsFeed/${own.id}`, MANAGER, fields({ _method: 'PATCH', ...valid({ areas: [await idOf('Hackney', 'areas')] }) }));
    expect(away.statusCode).toBe(403);
    expect(away.json()).toEqual({ message: NEWS_MSG.outOfScope });
    const fine = await send('POST', `/api/newsFeed/${own.id}`, MANAGER, fields({ _method: 'PATCH', ...valid({ postTitle: 'Islington update', areas: [await idOf('Islington', 'areas')] }) }));
    expect(fine.statusCode).toBe(200);
    expect(feed.messages.map((m) => m.event)).toEqual(['update']);
  });
});

describe('DELETE /api/newsFeed/{id}', () => {
  it('removes the post with its image, reads and replies, and tells open screens', async () => {
    const created = (await send('POST', '/api/newsFeed', ADMIN, [
      ...fields(valid({ postTitle: 'To remove' })),
      { name: 'file', file: await png(), filename: 'a.png', type: 'image/png' },
    ])).json() as NewsPostView;
    await call('POST', '/api/reply', ADMIN, { reply_content: 'Noted', new_id: created.id });
    feed.messages = [];
    const res = await call('DELETE', `/api/newsFeed/${created.id}`, ADMIN);
    expect(res.statusCode).toBe(204);
    expect(fs.existsSync(imagePath(created.img!))).toBe(false);
    expect(await t.db.selectFrom('news_replies').select('id').where('post_id', '=', created.id).execute()).toEqual([]);
    expect((await list()).some((p) => p.id === created.id)).toBe(false);
    expect(feed.messages).toEqual([{ channel: 'news_feed_channel', event: 'destroy', items: [{ id: created.id }], reach: expect.any(Object) }]);
    const again = await call('DELETE', `/api/newsFeed/${created.id}`, ADMIN);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: NEWS_MSG.notFound });
  });

  it("refuses a manager an administrator's post to all drivers, and other roles", async () => {
    const winter = await postNamed('Winter driving: stay safe on icy roads');
    const res = await call('DELETE', `/api/newsFeed/${winter.id}`, MANAGER);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: NEWS_MSG.cannotManage });
    expect((await call('DELETE', `/api/newsFeed/${winter.id}`, RESTAURANT)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/newsFeed/${winter.id}`, DRIVER)).statusCode).toBe(403);
    expect((await postNamed(winter.postTitle)).id).toBe(winter.id);
  });
});

describe('POST /api/newsFeed/changeStatus/{id} and changePinned/{id}', () => {
  it('hides and shows a post without moving it; drivers stop and start seeing it', async () => {
    const post = await postNamed('Fuel bonus bands');
    expect((await driverList()).some((p) => p.id === post.id)).toBe(true);

    const hide = await call('POST', `/api/newsFeed/changeStatus/${post.id}`, ADMIN, { status: 20 });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ id: post.id, status: POST_STATUS.hide, updated_at: post.updated_at });
    expect(feed.messages).toEqual([{ channel: 'news_feed_channel', event: 'changeStatus', items: [expect.objectContaining({ id: post.id, status: 20 })], reach: expect.any(Object) }]);
    expect((await driverList()).some((p) => p.id === post.id)).toBe(false);

    feed.messages = [];
    const show = await call('POST', `/api/newsFeed/changeStatus/${post.id}`, ADMIN, { status: '10' });
    expect(show.json()).toMatchObject({ status: POST_STATUS.show });
    // Shown again, it reaches drivers anew: 'publish'.
    expect(feed.messages).toEqual([{ channel: 'news_feed_channel', event: 'publish', items: [expect.objectContaining({ id: post.id, status: 10 })], reach: expect.any(Object) }]);
    expect((await driverList()).some((p) => p.id === post.id)).toBe(true);

    const bad = await call('POST', `/api/newsFeed/changeStatus/${post.id}`, ADMIN, { status: 30 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: [NEWS_MSG.status] });
    expect((await call('POST', '/api/newsFeed/changeStatus/999999', ADMIN, { status: 20 })).json()).toEqual({ message: NEWS_MSG.notFound });
  });

  it('pins a post to the top and unpins it', async () => {
    const post = await postNamed('Driver app 2.4: quicker check-in');
    const pin = await call('POST', `/api/newsFeed/changePinned/${post.id}`, ADMIN, { pinned: 10 });
    expect(pin.statusCode).toBe(200);
    expect(pin.json()).toMatchObject({ pinned: POST_PINNED.yes });
    expect(feed.messages).toEqual([{ channel: 'news_feed_channel', event: 'update', items: [expect.objectContaining({ id: post.id, pinned: 10 })], reach: expect.any(Object) }]);
    const pinned = (await list()).filter((p) => p.pinned === POST_PINNED.yes);
    expect(pinned.map((p) => p.id)).toContain(post.id);
    expect((await list()).slice(0, pinned.length).every((p) => p.pinned === POST_PINNED.yes)).toBe(true);

    const unpin = await call('POST', `/api/newsFeed/changePinned/${post.id}`, ADMIN, { pinned: '20' });
    expect(unpin.json()).toMatchObject({ pinned: POST_PINNED.no });
    const bad = await call('POST', `/api/newsFeed/changePinned/${post.id}`, ADMIN, { pinned: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ pinned: [NEWS_MSG.pinned] });
  });

  it('lets a manager toggle their own posts only', async () => {
    const camden = await postNamed('Camden and Islington: parking around Upper Street');
    expect((await call('POST', `/api/newsFeed/changePinned/${camden.id}`, MANAGER, { pinned: 10 })).statusCode).toBe(200);
    expect((await call('POST', `/api/newsFeed/changePinned/${camden.id}`, MANAGER, { pinned: 20 })).statusCode).toBe(200);
    const winter = await postNamed('Winter driving: stay safe on icy roads');
    const refused = await call('POST', `/api/newsFeed/changeStatus/${winter.id}`, MANAGER, { status: 20 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: NEWS_MSG.cannotManage });
    expect((await call('POST', `/api/newsFeed/changeStatus/${winter.id}`, RESTAURANT, { status: 20 })).statusCode).toBe(403);
    expect((await call('POST', `/api/newsFeed/changePinned/${winter.id}`, DRIVER, { pinned: 10 })).statusCode).toBe(403);
  });
});

describe('POST /api/reply', () => {
  it('adds a staff reply to the post, answers it and tells open screens', async () => {
    const post = await postNamed('Fuel bonus bands');
    const res = await call('POST', '/api/reply', MANAGER, { reply_content: '  Bands are on the <b>timesheet</b> form. ', new_id: post.id });
    expect(res.statusCode).toBe(201);
    const reply = res.json() as NewsReply;
    expect(reply).toMatchObject({ new_id: post.id, reply_author: 'Mark Manager', reply_content: 'Bands are on the timesheet form.', author_kind: 'user' });
    expect(feed.messages).toEqual([{ channel: 'reply_channel', event: 'store', items: [reply], reach: expect.any(Object) }]);
    expect((await postNamed(post.postTitle)).replies.at(-1)).toEqual(reply);
  });

  it("answers 'Please enter Reply content', a missing post, and posts a manager does not see", async () => {
    const post = await postNamed('Fuel bonus bands');
    for (const content of ['', '   ', '<script>x</script>', undefined]) {
      const res = await call('POST', '/api/reply', ADMIN, { reply_content: content, new_id: post.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ reply_content: [REPLY_MSG.contentRequired] });
    }
    expect((await call('POST', '/api/reply', ADMIN, { reply_content: 'x'.repeat(2001), new_id: post.id })).json()).toEqual({ reply_content: [REPLY_MSG.contentTooLong] });
    expect((await call('POST', '/api/reply', ADMIN, { reply_content: 'Hi' })).json()).toEqual({ new_id: [REPLY_MSG.postRequired] });
    expect((await call('POST', '/api/reply', ADMIN, { reply_content: 'Hi', new_id: 999999 })).statusCode).toBe(404);
    const manchester = await postNamed('Manchester: Christmas market road closures');
    expect((await call('POST', '/api/reply', MANAGER, { reply_content: 'Hi', new_id: manchester.id })).statusCode).toBe(404);
    expect((await call('POST', '/api/reply', RESTAURANT, { reply_content: 'Hi', new_id: post.id })).statusCode).toBe(403);
    expect((await call('POST', '/api/reply', DRIVER, { reply_content: 'Hi', new_id: post.id })).statusCode).toBe(403);
    expect(feed.messages).toEqual([]);
  });
});

describe("drivers' news calls", () => {
  it('lists the shown posts addressed to the driver, with their own read state and only their own and staff replies', async () => {
    const res = await call('GET', '/api/driver-app/newsFeed', DRIVER);
    expect(res.statusCode).toBe(200);
    const mine = res.json() as DriverNewsPostView[];
    const dan = await driverId(DRIVER);
    const shown = await t.db.selectFrom('news_posts').select('id').where('status', '=', POST_STATUS.show).execute();
    const expected: number[] = [];
    for (const p of shown) if ((await audience(p.id)).has(dan)) expected.push(p.id);
    expect(mine.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(mine.map((p) => p.postTitle)).not.toContain('Summer bank holiday pay'); // hidden
    expect(mine.map((p) => p.postTitle)).not.toContain('Manchester: Christmas market road closures');
    expect(mine[0].pinned).toBe(POST_PINNED.yes);

    const reads = new Set((await t.db.selectFrom('news_post_reads').select('post_id').where('driver_id', '=', dan).execute()).map((r) => r.post_id));
    for (const p of mine) expect(p.readed).toBe(reads.has(p.id) ? 10 : 20);
    const winter = mine.find((p) => p.postTitle.startsWith('Winter driving'))!;
    expect(winter.replies.every((r) => r.author_kind === 'user' || r.reply_author === 'Dan Driver')).toBe(true);
    expect(winter.replies.map((r) => r.reply_content)).toContain('Yes, hi-vis jackets are at the office from Monday, just ask at reception.');
    expect(winter.replies.map((r) => r.reply_content)).not.toContain('Can we get hi-vis jackets from the office?');

    const page = (await call('GET', '/api/driver-app/newsFeed?page=1&perPage=2', DRIVER)).json() as { data: DriverNewsPostView[]; total: number };
    expect(page).toEqual({ data: mine.slice(0, 2), total: mine.length });
  });

  it('marks a post read: the count goes up once and open panels hear of it', async () => {
    const dan = await driverId(DRIVER);
    const unread = (await driverList()).find((p) => p.readed === 20)!;
    expect(unread).toBeDefined();
    const before = (await list()).find((p) => p.id === unread.id)!;
    const res = await call('POST', `/api/driver-app/newsFeed/markReaded/${unread.id}`, DRIVER);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: unread.id, readed: 10 });
    expect(feed.messages).toEqual([{
      channel: 'news_feed_channel', event: 'markReaded',
      items: [expect.objectContaining({ id: unread.id, readedCount: before.readedCount + 1, totalReadersCount: before.totalReadersCount })],
      reach: expect.any(Object),
    }]);
    expect((await list()).find((p) => p.id === unread.id)!.readedCount).toBe(before.readedCount + 1);
    expect((await driverList()).find((p) => p.id === unread.id)!.readed).toBe(10);

    feed.messages = [];
    await call('POST', `/api/driver-app/newsFeed/markReaded/${unread.id}`, DRIVER);
    expect(feed.messages).toEqual([]);
    expect(await t.db.selectFrom('news_post_reads').select('driver_id').where('post_id', '=', unread.id).where('driver_id', '=', dan).execute()).toHaveLength(1);
  });

  it('lets the driver reply: the panel hears of it and the office gets an alert', async () => {
    const post = (await driverList()).find((p) => p.postTitle === 'Fuel bonus bands')!;
    const res = await call('POST', '/api/driver-app/newsFeed/reply', DRIVER, { reply_content: 'Does 3 miles count as 0-3?', new_id: post.id });
    expect(res.statusCode).toBe(201);
    const reply = res.json() as NewsReply;
    expect(reply).toMatchObject({ new_id: post.id, reply_author: 'Dan Driver', author_kind: 'driver', reply_content: 'Does 3 miles count as 0-3?' });
    expect(feed.messages[0]).toEqual({ channel: 'reply_channel', event: 'store', items: [reply], reach: expect.any(Object) });
    expect(feed.messages[1]).toMatchObject({ channel: 'alert_channel', event: 'store' });
    expect(JSON.parse((feed.messages[1].items[0] as { data: string }).data).message).toBe("New reply on 'Fuel bonus bands' from Dan Driver");
    expect((await postNamed('Fuel bonus bands')).replies.at(-1)).toEqual(reply);
    expect((await driverList()).find((p) => p.id === post.id)!.replies.at(-1)).toEqual(reply);

    const blank = await call('POST', '/api/driver-app/newsFeed/reply', DRIVER, { reply_content: ' ', new_id: post.id });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ reply_content: [REPLY_MSG.contentRequired] });
  });

  it('answers 404 for posts not addressed to the driver or hidden, and refuses other accounts', async () => {
    const manchester = await postNamed('Manchester: Christmas market road closures');
    const hidden = await postNamed('Summer bank holiday pay');
    for (const id of [manchester.id, hidden.id, 999999]) {
      const read = await call('POST', `/api/driver-app/newsFeed/markReaded/${id}`, DRIVER);
      expect(read.statusCode).toBe(404);
      const reply = await call('POST', '/api/driver-app/newsFeed/reply', DRIVER, { reply_content: 'Hi', new_id: id });
      expect(reply.statusCode).toBe(404);
    }
    expect(feed.messages).toEqual([]);
    for (const who of [ADMIN, MANAGER, RESTAURANT]) {
      expect((await call('GET', '/api/driver-app/newsFeed', who)).statusCode).toBe(403);
      expect((await call('POST', `/api/driver-app/newsFeed/markReaded/${manchester.id}`, who)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/driver-app/newsFeed', null)).statusCode).toBe(401);
  });
});
