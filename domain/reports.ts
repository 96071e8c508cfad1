import { ukDate } from './dates';
import { fromPence, toPence } from './money';
import { datesOf, type DateRange } from './ranges';
import { spreadsheetText } from './spreadsheetText';
import type { TimesheetFields } from './timesheets';

/**
 * The reporting screen (spec 2, sections 2 'Reporting', 3 and 7): four reports over a date range, one row per
 * recorded event, with what was charged, what was paid and the difference.
 *
 * Reporting records carry an event code (the `reporting` table): 10 shift cancelled (Cancel Shift), 20 extra
 * request, 30 charge removed, 40 bonus added (a fee or bonus set when a worked shift's timesheet is approved). The
 * cancelled/bonus report shows 10 and 40, and the fees/bonuses of timesheets no record tells of.
 *
 * One sign convention, whoever recorded the amount: a record's `cost` and a timesheet's `cost_extra_bonus` are the
 * driver's, negative for a fee charged to the driver and positive for a bonus paid to them (Cancel Shift's cost is
 * negative; a fee or bonus set on approval keeps the timesheet's sign). Every row splits it the same way
 * (`splitAmount`), stored on the record and answered with it:
 *   Amount Charged = `cost_cover`: the fee the driver covers, as a positive amount (0 for a bonus)
 *   Amount Paid    = `amount_paid`: the bonus paid to the driver (0 for a fee)
 *   Difference     = `amount_difference` = Charged − Paid: positive (green) when the agency takes money back from
 *                    a driver, negative (red) when it pays out. The Total row sums each column.
 */

export const REPORT_EVENT = { shiftCancelled: 10, extraRequest: 20, chargeRemoved: 30, bonusAdded: 40 } as const;

export type ReportKind = 'shiftsCancelled' | 'extraRequest' | 'chargeRemoved' | 'inactiveFee';

export interface ReportDefinition {
  kind: ReportKind;
  label: string;
  /** The call that answers its rows (spec 2, section 7). */
  path: string;
  /** Reporting events it lists; none for the timesheet-based report. */
  events: readonly number[];
  /** Ends with a Total row (spec 2, section 2: the cancelled/bonus report). */
  withTotal: boolean;
}

export const REPORTS: readonly ReportDefinition[] = [
  { kind: 'shiftsCancelled', label: 'Shift Cancelled/Bonus Added', path: '/api/reporting/shiftsCancelled', events: [REPORT_EVENT.shiftCancelled, REPORT_EVENT.bonusAdded], withTotal: true },
  { kind: 'extraRequest', label: 'Extra Request', path: '/api/reporting/extraRequest', events: [REPORT_EVENT.extraRequest], withTotal: false },
  { kind: 'chargeRemoved', label: 'Charge Removed', path: '/api/reporting/chargeRemoved', events: [REPORT_EVENT.chargeRemoved], withTotal: false },
  { kind: 'inactiveFee', label: 'Drivers Inactive with Cancellation Fee', path: '/api/timesheet/inactiveFee', events: [], withTotal: false },
];

export const DEFAULT_REPORT: ReportKind = 'shiftsCancelled';

export function reportDefinition(kind: ReportKind): ReportDefinition {
  return REPORTS.find((r) => r.kind === kind)!;
}

export function isReportKind(value: unknown): value is ReportKind {
  return REPORTS.some((r) => r.kind === value);
}

/** The columns of every report, in order (spec 2, section 2). */
export const REPORT_COLUMNS = [
  'Date', 'Driver', 'Amount Charged', 'Amount Paid', 'Difference', 'Restaurant', 'Shift Time', 'Created Date', 'Comment', 'Creator',
] as const;

