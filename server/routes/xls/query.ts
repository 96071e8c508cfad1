import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { personName } from '../../records/names';
import { CANCELLATION_TIMESHEET, TIMESHEET_STATUS } from '../../../domain/statuses';
import type { PaymentTimesheet } from '../../../domain/payments';

export interface PaymentsFilter {
  from: string;
  to: string;
  /** Restaurants the account may see; null = all. */
  scope: number[] | null;
  restaurantId: number | null;
}

/**
 * Approved timesheets and cancellation timesheets (fees charged) with a driver in a period (optionally of one
 * restaurant), with the driver's bank details, ordered by driver name then date. One query on the timesheets' period
 * (or restaurant and period) index.
 */
export async function paymentTimesheets(db: Kysely<Database>, filter: PaymentsFilter): Promise<PaymentTimesheet[]> {
  if (filter.scope && filter.scope.length === 0) return [];
  const rows = await db
    .selectFrom('timesheets as t')
    .innerJoin('drivers as d', 'd.id', 't.driver_id')
    .innerJoin('restaurants as r', 'r.id', 't.restaurant_id')
    .select([
      't.id', 't.status', 't.period_date', 't.start_time', 't.finish_time', 't.cost_per_hour', 't.cost_bonus', 't.const_fuel_bonus', 't.cost_extra_bonus',
      'd.id as driver_id', personName('d').as('driver_name'),
      'd.bank_name_of_account_holder', 'd.bank_sort_code', 'd.bank_account_number', 'r.name as restaurant_name',
    ])
    .where('t.period_date', '>=', filter.from)
    .where('t.period_date', '<=', filter.to)
    .where('t.status', 'in', [TIMESHEET_STATUS.approved, CANCELLATION_TIMESHEET.status])
    .$if(filter.scope !== null, (q) => q.where('t.restaurant_id', 'in', filter.scope!))
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
