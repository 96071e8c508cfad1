import { dbFingerprint } from '../helpers/dbFingerprint';
import { ROUTE_CALLS, send, setUpFixtures } from '../helpers/routeCalls';

/**
 * Who may do what, route by route: every route of the server's route table, called as each kind of caller, against
 * one restaurant's records (Pizza Palace Camden: restaurant@demo.test's, in manager@demo.test's areas). Ids of other
 * tenants' records travel in paths, bodies and queries exactly as the screens send them. A route added to the server
 * without a line here fails this test.
 *
 * Answers:
 *   ok       2xx
 *   sees     2xx, and the answer shows the restaurant's record
 *   blind    2xx, and the answer does not show it
 *   nothing  2xx, and nothing was written (a bulk call that found nothing of the caller's)
 *   denied   400, 403 or 404 without the record's data, and nothing written
 *   401/403  exactly that, and nothing written
 */
const ROLES = {
  anonymous: null,
  administrator: 'admin@demo.test',
  managerIn: 'manager@demo.test',
  managerOut: 'priya.shah@demo.test',
  restaurantOwn: 'restaurant@demo.test',
  restaurantOther: 'goldenwok@demo.test',
  driver: 'driver@demo.test',
} as const;
type Role = keyof typeof ROLES;
type Answer = 'ok' | 'sees' | 'blind' | 'nothing' | 'denied' | '401' | '403';

const PUBLIC = 'ok ok ok ok ok ok ok';
const ANY_LOGIN = '401 ok ok ok ok ok ok';
const ADMIN_ONLY = '401 ok 403 403 403 403 403';
const STAFF = '401 ok ok ok 403 403 403';
const STAFF_RECORD = '401 ok ok denied 403 403 403';
const STAFF_LIST = '401 sees sees blind 403 403 403';
const SCOPED_LIST = '401 sees sees blind sees blind 403';
const RESTAURANT_RECORD = '401 403 403 403 ok denied 403';
const DRIVER_ONLY = '401 403 403 403 403 403 ok';
const TENANT_RECORD = '401 ok ok denied ok denied 403';
const OWN_ACCOUNT = '401 403 403 403 ok ok ok';

