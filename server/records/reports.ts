import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { personName, personNameOrNull } from './names';
import { CANCELLATION_TIMESHEET, DRIVER_STATUS, TIMESHEET_STATUS } from '../../domain/statuses';
import type { PaymentTimesheet } from '../../domain/payments';
import { sortReportRows, timesheetReportRow, type ReportRow } from '../../domain/reports';

/**
 * Reports: reads spanning several records (timesheets, reporting events, drivers, restaurants) for the payments
 * export and the Reporting screens. The callers work out the period and the account's restaurants.
 */

export interface ReportFilter {
  from: string;
  to: string;
  /** Restaurants the account may see; null = all. */
  scope: number[] | null;
}

export interface PaymentsFilter {
  from: string;
  to: string;
  /** Restaurants the account may see; null = all. */
  scope: number[] | null;
  restaurantId: number | null;
}

/** Timesheets of the period and restaurants of `filter` (`t`), with their driver (`d`) and restaurant (`r`). */
function driverTimesheetsOf(db: Kysely<Database>, filter: ReportFilter) {
  return db
    .selectFrom('timesheets as t')
    .innerJoin('drivers as d', 'd.id', 't.driver_id')
    .innerJoin('restaurants as r', 'r.id', 't.restaurant_id')
    .where('t.period_date', '>=', filter.from)
    .where('t.period_date', '<=', filter.to)
    .$if(filter.scope !== null, (q) => q.where('t.restaurant_id', 'in', filter.scope!));
}

/**
 * Approved timesheets and cancellation timesheets (fees charged) with a driver in a period (optionally of one
 * restaurant), with the driver's bank details, ordered by driver name then date. One query on the timesheets' period
 * (or restaurant and period) index.
 */
export async function paymentTimesheets(db: Kysely<Database>, filter: PaymentsFilter): Promise<PaymentTimesheet[]> {
  if (filter.scope && filter.scope.length === 0) return [];
  const rows = await driverTimesheetsOf(db, filter)
    .select([
      't.id', 't.status', 't.period_date', 't.start_time', 't.finish_time', 't.cost_per_hour', 't.cost_bonus', 't.const_fuel_bonus', 't.cost_extra_bonus',
      'd.id as driver_id', personName('d').as('driver_name'),
      'd.bank_name_of_account_holder', 'd.bank_sort_code', 'd.bank_account_number', 'r.name as restaurant_name',
    ])
    .where('t.status', 'in', [TIMESHEET_STATUS.approved, CANCELLATION_TIMESHEET.status])
    .$if(filter.restaurantId !== null, (q) => q.where('t.restaurant_id', '=', filter.restaurantId!))
    .execute();
  // Sorted here: a case-blind sort of ~10,000 rows costs the embedded database far more than it costs us.
  const collator = new Intl.Collator('en-GB', { sensitivity: 'base' });
  return rows.sort(
    (a, b) =>
      collator.compare(a.driver_name, b.driver_name) ||
      a.driver_id - b.driver_id ||
      a.period_date.localeCompare(b.period_date) ||
      a.start_time.localeCompare(b.start_time) ||
      a.id - b.id,
  );
}

/** Reporting records of some events in a range; the (period_date, event) index serves it. */
export async function reportingRows(db: Kysely<Database>, filter: ReportFilter, events: readonly number[]): Promise<ReportRow[]> {
  if (filter.scope && filter.scope.length === 0) return [];
  const rows = await db
    .selectFrom('reporting as r')
    .innerJoin('restaurants as rs', 'rs.id', 'r.restaurant_id')
    .leftJoin('drivers as d', 'd.id', 'r.driver_id')
    .leftJoin('users as u', 'u.id', 'r.moderator_id')
    .select([
      'r.id', 'r.shift_id', 'r.timesheet_id', 'r.period_date', 'r.cost', 'r.driver_id', 'r.restaurant_id', 'r.start_time', 'r.finish_time', 'r.created_at',
      'r.updated_at', 'r.comment_cancelled', 'r.moderator_id', 'r.cost_cover', 'r.amount_paid', 'r.amount_difference', 'r.event',
      'rs.name as restaurant_name', personNameOrNull('d').as('driver_name'), personNameOrNull('u').as('moderator_name'),
    ])
    .where('r.period_date', '>=', filter.from)
    .where('r.period_date', '<=', filter.to)
    .where('r.event', 'in', [...events])
    .$if(filter.scope !== null, (q) => q.where('r.restaurant_id', 'in', filter.scope!))
    .execute();
  return sortReportRows(rows.map(({ id, ...r }) => ({ key: `r${id}`, ...r })));
}

/**
 * 'Drivers Inactive with Cancellation Fee': timesheets of the range carrying a cancellation fee/bonus whose driver's
 * account is now inactive, so the fee can no longer be settled through their pay.
 */
export async function inactiveFeeRows(db: Kysely<Database>, filter: ReportFilter): Promise<ReportRow[]> {
  if (filter.scope && filter.scope.length === 0) return [];
  const rows = await driverTimesheetsOf(db, filter)
    .select([
      't.id', 't.shift_id', 't.modified_shift_id', 't.restaurant_id', 't.driver_id', 't.period_date', 't.start_time', 't.finish_time',
      't.cost_extra_bonus', 't.comment', 't.created_at', 't.updated_at', 'r.name as restaurant_name', personNameOrNull('d').as('driver_name'),
    ])
    .where('t.cost_extra_bonus', '<>', 0)
    .where('d.status', '=', DRIVER_STATUS.inactive)
    .execute();
  return sortReportRows(rows.map((t) => timesheetReportRow({ ...t, restaurant_name: t.restaurant_name })));
}
