import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { OverridePeriod, WeeklyPeriod } from '../../domain/validation/workingTimes';
import { updateDriver } from './drivers';

/**
 * A driver's working times replaced: the weekly pattern whole, dated overrides from `today` on (past ones are
 * history and stay); the driver's version moves on, as its working times are part of it.
 */
export async function replaceWorkingTimes(
  trx: Transaction<Database>,
  driverId: number,
  weekly: WeeklyPeriod[],
  overrides: OverridePeriod[],
  today: string,
): Promise<void> {
  await trx.deleteFrom('driver_working_times').where('driver_id', '=', driverId).execute();
  if (weekly.length) {
    await trx.insertInto('driver_working_times').values(weekly.map((p) => ({ driver_id: driverId, ...p }))).execute();
  }
  await trx.deleteFrom('driver_working_time_overrides').where('driver_id', '=', driverId).where('period_date', '>=', today).execute();
  if (overrides.length) {
    await trx.insertInto('driver_working_time_overrides').values(overrides.map((o) => ({ driver_id: driverId, ...o }))).execute();
  }
  await updateDriver(trx, driverId, {});
}
