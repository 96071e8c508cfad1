import { sql, type Kysely } from 'kysely';

/**
 * Cancellation timesheets and one sign convention for the reports.
 *
 * Cancel Shift now makes a timesheet for the cancelled driver carrying the fee (domain/timesheets.ts
 * `cancellationTimesheet`), with its own status 40 and progress 80 (domain/statuses.ts CANCELLATION_TIMESHEET). It is
 * tied to its shift by `cancelled_shift_id`, not `shift_id`: the shift is open again and keeps its placeholder, and may
 * get a worked timesheet of its own (the unique index on shift_id stays as it is).
 *
 * Reporting records store their amount split into charged, paid and difference (domain/reports.ts `splitAmount`); the
 * records written before are split here the same way. A fee-or-bonus record made through the cancel-shift call names
 * the worked timesheet of its shift, so the report tells of that timesheet's fee once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`alter table timesheets drop constraint timesheets_status_check`);
  await run(`alter table timesheets add constraint timesheets_status_check check (status in (10, 20, 30, 40))`);
  await run(`alter table timesheets drop constraint timesheets_status_progress_check`);
  await run(`alter table timesheets add constraint timesheets_status_progress_check check (status_progress in (10, 20, 30, 40, 50, 60, 70, 80))`);
  // A cancellation timesheet's status and progress go together, and only it has a cancelled shift.
  await run(`alter table timesheets add column cancelled_shift_id integer references shifts(id) on delete set null`);
  await run(`alter table timesheets add constraint timesheets_cancellation_check
    check ((status = 40) = (status_progress = 80) and (cancelled_shift_id is null or status = 40))`);
  await run(`create index timesheets_cancelled_shift_idx on timesheets (cancelled_shift_id) where cancelled_shift_id is not null`);

  await run(`update reporting set cost_cover = greatest(-cost, 0), amount_paid = greatest(cost, 0), amount_difference = -cost`);
  await run(`update reporting r set timesheet_id = t.id from timesheets t
    where r.event = 40 and r.timesheet_id is null and r.shift_id is not null and t.shift_id = r.shift_id`);
}
