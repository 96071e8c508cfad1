import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import Echo from 'laravel-echo';
import { sql } from 'kysely';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { buildApp } from '../../server/app';
import { issueToken } from '../../server/auth/tokens';
import { loadConfig, type AppConfig } from '../../server/config';
import { resolveSecrets } from '../../server/secrets';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection';
import authPlugin from '../../server/plugins/auth';
import realtimePlugin from '../../server/plugins/realtime';
import { LocalBroadcaster } from '../../server/realtime/localBroadcaster';
import { createPostgresBroadcaster } from '../../server/realtime/postgresBroadcaster';
import type { FeedMessage } from '../../server/realtime/broadcaster';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { runSql, scratchDatabase } from '../helpers/scratchDatabase';
import { sleep, until } from '../helpers/waiting';
import { declareRouteSchemas } from '../../server/routeSchema';
import { raiseAlert } from '../../server/services/alerts';

/**
 * The live feed as the browser sees it: the real pusher-js client and laravel-echo against the server
 * listening on a port, and raw WebSocket frames for what the client libraries hide.
 */

type Frame = { event: string; channel?: string; data?: unknown };

/** A raw WebSocket that keeps every frame it receives, so a test can wait for the one it expects. */
class RawClient {
  readonly frames: Frame[] = [];
  readonly raw: string[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.raw.push(data.toString());
      this.frames.push(JSON.parse(data.toString()));
      this.waiters.forEach((wake) => wake());
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static async open(port: number, key: string): Promise<RawClient> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.4.0`);
    const client = new RawClient(ws);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return client;
  }

  send(event: string, data: unknown, channel?: string) {
    this.ws.send(JSON.stringify({ event, data, ...(channel ? { channel } : {}) }));
  }

  /** The first frame (in arrival order) with this event name, waiting for it if need be. */
  async next(event: string, timeoutMs = 5_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find((f) => f.event === event);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${event} frame; got ${this.raw.join(' ')}`);
      await new Promise<void>((wake) => {
        this.waiters.push(wake);
        setTimeout(wake, 50);
      });
    }
  }

  async socketId(): Promise<string> {
    const established = await this.next('pusher:connection_established');
    return JSON.parse(established.data as string).socket_id;
  }
}

/** The subscription signature, over the channel data (the listener's audience) when there is one. */
function sign(secret: string, socketId: string, channel: string, channelData?: string): string {
  const signed = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return crypto.createHmac('sha256', secret).update(signed).digest('hex');
}

/** Channel data as /broadcasting/auth signs it for an administrator. */
const ALL = JSON.stringify({ audience: { kind: 'administrator' }, account: { kind: 'user', id: 1 }, tokenId: 1 });

/** The test server's socket as pusher-js (directly or through Echo) is told to reach it. */
const socketOf = (port: number) => ({
  cluster: '',
  wsHost: '127.0.0.1',
  wsPort: port,
  forceTLS: false,
  enabledTransports: ['ws' as const],
  disableStats: true,
});