/** A report row as the calls answer it: the spec's fields (section 3 'Report row') and the names to show. */
export interface ReportRow {
  /** 'r{id}' for a reporting record, 't{id}' for a timesheet: unique across both kinds in one table. */
  key: string;
  shift_id: number | null;
  /** The timesheet whose fee or bonus the row tells of (a cancellation timesheet, or the one approved), if any. */
  timesheet_id: number | null;
  period_date: string;
  cost: number;
  driver_id: number | null;
  restaurant_id: number;
  start_time: string | null;
  finish_time: string | null;
  created_at: string | null;
  updated_at: string | null;
  comment_cancelled: string | null;
  moderator_id: number | null;
  cost_cover: number;
  amount_paid: number;
  amount_difference: number;
  /** Timesheet-based rows only. */
  modified_shift_id?: number | null;
  cost_extra_bonus?: number;
  event: number | null;
  driver_name: string | null;
  restaurant_name: string;
  moderator_name: string | null;
}

/** A timesheet as the timesheet-based rows read it (GET /api/timesheet/inactiveFee, GET /api/timesheet?for_reports=1). */
export interface ReportTimesheet
  extends Pick<
    TimesheetFields,
    'id' | 'shift_id' | 'modified_shift_id' | 'restaurant_id' | 'driver_id' | 'period_date' | 'start_time' | 'finish_time' | 'cost_extra_bonus' | 'comment'
  > {
  created_at?: string | null;
  updated_at: string | null;
  driver_name: string | null;
  restaurant_name: string;
}

export interface AmountSplit {
  cost_cover: number;
  amount_paid: number;
  amount_difference: number;
}

/** A driver's signed amount (fee negative, bonus positive) as the report's Charged, Paid and Difference. */
export function splitAmount(signed: number): AmountSplit {
  const pence = toPence(signed);
  return { cost_cover: fromPence(Math.max(0 - pence, 0)), amount_paid: fromPence(Math.max(pence, 0)), amount_difference: fromPence(0 - pence) };
}

/** A timesheet's cancellation fee/bonus as a report row, split like a record's amount. */
export function timesheetReportRow(t: ReportTimesheet): ReportRow {
  const amount = t.cost_extra_bonus ?? 0;
  return {
    key: `t${t.id}`,
    shift_id: t.shift_id,
    timesheet_id: t.id,
    period_date: t.period_date,
    cost: amount,
    driver_id: t.driver_id,
    restaurant_id: t.restaurant_id,
    start_time: t.start_time,
    finish_time: t.finish_time,
    created_at: t.created_at ?? null,
    updated_at: t.updated_at,
    comment_cancelled: t.comment,
    moderator_id: null,
    ...splitAmount(amount),
    modified_shift_id: t.modified_shift_id,
    cost_extra_bonus: amount,
    event: null,
    driver_name: t.driver_name,
    restaurant_name: t.restaurant_name,
    moderator_name: null,
  };
}

/**
 * The cancelled/bonus report adds the timesheets of the range that carry a cancellation fee/bonus, unless a
 * reporting record already tells of that timesheet (Cancel Shift and approving a changed fee each write one).
 */
export function withTimesheetFees(rows: ReportRow[], timesheets: ReportTimesheet[]): ReportRow[] {
  const recorded = new Set(rows.map((r) => r.timesheet_id).filter((id): id is number => id !== null));
  const extra = timesheets
    .filter((t) => t.driver_id && toPence(t.cost_extra_bonus ?? 0) !== 0 && !recorded.has(t.id))
    .map(timesheetReportRow);
  return sortReportRows([...rows, ...extra]);
}

export function sortReportRows(rows: ReportRow[]): ReportRow[] {
  return [...rows].sort(
    (a, b) =>
      a.period_date.localeCompare(b.period_date) ||
      (a.start_time ?? '').localeCompare(b.start_time ?? '') ||
      a.restaurant_name.localeCompare(b.restaurant_name) ||
      a.key.localeCompare(b.key),
  );
}

export interface ReportAmounts {
  charged: number;
  paid: number;
  difference: number;
}

type Split = Pick<ReportRow, 'cost_cover' | 'amount_paid'>;