/** Roles in the order anonymous, administrator, manager in scope, manager out of scope, restaurant own, other, driver. */
const MATRIX: Record<string, string> = {
  'GET /api/health': PUBLIC,
  'GET /api/health/live': PUBLIC,
  'GET /api/health/ready': PUBLIC,
  'GET /api/client-config': PUBLIC,
  'GET /api/openapi.json': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/:file': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/login/restaurant': PUBLIC,
  'POST /api/auth/login/driver': PUBLIC,
  'POST /api/register': PUBLIC,
  'POST /api/auth/logout': ANY_LOGIN,
  'GET /api/auth/me': ANY_LOGIN,

  // The fixture is the restaurant's late driver: its own account hears of it on the bell, no other restaurant does.
  'GET /api/alert': SCOPED_LIST,
  'PUT /api/alert/:id': TENANT_RECORD,
  'POST /api/alert/all-readed': '401 ok ok ok ok ok 403',

  'GET /api/user': ADMIN_ONLY,
  'POST /api/user': ADMIN_ONLY,
  'PUT /api/user/:id': ADMIN_ONLY,
  'DELETE /api/user/:id': ADMIN_ONLY,
  'POST /api/sendEmailUser': ADMIN_ONLY,

  'GET /api/area': STAFF_LIST,
  'POST /api/area': ADMIN_ONLY,
  'PUT /api/area/:id': ADMIN_ONLY,
  'DELETE /api/area/:id': ADMIN_ONLY,
  'GET /api/city': STAFF,

  'GET /api/option': STAFF,
  // The map's centre; pay and billing rates are administrators' only (tests/server/options.test.ts).
  'PUT /api/option/:okey': STAFF,
  'POST /api/driver-message': STAFF_RECORD,
  'GET /api/driver-message/recipients': STAFF_LIST,

  'GET /api/shift': SCOPED_LIST,
  'POST /api/shift': STAFF_RECORD,
  'GET /api/shift/attendance': '401 ok ok ok ok ok 403',
  'GET /api/shift/:id': STAFF_RECORD,
  'PUT /api/shift/:id': STAFF_RECORD,
  'DELETE /api/shift/:id': STAFF_RECORD,
  'POST /api/shift/publish': STAFF_RECORD,
  'POST /api/shift/unpublish': STAFF_RECORD,
  'POST /api/shift/remove': STAFF_RECORD,
  'POST /api/shift/copyshifts': '401 ok ok nothing 403 403 403',
  'POST /api/shift/fill-proposals': STAFF_LIST,
  // A line out of the caller's scope comes back as not assigned, and nothing is written.
  'POST /api/shift/fill': '401 ok ok nothing 403 403 403',
  'GET /api/shift/:id/cover': '401 denied denied denied 403 403 403',
  'POST /api/shift/:id/cover': '401 denied denied denied 403 403 403',
  'POST /api/shift/createFree': RESTAURANT_RECORD,
  'PUT /api/shift/updateFree/:id': RESTAURANT_RECORD,
  'DELETE /api/shift/removeFree/:id': RESTAURANT_RECORD,
  'POST /api/shift/copyShiftsFree': '401 403 403 403 ok nothing 403',
  'POST /api/shift/moderateFree': RESTAURANT_RECORD,
  'POST /api/reporting/create': STAFF_RECORD,

  'GET /api/timesheet': SCOPED_LIST,
  'POST /api/timesheet': STAFF_RECORD,
  'GET /api/timesheet/:id': STAFF_RECORD,
  'PUT /api/timesheet/:id': STAFF_RECORD,
  'DELETE /api/timesheet/:id': ADMIN_ONLY,
  // Refusals of a list come back item by item in fail[].
  'POST /api/timesheet/approve': '401 ok ok nothing 403 403 403',

  'GET /api/driver-app/timesheet': DRIVER_ONLY,
  'POST /api/driver-app/timesheet/start': DRIVER_ONLY,
  'POST /api/driver-app/timesheet/finish': DRIVER_ONLY,
  'POST /api/driver-app/timesheet/submit': DRIVER_ONLY,
  'POST /api/driver-app/timesheet/discard': DRIVER_ONLY,

  'GET /api/restaurant': SCOPED_LIST,
  'POST /api/restaurant': ADMIN_ONLY,
  'POST /api/restaurant/:id': ADMIN_ONLY,
  'PUT /api/restaurant/:id': ADMIN_ONLY,
  'DELETE /api/restaurant/:id': ADMIN_ONLY,
  'GET /api/restaurant/:id/drivers': ADMIN_ONLY,
  'POST /api/restaurant/profile/:id': '401 403 403 403 sees denied 403',
  'POST /api/sendEmail': ADMIN_ONLY,
  'POST /api/restaurant/import': ADMIN_ONLY,

  'GET /api/driver': STAFF_LIST,
  'POST /api/driver': ADMIN_ONLY,
  'PUT /api/driver/:id': ADMIN_ONLY,
  'POST /api/driver/import': ADMIN_ONLY,
  'POST /api/driver-update-working-times': ADMIN_ONLY,

  'GET /api/invoice': SCOPED_LIST,
  'DELETE /api/invoice/:id': ADMIN_ONLY,
  'GET /api/invoice-check': TENANT_RECORD,
  'GET /api/invoice-generate': TENANT_RECORD,
  'GET /api/invoice-download/:id': TENANT_RECORD,

  'GET /api/reporting/shiftsCancelled': STAFF,
  'GET /api/reporting/extraRequest': STAFF,
  'GET /api/reporting/chargeRemoved': STAFF,
  'GET /api/timesheet/inactiveFee': STAFF,
  'GET /api/reporting/lateNoShows': STAFF,
  'GET /api/driver/:id/attendance': STAFF_RECORD,
  'GET /api/xls': STAFF_RECORD,

  'GET /api/newsFeed': STAFF_LIST,
  'POST /api/newsFeed': STAFF_RECORD,
  'POST /api/newsFeed/:id': STAFF_RECORD,
  'PATCH /api/newsFeed/:id': STAFF_RECORD,
  'DELETE /api/newsFeed/:id': STAFF_RECORD,
  'POST /api/newsFeed/changeStatus/:id': STAFF_RECORD,
  'POST /api/newsFeed/changePinned/:id': STAFF_RECORD,
  'POST /api/reply': STAFF_RECORD,
  'GET /api/driver-app/newsFeed': DRIVER_ONLY,
  'POST /api/driver-app/newsFeed/markReaded/:id': DRIVER_ONLY,
  'POST /api/driver-app/newsFeed/reply': DRIVER_ONLY,

  'GET /api/history': STAFF_LIST,
  'POST /api/history/:id/undo': STAFF_RECORD,
  'POST /api/history/restore/:entryId': ADMIN_ONLY,

  'GET /api/restaurateur': ADMIN_ONLY,
  'POST /api/restaurateur': ADMIN_ONLY,
  'PUT /api/restaurateur/:id': ADMIN_ONLY,
  'DELETE /api/restaurateur/:id': ADMIN_ONLY,

  // The live feed's channel authorisation: the signed audience holds the restaurant for those who may hear of it.
  'POST /broadcasting/auth': '401 sees sees blind sees blind 403',
  // Identity documents at their signed names (the signature is the key), and public images.
  'GET /images/:name(^[A-Za-z0-9_-]+\\.(?:jpg|png)~\\d+~[A-Za-z0-9_-]+$)': PUBLIC,
  'GET /images/thumb/:name(^[A-Za-z0-9_-]+\\.(?:jpg|png)~\\d+~[A-Za-z0-9_-]+$)': PUBLIC,
  'GET /images/*': PUBLIC,

  // Calendar feeds: the address's token is the key; drivers and restaurant accounts keep their own addresses.
  'GET /api/calendar/:file': PUBLIC,
  'GET /api/calendar-feed/me': OWN_ACCOUNT,
  'POST /api/calendar-feed/me': OWN_ACCOUNT,
  'DELETE /api/calendar-feed/me': OWN_ACCOUNT,
  'GET /api/calendar-feed/driver/:id': ADMIN_ONLY,
  'POST /api/calendar-feed/driver/:id': ADMIN_ONLY,
  'DELETE /api/calendar-feed/driver/:id': ADMIN_ONLY,
};

