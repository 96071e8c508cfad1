import { shiftHours } from './dates';
import { fromPence, toPence } from './money';
import { costTotal } from './pay';

/**
 * The payments export (spec 2, section 2 'Payments export'): what each driver is paid for the approved timesheets
 * of a period, with the bank details as stored, so the office can make the transfers. The amount of a timesheet
 * is the timesheet's own rule (rate × hours + driver bonus + fuel bonus), in whole pence.
 */

/** An approved timesheet with its driver's bank details, as the export reads it. */
export interface PaymentTimesheet {
  id: number;
  period_date: string;
  driver_id: number;
  driver_name: string;
  bank_name_of_account_holder: string | null;
  bank_sort_code: string | null;
  bank_account_number: string | null;
  restaurant_name: string;
  start_time: string;
  finish_time: string;
  cost_per_hour: number;
  cost_bonus: number;
  const_fuel_bonus: number;
}

export interface PaymentRow extends PaymentTimesheet {
  hours: number;
  cost_total: number;
}

export function paymentRow(t: PaymentTimesheet): PaymentRow {
  return {
    ...t,
    hours: shiftHours(t.start_time, t.finish_time),
    cost_total: costTotal(t.cost_per_hour, t.start_time, t.finish_time, t.cost_bonus, t.const_fuel_bonus),
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
  cost_total: number;
}

/** Per-driver sums, by driver name; hours in hundredths and money in pence so the sums are exact. */
export function driverPayments(rows: PaymentRow[]): DriverPayment[] {
  const byDriver = new Map<number, { first: PaymentRow; n: number; hours: number; bonus: number; fuel: number; total: number }>();
  for (const r of rows) {
    const acc = byDriver.get(r.driver_id) ?? { first: r, n: 0, hours: 0, bonus: 0, fuel: 0, total: 0 };
    acc.n += 1;
    acc.hours += Math.round(r.hours * 100);
    acc.bonus += toPence(r.cost_bonus);
    acc.fuel += toPence(r.const_fuel_bonus);
    acc.total += toPence(r.cost_total);
    byDriver.set(r.driver_id, acc);
  }
  return [...byDriver.values()]
    .map(({ first, n, hours, bonus, fuel, total }) => ({
      driver_id: first.driver_id,
      driver_name: first.driver_name,
      bank_name_of_account_holder: first.bank_name_of_account_holder,
      bank_sort_code: first.bank_sort_code,
      bank_account_number: first.bank_account_number,
      timesheets: n,
      hours: hours / 100,
      cost_bonus: fromPence(bonus),
      const_fuel_bonus: fromPence(fuel),
      cost_total: fromPence(total),
    }))
    .sort((a, b) => a.driver_name.localeCompare(b.driver_name) || a.driver_id - b.driver_id);
}

/** 'payments_2026-11-01-2026-11-30.xlsx' (spec 2, section 2 'Payments export'). */
export function paymentsFileName(from: string, to: string): string {
  return `payments_${from}-${to}.xlsx`;
}
