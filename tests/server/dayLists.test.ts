import zlib from 'node:zlib';
import { sql } from 'kysely';
import { suiteTestApp } from '../helpers/testApp';
import { DayListCache } from '../../server/services/dayLists';
import { SHIFT_STATUS, TIMESHEET_PROGRESS, TIMESHEET_STATUS } from '../../domain/statuses';
import { loadPayOptions } from '../../server/records/payOptions';
import { LIST_SECTIONS, listTimesheetsJson, timesheetDayTexts, type ListFilter, type TimesheetView } from '../../server/records/timesheetViews';

/*
 * A month's list kept by day: after a change only the days it touched are built again, and what is answered is
 * always what a fresh build answers: on the embedded database by its change counter, on a shared PostgreSQL server by
 * the transactions the kept snapshot did not see. On a connection that counts no changes every read builds the whole
 * range, which the last test checks.
 */

let counting: boolean;

const t = suiteTestApp();
beforeAll(async () => {
  counting = t.app.databaseKind === 'pglite';
});

const filter: ListFilter = { from: '2026-11-01', to: '2026-11-30', scope: null };

/** A cache over the month's timesheets that records which days each build was asked for ('all' for the range). */
function kept(cache = new DayListCache(64 * 1024 * 1024, LIST_SECTIONS)) {
  const builds: (string[] | 'all')[] = [];
  const read = async () => {
    const pay = await loadPayOptions(t.db);
    const list = await cache.get(t.db, 'month', filter, (days) => {
      builds.push(days ?? 'all');
      return timesheetDayTexts(t.db, filter, pay, days);
    });
    return list;
  };
  return { read, builds };
}

/** The month as a fresh build answers it. */
const fresh = async () => listTimesheetsJson(t.db, filter, await loadPayOptions(t.db));