function pusherClient(port: number, key: string, token: string): Pusher {
  return new Pusher(key, {
    ...socketOf(port),
    channelAuthorization: {
      endpoint: `http://127.0.0.1:${port}/broadcasting/auth`,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${token}` },
    },
  });
}

/** Subscribes the way providers/realtime.ts does; resolves with the messages once subscribed, rejects on refusal. */
function listen(echo: Echo<'pusher'>): Promise<unknown[]> {
  const received: unknown[] = [];
  return new Promise((resolve, reject) => {
    echo
      .private('panelmessages')
      .listen('.message', (payload: unknown) => received.push(payload))
      .subscribed(() => resolve(received))
      .error((error: unknown) => reject(error));
  });
}

const alert: FeedMessage = { channel: 'alert_channel', event: 'store', items: [{ id: 1, status: 10, data: '{"message":"hi"}' }] };

describe('live feed on one instance', () => {
  let t: TestApp;
  let port: number;
  let key: string;
  let secret: string;
  const echos: Echo<'pusher'>[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    ({ pusherAppKey: key, pusherAppSecret: secret } = t.config);
  });
  afterEach(() => {
    echos.splice(0).forEach((echo) => echo.disconnect());
  });
  afterAll(() => t.close());

  it("delivers a published message to an administrator's Echo client in the spec's envelope", async () => {
    const echo = new Echo({ broadcaster: 'pusher', client: pusherClient(port, key, await t.tokenFor('admin@demo.test')) });
    echos.push(echo);
    const received = await listen(echo);

    await t.app.broadcaster.publish(alert);
    await until(() => received.length > 0);
    expect(received).toEqual([{ success: true, data: alert }]);
  });

  it('works configured as the front end configures it (Echo builds pusher-js, authEndpoint and auth headers)', async () => {
    const token = await t.tokenFor('manager@demo.test');
    const echo = new Echo({
      broadcaster: 'pusher',
      key,
      ...socketOf(port),
      authEndpoint: `http://127.0.0.1:${port}/broadcasting/auth`,
      auth: { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' } },
      withoutInterceptors: true,
      Pusher,
    });
    echos.push(echo);
    const received = await listen(echo);
    const news: FeedMessage = { channel: 'news_feed_channel', event: 'update', items: [{ id: 7, title: 'Rota' }] };
    await t.app.broadcaster.publish({ ...news, reach: { everyone: true } });
    await until(() => received.length > 0);
    // The reach decides who hears it and stays on the server.
    expect(received).toEqual([{ success: true, data: news }]);
  });

  it('refuses a client without a valid token, which then hears nothing', async () => {
    const intruder = new Echo({ broadcaster: 'pusher', client: pusherClient(port, key, 'not-a-token') });
    const admin = new Echo({ broadcaster: 'pusher', client: pusherClient(port, key, await t.tokenFor('admin@demo.test')) });
    echos.push(intruder, admin);
    const heardByIntruder: unknown[] = [];
    intruder.private('panelmessages').listen('.message', (payload: unknown) => heardByIntruder.push(payload));
    await expect(listen(intruder)).rejects.toMatchObject({ type: 'AuthError', status: 401 });
    const heardByAdmin = await listen(admin);

    await t.app.broadcaster.publish(alert);
    await until(() => heardByAdmin.length > 0);
    await sleep(200);
    expect(heardByIntruder).toEqual([]);
  });

  it('gives each account only its part of the feed: managers their restaurants, restaurant accounts their own without office fields', async () => {
    const restaurantsOf = async (email: string) =>
      (
        await t.db
          .selectFrom('restaurants')
          .innerJoin('restaurateurs', 'restaurateurs.id', 'restaurants.restaurateur_id')
          .select('restaurants.id')
          .where('restaurateurs.email', '=', email)
          .execute()
      ).map((r) => r.id);
    const owned = await restaurantsOf('restaurant@demo.test');
    const own = owned[0];
    const inArea = (names: string[], not = false) =>
      t.db
        .selectFrom('restaurants')
        .innerJoin('areas', 'areas.id', 'restaurants.area_id')
        .select('restaurants.id')
        .where('areas.name', not ? 'not in' : 'in', names)
        .where('restaurants.id', 'not in', owned)
        .executeTakeFirstOrThrow();
    const camden = await inArea(['Camden']);
    const elsewhere = await inArea(['Camden', 'Islington'], true);

    const listeners = await Promise.all(
      ['admin@demo.test', 'manager@demo.test', 'restaurant@demo.test'].map(async (email) => {
        const echo = new Echo({ broadcaster: 'pusher', client: pusherClient(port, key, await t.tokenFor(email)) });
        echos.push(echo);
        return listen(echo);
      }),
    );
    const [admin, manager, restaurant] = listeners;

    const shift = (id: number, restaurantId: number) => ({ id, restaurant_id: restaurantId, cost_extra_bonus: -15, start_time: '18:00' });
    const shifts: FeedMessage = { channel: 'shift_channel', event: 'update', items: [shift(1, own), shift(2, camden.id), shift(3, elsewhere.id)] };
    const areaOf = async (id: number) => (await t.db.selectFrom('restaurants').select('area_id').where('id', '=', id).executeTakeFirstOrThrow()).area_id;
    const driver = (id: number, areaId: number) => ({
      id,
      full_name: 'Dee Driver',
      phone: '07700 900123',
      bank_sort_code: '12-34-56',
      bank_account_number: '12345678',
      date_of_birth: '1990-02-03',
      area_ids: [{ area_id: areaId }],
    });
    const camdenArea = await areaOf(camden.id);
    const drivers: FeedMessage = { channel: 'driver_channel', event: 'update', items: [driver(9, camdenArea), driver(10, await areaOf(elsewhere.id))] };
    await t.app.broadcaster.publish(shifts);
    await t.app.broadcaster.publish(drivers);
    await until(() => admin.length === 2 && manager.length === 2);
    await until(() => restaurant.length >= 1);
    await sleep(200);

    expect(admin).toEqual([{ success: true, data: shifts }, { success: true, data: drivers }]);
    // The manager of Camden and Islington: Camden's shift (and the restaurant account's, if in their areas).
    const managerShiftIds = (manager[0] as { data: FeedMessage }).data.items.map((i) => (i as { id: number }).id);
    expect(managerShiftIds).toContain(2);
    expect(managerShiftIds).not.toContain(3);
    // Of drivers, only those of their areas, and without bank details or date of birth.
    expect(manager[1]).toEqual({
      success: true,
      data: { channel: 'driver_channel', event: 'update', items: [{ id: 9, full_name: 'Dee Driver', phone: '07700 900123', area_ids: [{ area_id: camdenArea }] }] },
    });
    // The restaurant account: its own shift only, without the cancellation fee, and nothing of drivers.
    expect(restaurant).toEqual([
      { success: true, data: { channel: 'shift_channel', event: 'update', items: [{ id: 1, restaurant_id: own, start_time: '18:00' }] } },
    ]);
  });

  it("brings a restaurant account its own restaurants' late and no-show alerts live, and no other alert", async () => {
    const restaurateur = await t.db.selectFrom('restaurateurs').select('id').where('email', '=', 'restaurant@demo.test').executeTakeFirstOrThrow();
    const own = await t.db.selectFrom('restaurants').select('id').where('restaurateur_id', '=', restaurateur.id).executeTakeFirstOrThrow();
    const other = await t.db.selectFrom('restaurants').select('id').where('restaurateur_id', '!=', restaurateur.id).executeTakeFirstOrThrow();
    const echo = new Echo({ broadcaster: 'pusher', client: pusherClient(port, key, await t.tokenFor('restaurant@demo.test')) });
    const admin = new Echo({ broadcaster: 'pusher', client: pusherClient(port, key, await t.tokenFor('admin@demo.test')) });
    echos.push(echo, admin);
    const [heard, heardByAdmin] = await Promise.all([listen(echo), listen(admin)]);

    const late = await raiseAlert(t.app, { channel: 'shift_channel', event: 'late', message: 'Sam is late for your restaurant', restaurantId: own.id });
    await raiseAlert(t.app, { channel: 'shift_channel', event: 'noShow', message: 'Another restaurant', restaurantId: other.id });
    await raiseAlert(t.app, { channel: 'timesheet_channel', event: 'publish', message: 'A timesheet with pay', restaurantId: own.id });
    await raiseAlert(t.app, { channel: 'news_feed_channel', event: 'publish', message: 'A driver replied' });
    await until(() => heardByAdmin.length === 4);
    await until(() => heard.length >= 1);
    await sleep(200);
    expect(heard).toEqual([{ success: true, data: { channel: 'alert_channel', event: 'store', items: [expect.objectContaining({ id: late.id, status: 10, event: 'late' })] } }]);
  });

  describe('sockets whose login or access changes', () => {
    /** A raw socket subscribed the way pusher-js does it: /broadcasting/auth with the token, then pusher:subscribe. */
    async function subscribed(token: string): Promise<RawClient> {
      const client = await RawClient.open(port, key);
      const socketId = await client.socketId();
      const auth = await t.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        headers: { authorization: `Bearer ${token}` },
        payload: { socket_id: socketId, channel_name: 'private-panelmessages' },
      });
      expect(auth.statusCode).toBe(200);
      client.send('pusher:subscribe', { channel: 'private-panelmessages', ...(auth.json() as object) });
      await client.next('pusher_internal:subscription_succeeded');
      return client;
    }
    const closedWithin = (client: RawClient) => Promise.race([client.closed, sleep(3_000).then(() => null)]);

    it('closes the socket of a session that logs out, for good, and leaves its other sessions alone', async () => {
      const [token, other] = [await t.tokenFor('admin@demo.test'), await t.tokenFor('admin@demo.test')];
      const [leaving, staying] = [await subscribed(token), await subscribed(other)];
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      expect(await closedWithin(leaving)).toMatchObject({ code: 4009 });
      await t.app.broadcaster.publish(alert);
      await staying.next('message');
      staying.ws.close();
    });

    it("closes a user's sockets when an administrator changes their password, or removes them", async () => {
      const admin = await t.as('admin@demo.test');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: admin,
        payload: { first_name: 'Sam', last_name: 'Short', role: 20, email: 'sam.short@realtime.test', area_ids: [], restaurant_ids: [], password: 'first-pass' },
      });
      const user = created.json().user as { id: number; email: string };
      const client = await subscribed(await t.tokenFor(user.email));
      const update = { first_name: 'Sam', last_name: 'Short', role: 20, email: user.email, area_ids: [], restaurant_ids: [], password: 'second-pass' };
      expect((await t.app.inject({ method: 'PUT', url: `/api/user/${user.id}`, headers: admin, payload: update })).statusCode).toBe(200);
      expect(await closedWithin(client)).toMatchObject({ code: 4009 });

      const again = await subscribed(await t.tokenFor(user.email));
      expect((await t.app.inject({ method: 'DELETE', url: `/api/user/${user.id}`, headers: admin })).statusCode).toBe(200);
      expect(await closedWithin(again)).toMatchObject({ code: 4009 });
    });

    it("makes a manager's socket reconnect when their areas change, and signs the new audience", async () => {
      const admin = await t.as('admin@demo.test');
      const areas = await t.db.selectFrom('areas').select(['id', 'name']).orderBy('id').execute();
      const [first, second] = areas;
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: admin,
        payload: { first_name: 'Mo', last_name: 'Manager', role: 20, email: 'mo.manager@realtime.test', area_ids: [first.id], restaurant_ids: [] },
      });
      const user = made.json().user as { id: number; email: string };
      const token = await t.tokenFor(user.email);
      const client = await subscribed(token);
      const driverIn = (areaId: number) => ({ channel: 'driver_channel', event: 'update', items: [{ id: 1, full_name: 'Dee', area_ids: [{ area_id: areaId }] }] });

      const moved = { first_name: 'Mo', last_name: 'Manager', role: 20, email: user.email, area_ids: [second.id], restaurant_ids: [] };
      expect((await t.app.inject({ method: 'PUT', url: `/api/user/${user.id}`, headers: admin, payload: moved })).statusCode).toBe(200);
      expect(await closedWithin(client)).toMatchObject({ code: 4200 });

      // Subscribing again (as pusher-js does on 4200), the manager hears their new area, not the old one.
      const renewed = await subscribed(token);
      await t.app.broadcaster.publish(driverIn(first.id));
      await t.app.broadcaster.publish(driverIn(second.id));
      const message = await renewed.next('message');
      expect(JSON.parse(message.data as string).data.items[0].area_ids).toEqual([{ area_id: second.id }]);
      await sleep(100);
      expect(renewed.frames.filter((f) => f.event === 'message')).toHaveLength(1);
      renewed.ws.close();
    });
  });

  it("refuses an administrator's audience signed by anyone with the development secret older versions shipped as a default", async () => {
    const client = await RawClient.open(port, key);
    const socketId = await client.socketId();
    const channel = 'private-panelmessages';
    // The channel data the server itself signs for an administrator, forged with the well-known secret.
    const signed = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: await t.as('admin@demo.test'),
      payload: { socket_id: socketId, channel_name: channel },
    });
    const channelData = (signed.json() as { channel_data: string }).channel_data;
    client.send('pusher:subscribe', { channel, auth: `${key}:${sign('backoffice-secret-change-me', socketId, channel, channelData)}`, channel_data: channelData });
    await client.next('pusher:subscription_error');
    await t.app.broadcaster.publish(alert);
    await sleep(100);
    expect(client.frames.some((f) => f.event === 'message')).toBe(false);
    client.ws.close();
  });

  describe('POST /broadcasting/auth', () => {
    const socketId = '1234.5678';
    const form = (body: Record<string, string>) => new URLSearchParams(body).toString();
    const post = async (payload: string | object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/broadcasting/auth',
        payload,
        headers: typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded', ...headers } : headers,
      });
    const panel = form({ socket_id: socketId, channel_name: 'private-panelmessages' });

    it('answers 401 without a token or with an unknown one', async () => {
      expect((await post(panel)).statusCode).toBe(401);
      expect((await post(panel, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    });

    it('answers 403 for drivers, for staff without a role, and for any other channel', async () => {
      expect((await post(panel, await t.as('driver@demo.test'))).statusCode).toBe(403);
      const roleless = await t.db
        .insertInto('users')
        .values({ first_name: 'New', email: 'no-role@realtime.test', password_hash: 'x', role: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rolelessToken = await issueToken(t.db, 'user', roleless.id, 1);
      expect((await post(panel, { authorization: `Bearer ${rolelessToken}` })).statusCode).toBe(403);
      const other = form({ socket_id: socketId, channel_name: 'private-other' });
      expect((await post(other, await t.as('admin@demo.test'))).statusCode).toBe(403);
    });

    it('answers 400 for a missing or malformed socket id', async () => {
      const headers = await t.as('admin@demo.test');
      const missing = await post(form({ channel_name: 'private-panelmessages' }), headers);
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json())).toEqual(['socket_id']);
      const malformed = await post(form({ socket_id: '12.34:evil', channel_name: 'private-panelmessages' }), headers);
      expect(malformed.statusCode).toBe(400);
    });

    it('signs the subscription of a restaurant account with its own restaurants as the audience (form-encoded or JSON)', async () => {
      const own = await t.db
        .selectFrom('restaurants')
        .innerJoin('restaurateurs', 'restaurateurs.id', 'restaurants.restaurateur_id')
        .select('restaurants.id')
        .where('restaurateurs.email', '=', 'restaurant@demo.test')
        .orderBy('restaurants.id')
        .execute();
      const account = await t.db.selectFrom('restaurateurs').select('id').where('email', '=', 'restaurant@demo.test').executeTakeFirstOrThrow();
      const headers = await t.as('restaurant@demo.test');
      const tokenId = (await t.db.selectFrom('auth_tokens').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
      const channelData = JSON.stringify({
        audience: { kind: 'restaurant', restaurantIds: own.map((r) => r.id) },
        account: { kind: 'restaurateur', id: account.id },
        tokenId,
      });
      const expected = { auth: `${key}:${sign(secret, socketId, 'private-panelmessages', channelData)}`, channel_data: channelData };
      const res = await post(panel, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
      const json = await post({ socket_id: socketId, channel_name: 'private-panelmessages' }, headers);
      expect(json.json()).toEqual(expected);
    });
  });

  describe('the protocol on the wire', () => {
    let client: RawClient;
    beforeEach(async () => {
      client = await RawClient.open(port, key);
    });
    afterEach(() => client.ws.close());

    it('announces the connection with data as a JSON string holding socket_id and activity_timeout', async () => {
      await client.next('pusher:connection_established');
      const first = JSON.parse(client.raw[0]);
      expect(first.event).toBe('pusher:connection_established');
      expect(typeof first.data).toBe('string');
      const data = JSON.parse(first.data);
      expect(data.socket_id).toMatch(/^\d+\.\d+$/);
      expect(data.activity_timeout).toBe(30);
    });

    it('answers pusher:ping with pusher:pong', async () => {
      await client.socketId();
      client.send('pusher:ping', {});
      await client.next('pusher:pong');
      expect(JSON.parse(client.raw.at(-1)!)).toEqual({ event: 'pusher:pong', data: '{}' });
    });

    it('refuses forged signatures and signatures made for another socket', async () => {
      const socketId = await client.socketId();
      const channel = 'private-panelmessages';
      client.send('pusher:subscribe', { channel, auth: `${key}:${sign('guessed-secret', socketId, channel, ALL)}`, channel_data: ALL });
      const refused = await client.next('pusher:subscription_error');
      expect(refused.channel).toBe(channel);
      expect(JSON.parse(refused.data as string)).toMatchObject({ type: 'AuthError', status: 403 });

      client.frames.length = 0;
      client.send('pusher:subscribe', { channel, auth: `${key}:${sign(secret, '1.2', channel, ALL)}`, channel_data: ALL });
      await client.next('pusher:subscription_error');
      client.frames.length = 0;
      // A signature without the audience, or an audience the signature was not made for.
      client.send('pusher:subscribe', { channel, auth: `${key}:${sign(secret, socketId, channel)}` });
      await client.next('pusher:subscription_error');
      client.frames.length = 0;
      const mine = JSON.stringify({ audience: { kind: 'restaurant', restaurantIds: [1] }, account: { kind: 'restaurateur', id: 1 }, tokenId: 1 });
      client.send('pusher:subscribe', { channel, auth: `${key}:${sign(secret, socketId, channel, mine)}`, channel_data: ALL });
      await client.next('pusher:subscription_error');
      client.frames.length = 0;
      client.send('pusher:subscribe', { channel, auth: 'short', channel_data: ALL });
      await client.next('pusher:subscription_error');
      expect(client.frames.some((f) => f.event === 'pusher_internal:subscription_succeeded')).toBe(false);

      await t.app.broadcaster.publish(alert);
      await sleep(100);
      expect(client.frames.some((f) => f.event === 'message')).toBe(false);
    });

    it('subscribes with a valid signature, delivers, and stops after unsubscribe', async () => {
      const socketId = await client.socketId();
      const channel = 'private-panelmessages';
      client.send('pusher:subscribe', { channel, auth: `${key}:${sign(secret, socketId, channel, ALL)}`, channel_data: ALL });
      const ok = await client.next('pusher_internal:subscription_succeeded');
      expect(ok).toEqual({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });

      await t.app.broadcaster.publish(alert);
      const message = await client.next('message');
      expect(message.channel).toBe(channel);
      expect(JSON.parse(message.data as string)).toEqual({ success: true, data: alert });

      client.send('pusher:unsubscribe', { channel });
      await sleep(50);
      client.frames.length = 0;
      await t.app.broadcaster.publish(alert);
      await sleep(100);
      expect(client.frames).toEqual([]);
    });

    it('offers no other channel, refuses client events, and survives malformed frames', async () => {
      await client.socketId();
      client.send('pusher:subscribe', { channel: 'public-news' });
      expect((await client.next('pusher:subscription_error')).channel).toBe('public-news');

      client.send('client-typing', {}, 'private-panelmessages');
      expect(JSON.parse((await client.next('pusher:error')).data as string).code).toBe(4301);

      client.frames.length = 0;
      client.ws.send('{not json');
      expect(JSON.parse((await client.next('pusher:error')).data as string).code).toBe(4200);
      client.send('pusher:ping', {});
      await client.next('pusher:pong');
    });

    it('closes a connection made with a wrong (or undecodable) application key with code 4001', async () => {
      for (const wrong of ['wrong-key', '%E0']) {
        const stranger = await RawClient.open(port, wrong);
        expect(JSON.parse((await stranger.next('pusher:error')).data as string).code).toBe(4001);
        expect((await stranger.closed).code).toBe(4001);
      }
    });

    it('refuses WebSocket upgrades outside /app/', async () => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/alert`);
      await expect(new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))).rejects.toThrow();
    });
  });
});

describe('keep-alive and shutdown', () => {
  const key = 'k';
  let app: FastifyInstance;
  let port: number;

  // A bare app with short timers: the plugin alone, without a database (nothing here calls /broadcasting/auth).
  beforeEach(async () => {
    app = Fastify();
    // As the app does (server/app.ts): the routes' schema declarations document, they do not validate.
    declareRouteSchemas(app);
    app.decorate('config', { ...loadConfig({}), pusherAppKey: key, pusherAppSecret: 's', fileSigningSecret: 'f' });
    app.decorate('broadcaster', new LocalBroadcaster());
    await app.register(authPlugin);
    await app.register(realtimePlugin, { activityTimeout: 1, graceMs: 300 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterEach(() => app.close());

  it('pings a silent client and closes it with 4201 when it stays silent', async () => {
    const client = await RawClient.open(port, key);
    await client.next('pusher:connection_established');
    const ping = await client.next('pusher:ping', 3_000);
    expect(ping.data).toBe('{}');
    expect(await client.closed).toEqual({ code: 4201, reason: 'Pong reply not received' });
  });

  it('keeps a client that answers', async () => {
    const client = await RawClient.open(port, key);
    client.ws.on('message', (data) => {
      if (JSON.parse(data.toString()).event === 'pusher:ping') client.send('pusher:pong', {});
    });
    await sleep(2_500);
    expect(client.frames.filter((f) => f.event === 'pusher:ping').length).toBeGreaterThan(0);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });

  it('closes open sockets with 4200 (reconnect) when the app closes, promptly', async () => {
    const clients = await Promise.all([RawClient.open(port, key), RawClient.open(port, key)]);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const client of clients) expect((await client.closed).code).toBe(4200);
  });
});

// Two instances behind a load balancer share one PostgreSQL; the feed crosses between them by LISTEN/NOTIFY.
describe.runIf(process.env.TEST_DATABASE_URL)('live feed across instances (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const scratch = scratchDatabase(adminUrl, 'backoffice_feed');
  const instances: { app: FastifyInstance; database: DatabaseHandle; port: number }[] = [];
  let dataDir: string;
  let config: AppConfig;

  beforeAll(async () => {
    await scratch.create();
    const { url } = scratch;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-feed-'));
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: url });
      config = await resolveSecrets(loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-app') }), database.db);
      const broadcaster = await createPostgresBroadcaster(url, { log: { warn: () => {} } });
      const app = await buildApp({ config, db: database.db, databaseKind: 'postgres', broadcaster });
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push({ app, database, port: (app.server.address() as { port: number }).port });
    }
  });

  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await app.broadcaster.close();
      await database.close();
    }
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function subscribeOn(instance: (typeof instances)[number]) {
    const user = await instance.database.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    const token = await issueToken(instance.database.db, 'user', user.id, 1);
    const echo = new Echo({ broadcaster: 'pusher', client: pusherClient(instance.port, config.pusherAppKey, token) });
    return { echo, received: await listen(echo) };
  }

  it('delivers a publish on instance A, small or over 8000 bytes, exactly once to clients of A and B, in order', async () => {
    const [a, b] = instances;
    const onA = await subscribeOn(a);
    const onB = await subscribeOn(b);
    const large: FeedMessage = { channel: 'shift_channel', event: 'store', items: Array.from({ length: 200 }, (_, id) => ({ id, note: 'x'.repeat(60) })) };
    expect(JSON.stringify(large).length).toBeGreaterThan(8000);
    const stale = await a.database.db
      .insertInto('broadcast_messages')
      .values({ payload: JSON.stringify(alert), created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();

    await a.app.broadcaster.publish(large);
    await a.app.broadcaster.publish(alert);
    await until(() => onA.received.length >= 2 && onB.received.length >= 2);
    await sleep(200);
    for (const { received } of [onA, onB]) {
      expect(received).toEqual([{ success: true, data: large }, { success: true, data: alert }]);
    }
    // Both are in the feed's log, which sheds rows older than ten minutes as it is written.
    const rows = await a.database.db.selectFrom('broadcast_messages').select(['id', 'payload']).orderBy('id').execute();
    expect(rows.map((r) => r.id)).not.toContain(stale.id);
    expect(rows.map((r) => r.payload)).toEqual([large, alert]);
    onA.echo.disconnect();
    onB.echo.disconnect();
  });

  it("answers a save while the feed's database connections are killed, ten times over, and every client hears each change once, in order, without subscribing again", async () => {
    const [a, b] = instances;
    const onA = await subscribeOn(a);
    const onB = await subscribeOn(b);
    let resubscribed = 0;
    for (const { echo } of [onA, onB]) echo.connector.pusher.channel('private-panelmessages').bind('pusher:subscription_succeeded', () => resubscribed++);
    const user = await a.database.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    const headers = { authorization: `Bearer ${await issueToken(a.database.db, 'user', user.id, 1)}` };
    const values = Array.from({ length: 10 }, (_, i) => `1.${i}0`);
    for (const ovalue of values) {
      // Every connection of the feed, listening and publishing, on both instances; the save goes through the first.
      await runSql(adminUrl, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${scratch.name}' and application_name like 'backoffice-feed:%'`);
      const res = await a.app.inject({ method: 'PUT', url: '/api/option/fuel_bonus_0', headers, payload: { okey: 'fuel_bonus_0', ovalue } });
      expect(res.statusCode).toBe(200);
    }
    type Heard = { data: { channel: string; items: { ovalue: string }[] } };
    const saved = (received: unknown[]) => (received as Heard[]).filter((m) => m.data.channel === 'option_channel').map((m) => m.data.items[0].ovalue);
    await until(() => saved(onA.received).length >= 10 && saved(onB.received).length >= 10, 20_000);
    await sleep(300);
    expect(saved(onA.received)).toEqual(values.map((v) => String(Number(v))));
    expect(saved(onB.received)).toEqual(values.map((v) => String(Number(v))));
    expect(resubscribed).toBe(0);
    onA.echo.disconnect();
    onB.echo.disconnect();
  });

  it('makes its clients subscribe again, so their screens fetch what they missed, when the log cannot say what that was', async () => {
    const [a, b] = instances;
    const onB = await subscribeOn(b);
    // pusher-js tells the subscription again after a reconnect; providers/realtime.ts turns that into FEED_RESUMED.
    let subscriptions = 1;
    onB.echo.connector.pusher.channel('private-panelmessages').bind('pusher:subscription_succeeded', () => subscriptions++);
    await a.app.broadcaster.publish(alert);
    await until(() => onB.received.length > 0);
    // The database goes back in time (a restore, a failover to a replica that lagged) while the LISTEN connections are down.
    await runSql(adminUrl, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${scratch.name}' and application_name like 'backoffice-feed:%'`);
    await sql`truncate broadcast_messages restart identity`.execute(a.database.db);
    await until(() => subscriptions === 2, 15_000);
    // And the feed flows on from where the log now stands.
    await a.app.broadcaster.publish({ ...alert, event: 'update' });
    await until(() => onB.received.length > 1);
    expect(onB.received).toEqual([{ success: true, data: alert }, { success: true, data: { ...alert, event: 'update' } }]);
    onB.echo.disconnect();
  });
});
