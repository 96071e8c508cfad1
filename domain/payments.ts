import { fromPence, toPence } from './money';
import { costTotal } from './pay';
import { isCancellation, timesheetHours, type TimesheetFields } from './timesheets';

/**
 * The payments export (spec 2, section 2 'Payments export'): what each driver is paid for the approved timesheets
 * of a period, less the cancellation fees they were charged, with the bank details as stored, so the office can
 * make the transfers. The amount of a worked timesheet is its own rule (rate × hours + driver bonus + fuel bonus)
 * plus the fee or bonus set on it (the reports' 'Amount Paid' when positive, 'Amount Charged' when negative); a
 * cancellation timesheet's is its fee (negative: charged to the driver). So the export pays what the reports record.
 * Sums are in whole pence.
 */

/** An approved or cancellation timesheet with its driver's bank details, as the export reads it. */
export interface PaymentTimesheet
  extends Pick<
    TimesheetFields,
    'id' | 'status' | 'period_date' | 'start_time' | 'finish_time' | 'cost_per_hour' | 'cost_bonus' | 'const_fuel_bonus' | 'cost_extra_bonus'
  > {
  /** Only timesheets with a driver are paid. */
  driver_id: number;
  driver_name: string;
  bank_name_of_account_holder: string | null;
  bank_sort_code: string | null;
  bank_account_number: string | null;
  restaurant_name: string;
}

export interface PaymentRow extends PaymentTimesheet {
  hours: number;
  /** The fee (negative, charged to the driver) or bonus (positive) of the timesheet: cost_extra_bonus. */
  fee_or_bonus: number;
  cost_total: number;
}

export function paymentRow(t: PaymentTimesheet): PaymentRow {
  if (isCancellation(t)) return { ...t, hours: 0, fee_or_bonus: t.cost_extra_bonus, cost_total: t.cost_extra_bonus };
  const worked = costTotal(t.cost_per_hour, t.period_date, t.start_time, t.finish_time, t.cost_bonus, t.const_fuel_bonus);
  return {
    ...t,
    hours: timesheetHours(t),
    fee_or_bonus: t.cost_extra_bonus,
    cost_total: fromPence(toPence(worked) + toPence(t.cost_extra_bonus)),
  };
}

/** One driver's line of the totals sheet. */
export interface DriverPayment {
  driver_id: number;
  driver_name: string;
  bank_name_of_account_holder: string | null;
  bank_sort_code: string | null;
  bank_account_number: string | null;
  timesheets: number;
  hours: number;
  cost_bonus: number;
  const_fuel_bonus: number;
  fee_or_bonus: number;
  cost_total: number;
}

/** Per-driver sums, by driver name; hours in hundredths and money in pence so the sums are exact. */
export function driverPayments(rows: PaymentRow[]): DriverPayment[] {
  const byDriver = new Map<number, { first: PaymentRow; n: number; hours: number; bonus: number; fuel: number; fee: number; total: number }>();
  for (const r of rows) {
    const acc = byDriver.get(r.driver_id) ?? { first: r, n: 0, hours: 0, bonus: 0, fuel: 0, fee: 0, total: 0 };
    acc.n += 1;
    acc.hours += Math.round(r.hours * 100);
    acc.bonus += toPence(r.cost_bonus);
    acc.fuel += toPence(r.const_fuel_bonus);
    acc.fee += toPence(r.fee_or_bonus);
    acc.total += toPence(r.cost_total);
    byDriver.set(r.driver_id, acc);
  }
  return [...byDriver.values()]
    .map(({ first, n, hours, bonus, fuel, fee, total }) => ({
      driver_id: first.driver_id,
      driver_name: first.driver_name,
      bank_name_of_account_holder: first.bank_name_of_account_holder,
      bank_sort_code: first.bank_sort_code,
      bank_account_number: first.bank_account_number,
      timesheets: n,
      hours: hours / 100,
      cost_bonus: fromPence(bonus),
      const_fuel_bonus: fromPence(fuel),
      fee_or_bonus: fromPence(fee),
      cost_total: fromPence(total),
    }))
    .sort((a, b) => a.driver_name.localeCompare(b.driver_name) || a.driver_id - b.driver_id);
}

/** 'payments_2026-11-01-2026-11-30.xlsx' (spec 2, section 2 'Payments export'). */
export function paymentsFileName(from: string, to: string): string {
  return `payments_${from}-${to}.xlsx`;
}
