import { dbFingerprint } from '../helpers/dbFingerprint';
import type { Part } from '../helpers/multipart';
import { ROUTE_CALLS, send, setUpFixtures, type RouteCall } from '../helpers/routeCalls';

/**
 * Every write route of the route table, called by someone allowed to, with each field of a valid request spoilt in
 * turn by each value of a catalogue of hostile input, and every id in its address too: no answer is a server error,
 * and a refused call writes nothing.
 */
const HOSTILE: unknown[] = [
  // Types
  null, true, {}, [], [[1]], { nested: { deep: [1, { x: 2 }] } },
  // Bounds
  -1, 0, 1.5, 2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1e308,
  // Text
  '', '   ', 'x'.repeat(150_000), 'nul\u0000inside', '\ud800 lone high', 'lone low \udc00', '<script>alert(1)</script>',
  "'; drop table users; --", '%00', 'NaN', '1e3', '-0', '😀'.repeat(3000),
  // Dates and times
  '2026-02-30', '0000-00-00', '99999-01-01', '2026-13-01', '25:61', '24:00', '12:5', 'yesterday',
  // Ids that name nothing
  '999999999', 999999999,
];
const HOSTILE_PATH_IDS = ['2147483648', '9007199254740993', '-1', '0', '1.5', 'abc', '%00', '1e3', '999999999'];

const CALLER: Record<string, string | null> = {
  administrator: 'admin@demo.test',
  staff: 'admin@demo.test',
  manager: 'manager@demo.test',
  restaurant: 'restaurant@demo.test',
  driver: 'driver@demo.test',
  any: 'admin@demo.test',
};

/** The request with one field replaced by a hostile value (multipart fields carry it as text). */
function spoil(call: RouteCall, field: string, value: unknown): RouteCall {
  if (call.parts) {
    const text = typeof value === 'string' ? value : JSON.stringify(value) ?? 'null';
    const parts: Part[] = call.parts.map((p) => (p.name === field && !('file' in p) ? { name: field, value: text } : p));
    return { ...call, parts };
  }
  if (Array.isArray(call.payload)) return { ...call, payload: call.payload.map((item) => ({ ...(item as object), [field]: value })) };
  return { ...call, payload: { ...(call.payload ?? {}), [field]: value } };
}

function fieldsOf(call: RouteCall): string[] {
  if (call.parts) return call.parts.filter((p) => !('file' in p)).map((p) => p.name);
  const body = Array.isArray(call.payload) ? call.payload[0] : call.payload;
  return Object.keys((body as object | undefined) ?? {});
}

const fx = setUpFixtures();

describe('hostile input on every write route', () => {
  it('never answers 5xx, and a refused call writes nothing', async () => {
    const writes = fx.t.app.routeTable.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let calls = 0;

    // The database as the last refused call left it; null after anything that may have written.
    let known: string | null = null;
    async function attempt(label: string, method: string, call: RouteCall, token: string | null): Promise<boolean> {
      const before = known ?? (await dbFingerprint(fx.t.db));
      const res = await send(fx.t, method, call, token);
      calls++;
      known = null;
      if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400) {
        known = await dbFingerprint(fx.t.db);
        if (known !== before) failures.push(`${label}: refused with ${res.statusCode} but wrote`);
      }
      return res.statusCode < 300;
    }
    const fresh = async (key: string) => {
      known = null;
      return ROUTE_CALLS[key](fx);
    };

    for (const route of writes) {
      const key = `${route.method} ${route.url}`;
      if (key === 'POST /api/auth/logout') continue; // it takes nothing
      const email = route.access ? CALLER[route.access[0]] : null;
      const token = email ? await fx.t.tokenFor(email) : null;
      let call = await fresh(key);

      for (const field of fieldsOf(call)) {
        for (const value of HOSTILE) {
          const accepted = await attempt(`${key} ${field}=${JSON.stringify(value)?.slice(0, 40)}`, route.method, spoil(call, field, value), token);
          // An accepted write may have used its record up: the next value gets a fresh one.
          if (accepted) call = await fresh(key);
        }
      }
      if (route.url.includes(':id')) {
        const base = await fresh(key);
        for (const id of HOSTILE_PATH_IDS) {
          const url = base.url.replace(/(\/)\d+(?=\?|$)/, `$1${id}`);
          await attempt(`${key} path id ${id}`, route.method, { ...base, url }, token);
        }
      }
    }
    console.log(`bad-input sweep: ${calls} calls, ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, 900_000);
});
