import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { addMonths, firstOfMonth, lastOfMonth } from '../domain/ranges';
import { londonToday } from '../domain/dates';
import { TIMESHEET_STATUS } from '../domain/statuses';
import { median } from './load';

/** The last whole month and the restaurant with the most approved timesheets in it: the heaviest invoice. */
export interface InvoiceTarget {
  restaurantId: number;
  name: string;
  from: string;
  to: string;
  timesheets: number;
  monthTimesheets: number;
}

export async function busiestRestaurant(db: Kysely<Database>): Promise<InvoiceTarget | null> {
  const from = firstOfMonth(addMonths(londonToday(), -1));
  const to = lastOfMonth(from);
  const row = await db
    .selectFrom('timesheets as t')
    .innerJoin('restaurants as r', 'r.id', 't.restaurant_id')
    .select(['r.id', 'r.name', (eb) => eb.fn.countAll<number>().as('n')])
    .where('t.period_date', '>=', from)
    .where('t.period_date', '<=', to)
    .where('t.status', '=', TIMESHEET_STATUS.approved)
    .groupBy(['r.id', 'r.name'])
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const month = await db
    .selectFrom('timesheets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('period_date', '>=', from)
    .where('period_date', '<=', to)
    .where('status', '=', TIMESHEET_STATUS.approved)
    .executeTakeFirstOrThrow();
  return { restaurantId: row.id, name: row.name, from, to, timesheets: Number(row.n), monthTimesheets: Number(month.n) };
}

async function timed(send: () => Promise<Response>): Promise<{ ms: number; bytes: number; status: number; headers: Headers }> {
  const t0 = performance.now();
  const res = await send();
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t0, bytes: body.byteLength, status: res.status, headers: res.headers };
}

/**
 * One request at a time (the way an office worker asks for them), median of a few runs: a month's invoice of the
 * busiest restaurant (preview, then issued and downloaded), a month's payments export, a month of each report.
 */
export async function invoiceFigures(url: string, headers: Record<string, string>, target: InvoiceTarget): Promise<string[]> {
  const period = `period_date_from=${target.from}&period_date_to=${target.to}`;
  const invoice = `${period}&restaurant_id=${target.restaurantId}&comission=1.5`;
  const get = (path: string) => () => fetch(`${url}${path}`, { headers });
  const lines: string[] = [];
  const measure = async (name: string, path: string, runs: number) => {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await timed(get(path)));
    const bad = results.find((r) => r.status !== 200);
    if (bad) throw new Error(`${name}: HTTP ${bad.status}`);
    lines.push(`| ${name} | ${runs} | ${median(results.map((r) => r.ms)).toFixed(0)} | ${(results[0].bytes / 1024).toFixed(0)} KB |`);
  };

  lines.push(`Month ${target.from} – ${target.to}: busiest restaurant ${target.name} (${target.timesheets} approved timesheets); ${target.monthTimesheets} approved timesheets in all.`);
  lines.push('', '| call (one at a time) | runs | median ms | answer |', '|---|---|---|---|');
  await measure("GET /api/invoice-generate (preview, busiest restaurant's month)", `/api/invoice-generate?${invoice}&invoice_number=BENCH-PREVIEW`, 5);

  // Issue one for real (transaction, frozen lines, stored PDF), download it, then remove it again.
  const number = `BENCH-${Date.now()}`;
  const created = await timed(get(`/api/invoice-generate?${invoice}&invoice_number=${number}&create_invoice=1`));
  if (created.status !== 200) throw new Error(`create: HTTP ${created.status}`);
  lines.push(`| GET /api/invoice-generate?create_invoice=1 (issue it) | 1 | ${created.ms.toFixed(0)} | ${(created.bytes / 1024).toFixed(0)} KB |`);
  const id = created.headers.get('x-invoice-id');
  await measure('GET /api/invoice-download/{id} (stored document)', `/api/invoice-download/${id}`, 5);
  await fetch(`${url}/api/invoice/${id}`, { method: 'DELETE', headers });

  await measure('GET /api/xls (payments export, whole month, every restaurant)', `/api/xls?${period}`, 3);
  await measure('GET /api/invoice (month)', `/api/invoice?${period}`, 5);
  for (const report of ['/api/reporting/shiftsCancelled', '/api/reporting/extraRequest', '/api/reporting/chargeRemoved', '/api/timesheet/inactiveFee']) {
    await measure(`GET ${report} (month)`, `${report}?${period}`, 5);
  }
  return lines;
}