/** Charged and Paid summed in pence, and their difference. */
function sumAmounts(rows: readonly Split[]): ReportAmounts {
  let charged = 0;
  let paid = 0;
  for (const r of rows) {
    charged += toPence(r.cost_cover ?? 0);
    paid += toPence(r.amount_paid ?? 0);
  }
  return { charged: fromPence(charged), paid: fromPence(paid), difference: fromPence(charged - paid) };
}

export function reportAmounts(row: Split): ReportAmounts {
  return sumAmounts([row]);
}

/** The Total row. */
export function reportTotal(rows: readonly ReportRow[]): ReportAmounts {
  return sumAmounts(rows);
}

export type DifferenceSign = 'negative' | 'positive' | 'zero';

/** Rows are coloured by the sign of their difference (spec 2, section 2). */
export function differenceSign(difference: number): DifferenceSign {
  const p = toPence(difference);
  return p < 0 ? 'negative' : p > 0 ? 'positive' : 'zero';
}

/** '17:00 - 22:00', or empty. */
export function shiftTime(row: Pick<ReportRow, 'start_time' | 'finish_time'>): string {
  if (!row.start_time || !row.finish_time) return '';
  return `${row.start_time.slice(0, 5)} - ${row.finish_time.slice(0, 5)}`;
}

/** Totals show 2 decimals (spec 2, section 2). */
function amountText(value: number): string {
  return value.toFixed(2);
}

/** 'DD/MM/YYYY HH:mm' in London time for a UTC timestamp. */
function createdText(timestamp: string | null | undefined): string {
  if (!timestamp) return '';
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  })
    .formatToParts(d)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** One row as the table, the CSV and the spreadsheet show it, in REPORT_COLUMNS order. */
export interface ReportLine {
  key: string;
  date: string;
  driver: string;
  charged: number;
  paid: number;
  difference: number;
  restaurant: string;
  shiftTime: string;
  created: string;
  comment: string;
  creator: string;
  sign: DifferenceSign;
}

export function reportLine(row: ReportRow): ReportLine {
  const amounts = reportAmounts(row);
  return {
    key: row.key,
    date: ukDate(row.period_date),
    driver: row.driver_name ?? '',
    ...amounts,
    restaurant: row.restaurant_name,
    shiftTime: shiftTime(row),
    created: createdText(row.created_at ?? row.updated_at),
    comment: row.comment_cancelled ?? '',
    creator: row.moderator_name ?? '',
    sign: differenceSign(amounts.difference),
  };
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The report as CSV (RFC 4180, CRLF), with the Total row when the report has one. */
export function reportCsv(rows: ReportRow[], withTotal: boolean): string {
  const lines = rows.map(reportLine);
  const table: string[][] = [
    [...REPORT_COLUMNS],
    ...lines.map((l) => [
      l.date, spreadsheetText(l.driver), amountText(l.charged), amountText(l.paid), amountText(l.difference),
      spreadsheetText(l.restaurant), l.shiftTime, l.created, spreadsheetText(l.comment), spreadsheetText(l.creator),
    ]),
  ];
  if (withTotal) {
    const t = reportTotal(rows);
    table.push(['Total', '', amountText(t.charged), amountText(t.paid), amountText(t.difference), '', '', '', '', '']);
  }
  return table.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** 'report_shiftsCancelled_2026-11-16-2026-11-22' (the extension is the format's). */
export function reportFileStem(kind: ReportKind, range: DateRange): string {
  return `report_${kind}_${range.from}-${range.to}`;
}

export interface DayPoint {
  date: string;
  rows: number;
  charged: number;
  paid: number;
  difference: number;
}

/** The report summed per day over the whole range (days without rows count zero), for the chart. */
export function dailySeries(rows: ReportRow[], range: DateRange): DayPoint[] {
  const byDate = new Map<string, ReportRow[]>();
  for (const r of rows) byDate.set(r.period_date, [...(byDate.get(r.period_date) ?? []), r]);
  return datesOf(range).map((date) => {
    const day = byDate.get(date) ?? [];
    return { date, rows: day.length, ...sumAmounts(day) };
  });
}
