import { sql, type Kysely } from 'kysely';
import { WORKING_TIME_DEFAULTS, WORKING_TIME_OPTION } from '../../../domain/workingTime';

/**
 * The planning assistant and the UK working-time rules (domain/workingTime.ts, domain/planner.ts).
 *
 * Drivers get the 48-hour week opt-out and a home position (the assistant prefers nearer drivers when both the
 * driver and the restaurant have one). The three limits are options an administrator changes on the Options screen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`alter table drivers add column working_time_opt_out boolean not null default false`);
  await run(`alter table drivers add column map_latitude double precision check (map_latitude between -90 and 90)`);
  await run(`alter table drivers add column map_longitude double precision check (map_longitude between -180 and 180)`);
  const options = [
    [WORKING_TIME_OPTION.minRestHours, WORKING_TIME_DEFAULTS.minRestHours, 'Working time: the fewest hours of rest between two shifts of a driver.'],
    [WORKING_TIME_OPTION.maxWeekHours, WORKING_TIME_DEFAULTS.maxWeekHours, 'Working time: the most hours planned for a driver in a Monday–Sunday week (unless the driver opted out).'],
    [WORKING_TIME_OPTION.maxConsecutiveDays, WORKING_TIME_DEFAULTS.maxConsecutiveDays, 'Working time: the most days in a row a driver works.'],
  ] as const;
  for (const [okey, value, description] of options) {
    await sql`insert into options (okey, ovalue, description) values (${okey}, ${String(value)}, ${description}) on conflict (okey) do nothing`.execute(db);
  }
  // 'Has worked at this restaurant before', asked for hundreds of restaurants at once, from the index alone.
  await run(`create index if not exists timesheets_worked_at_idx on timesheets (restaurant_id, driver_id, period_date)
    where driver_id is not null and status in (10, 30)`);
}