function expected(route: string): Record<Role, Answer> {
  const answers = MATRIX[route].split(/\s+/) as Answer[];
  return Object.fromEntries((Object.keys(ROLES) as Role[]).map((role, i) => [role, answers[i]])) as Record<Role, Answer>;
}

const fx = setUpFixtures();

const routes = () => fx.t.app.routeTable.map((r) => `${r.method} ${r.url}`);

describe('the access matrix', () => {
  it('declares every route of the server, and no route the server does not have', () => {
    const table = routes();
    expect(table.filter((r) => !MATRIX[r] || !ROUTE_CALLS[r]), 'routes without a declared matrix or call').toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !table.includes(r)), 'declared routes the server does not have').toEqual([]);
    for (const line of Object.values(MATRIX)) expect(line.split(/\s+/)).toHaveLength(Object.keys(ROLES).length);
  });

  it('answers every route as declared for every kind of caller', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes().filter((r) => MATRIX[r] && ROUTE_CALLS[r])) {
      const [method] = route.split(' ');
      for (const [role, answer] of Object.entries(expected(route)) as [Role, Answer][]) {
        const email = ROLES[role];
        const token = email ? await fx.t.tokenFor(email) : null;
        const call = await ROUTE_CALLS[route](fx);
        const before = await dbFingerprint(fx.t.db);
        const res = await send(fx.t, method, call, token);
        calls++;
        const shown = call.shows ? call.shows(res.body) : false;
        const unchanged = (await dbFingerprint(fx.t.db)) === before;
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        const met = {
          ok: ok && (!call.shows || shown),
          sees: ok && shown,
          blind: ok && !shown,
          nothing: ok && unchanged,
          denied: [400, 403, 404].includes(res.statusCode) && !shown && unchanged,
          '401': res.statusCode === 401 && unchanged,
          '403': res.statusCode === 403 && unchanged,
        }[answer];
        if (!met) failures.push(`${route} as ${role}: expected ${answer}, got ${res.statusCode}${unchanged ? '' : ' (wrote)'} ${res.body.slice(0, 160)}`);
      }
    }
    console.log(`access matrix: ${calls} calls, ${failures.length} not as declared`);
    expect(failures).toEqual([]);
  }, 900_000);
});