async function savedTimesheet(where: 'with shift' | 'any' = 'any') {
  return t.db
    .selectFrom('timesheets')
    .select(['id', 'period_date', 'shift_id', 'comment'])
    .where('period_date', '>=', filter.from)
    .where('period_date', '<=', filter.to)
    .$if(where === 'with shift', (q) => q.where('shift_id', 'is not', null))
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

describe.runIf(process.env.TEST_DATABASE_URL === undefined)('DayListCache on the embedded database', () => {
  it('builds again only the day of a changed timesheet, answering what a fresh build answers', async () => {
    const c = kept();
    await c.read();
    const ts = await savedTimesheet();
    await t.db.updateTable('timesheets').set({ comment: 'Kept lists see this' }).where('id', '=', ts.id).execute();
    const list = await c.read();
    expect(c.builds).toEqual(['all', [ts.period_date]]);
    expect(list.body().toString()).toBe(await fresh());
    const rows = JSON.parse(list.body().toString()) as TimesheetView[];
    expect(rows.find((r) => r.id === ts.id)?.comment).toBe('Kept lists see this');
  });

  it('answers the kept list unbuilt while nothing changed, and after a change to a day outside its range', async () => {
    const c = kept();
    const first = await c.read();
    expect(await c.read()).toBe(first);
    const outside = await t.db.selectFrom('timesheets').select('id').where('period_date', '<', filter.from).executeTakeFirstOrThrow();
    await t.db.updateTable('timesheets').set({ comment: 'Outside the month' }).where('id', '=', outside.id).execute();
    expect(await c.read()).toBe(first);
    expect(c.builds).toEqual(['all']);
  });

  it("builds again a timesheet's day when the shift it links changes on another day", async () => {
    const c = kept();
    const ts = await savedTimesheet('with shift');
    // The timesheet was moved to another day than its shift's; the shift's times then change.
    const otherDay = ts.period_date === filter.from ? '2026-11-02' : filter.from;
    await t.db.updateTable('timesheets').set({ period_date: otherDay }).where('id', '=', ts.id).execute();
    await c.read();
    await t.db.updateTable('shifts').set({ start_time: '06:15' }).where('id', '=', ts.shift_id!).execute();
    const list = await c.read();
    expect(c.builds[1]).toContain(otherDay);
    const row = (JSON.parse(list.body().toString()) as TimesheetView[]).find((r) => r.id === ts.id)!;
    expect(row.shift_start_time).toBe('06:15');
    expect(list.body().toString()).toBe(await fresh());
  });

  it("takes a shift's placeholder away when its timesheet is saved, and brings it back when removed", async () => {
    const c = kept();
    const shift = await t.db
      .selectFrom('shifts as s')
      .leftJoin('timesheets as t', 't.shift_id', 's.id')
      .select(['s.id', 's.period_date', 's.restaurant_id', 's.driver_id', 's.start_time', 's.finish_time'])
      .where('t.id', 'is', null)
      .where('s.status', 'in', [SHIFT_STATUS.new, SHIFT_STATUS.published])
      .where('s.period_date', '>=', filter.from)
      .where('s.period_date', '<=', filter.to)
      .executeTakeFirstOrThrow();
    const placeholderOf = (text: string) => (JSON.parse(text) as TimesheetView[]).some((r) => r.id <= 0 && r.shift_id === shift.id);
    expect(placeholderOf((await c.read()).body().toString())).toBe(true);
    const { id } = await t.db
      .insertInto('timesheets')
      .values({ shift_id: shift.id, restaurant_id: shift.restaurant_id, driver_id: shift.driver_id, period_date: shift.period_date, start_time: shift.start_time, finish_time: shift.finish_time, status: TIMESHEET_STATUS.pending, status_progress: TIMESHEET_PROGRESS.inWork })
      .returning('id')
      .executeTakeFirstOrThrow();
    const withTimesheet = (await c.read()).body().toString();
    expect(placeholderOf(withTimesheet)).toBe(false);
    expect(withTimesheet).toBe(await fresh());
    await t.db.deleteFrom('timesheets').where('id', '=', id).execute();
    expect(placeholderOf((await c.read()).body().toString())).toBe(true);
    expect(c.builds.slice(1)).toEqual([[shift.period_date], [shift.period_date]]);
  });

  it('drops a day whose rows are all gone', async () => {
    const c = kept();
    const day = '2026-11-03';
    const before = JSON.parse((await c.read()).body().toString()) as TimesheetView[];
    expect(before.some((r) => r.period_date === day)).toBe(true);
    await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('timesheets').where('period_date', '=', day).execute();
      await trx.deleteFrom('shifts').where('period_date', '=', day).execute();
    });
    const after = await c.read();
    expect((JSON.parse(after.body().toString()) as TimesheetView[]).some((r) => r.period_date === day)).toBe(false);
    expect(after.body().toString()).toBe(await fresh());
  });

  it.each([
    ['restaurants', 'name'],
    ['restaurants', 'invoice_comission'],
    ['drivers', 'last_name'],
    ['areas', 'weekend_pay_rate'],
    ['users', 'first_name'],
    ['restaurateurs', 'email'],
  ])('builds the whole range again after a change to %s.%s, which rows show', async (table, column) => {
    const c = kept();
    await c.read();
    const changed = column.endsWith('_rate') || column === 'invoice_comission' ? sql`coalesce(${sql.ref(column)}, 0) + 1` : sql`${sql.ref(column)} || 'x'`;
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${changed} where id = (select min(id) from ${sql.table(table)})`.execute(t.db);
    await c.read();
    expect(c.builds).toEqual(['all', 'all']);
  });

  it('builds nothing again after edits no list shows: an address, a phone, a name saved unchanged, an option', async () => {
    const c = kept();
    const first = await c.read();
    await t.db.updateTable('drivers').set({ address_1: '1 New Street' }).where('id', '=', 1).execute();
    await t.db.updateTable('restaurants').set({ telephone: '020 7946 0000' }).execute();
    await sql`update drivers set first_name = first_name`.execute(t.db);
    await sql`update options set ovalue = ovalue`.execute(t.db);
    expect(await c.read()).toBe(first);
    expect(c.builds).toEqual(['all']);
  });

  it('builds the whole range again when its version is older than the log reaches', async () => {
    const c = kept();
    await c.read();
    const ts = await savedTimesheet();
    await t.db.updateTable('timesheets').set({ comment: 'After the log was cut' }).where('id', '=', ts.id).execute();
    await sql`update change_counter set logged_from = version where id = 1`.execute(t.db);
    await c.read();
    expect(c.builds).toEqual(['all', 'all']);
  });

  it('keeps within its size, letting the least recently used list go first', async () => {
    const cache = new DayListCache(10, 1);
    const days: Record<string, string> = { a: '1,2,3', b: '4,5,6' };
    const built: string[] = [];
    const get = (key: string) => cache.get(t.db, key, filter, async () => (built.push(key), new Map([['2026-11-02', [days[key]]]])));
    await get('a');
    await get('b'); // 14 bytes do not fit in 10: 'a' goes
    await get('b');
    await get('a');
    expect(built).toEqual(['a', 'b', 'a']);
  });

  it('gzips its pieces into one stream equal to its text, also after one day was built again', async () => {
    const c = kept();
    const before = await c.read();
    expect(zlib.gunzipSync(await before.gzipped()).equals(before.body())).toBe(true);
    const ts = await savedTimesheet();
    await t.db.updateTable('timesheets').set({ comment: 'Gzipped again' }).where('id', '=', ts.id).execute();
    const after = await c.read();
    expect(after).not.toBe(before);
    expect(zlib.gunzipSync(await after.gzipped()).toString()).toBe(await fresh());
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('DayListCache on a shared PostgreSQL server, by transaction', () => {
  it('builds again only the day of a changed timesheet, answering what a fresh build answers', async () => {
    const c = kept();
    const first = await c.read();
    expect(await c.read()).toBe(first);
    const ts = await savedTimesheet();
    await t.db.updateTable('timesheets').set({ comment: 'Seen by every instance' }).where('id', '=', ts.id).execute();
    const list = await c.read();
    expect(c.builds).toEqual(['all', [ts.period_date]]);
    expect(list.body().toString()).toBe(await fresh());
  });

  it('builds the day of a write whose transaction was open while the list was read, once it commits', async () => {
    const c = kept();
    const ts = await savedTimesheet();
    await t.db.connection().execute(async (writer) => {
      await sql`begin`.execute(writer);
      await writer.updateTable('timesheets').set({ comment: 'Committed after the read' }).where('id', '=', ts.id).execute();
      await c.read();
      await sql`commit`.execute(writer);
    });
    const rows = JSON.parse((await c.read()).body().toString()) as TimesheetView[];
    expect(rows.find((r) => r.id === ts.id)?.comment).toBe('Committed after the read');
    expect(c.builds).toEqual(['all', [ts.period_date]]);
  });

  it('builds nothing again after edits no list shows, and everything after a change to a shown name', async () => {
    const c = kept();
    const first = await c.read();
    await t.db.updateTable('drivers').set({ address_1: '2 New Street' }).where('id', '=', 1).execute();
    expect(await c.read()).toBe(first);
    await sql`update drivers set last_name = last_name || 'x' where id = (select min(id) from drivers)`.execute(t.db);
    await c.read();
    expect(c.builds).toEqual(['all', 'all']);
  });

  it('builds the whole range again when the log was pruned past the snapshot it was kept from', async () => {
    const c = kept();
    await c.read();
    await sql`update change_log_horizon set pruned_below = pg_current_xact_id()::text::bigint + 1`.execute(t.db);
    await c.read();
    expect(c.builds).toEqual(['all', 'all']);
  });

  it('prunes the log on a write, with no list read: rows past twenty minutes go, the last ten minutes stay', async () => {
    const c = kept();
    await c.read();
    const xid = Number((await sql<{ x: string }>`select pg_current_xact_id()::text as x`.execute(t.db)).rows[0].x);
    // Rows as old writes left them, put there without the pruning a write does.
    await sql`alter table change_log_xact disable trigger change_log_xact_prune`.execute(t.db);
    await sql`insert into change_log_xact (xid, day, at) values (${xid}, null, now() - interval '1 hour'), (${xid + 1}, null, now() - interval '5 minutes')`.execute(t.db);
    await sql`alter table change_log_xact enable trigger change_log_xact_prune`.execute(t.db);
    const ts = await savedTimesheet();
    await t.db.updateTable('timesheets').set({ comment: 'Pruned the log' }).where('id', '=', ts.id).execute();
    const left = await sql<{ xid: string }>`select xid::text from change_log_xact where xid in (${xid}, ${xid + 1})`.execute(t.db);
    expect(left.rows.map((r) => Number(r.xid))).toEqual([xid + 1]);
    const horizon = await sql<{ p: string }>`select pruned_below::text as p from change_log_horizon`.execute(t.db);
    expect(Number(horizon.rows[0].p)).toBeGreaterThan(xid);
    // Kept from before the horizon: built whole, and right.
    const list = await c.read();
    expect(c.builds).toEqual(['all', 'all']);
    expect(list.body().toString()).toBe(await fresh());
  });
});

it('builds the whole range each time on a connection that does not count changes', async () => {
  const c = kept();
  await sql`set app.track_changes = 'off'`.execute(t.db);
  try {
    await c.read();
    const list = await c.read();
    expect(c.builds).toEqual(['all', 'all']);
    expect(list.body().toString()).toBe(await fresh());
  } finally {
    if (counting) await sql`set app.track_changes = 'on'`.execute(t.db);
  }
});
