import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as schema from './migrations/0001_schema';
import * as changeCounter from './migrations/0002_change_counter';
import * as changedDays from './migrations/0003_changed_days';
import * as cancellationTimesheets from './migrations/0004_cancellation_timesheets';
import * as security from './migrations/0005_security';
import * as listIndexes from './migrations/0006_list_indexes';
import * as plannerWorkingTime from './migrations/0007_planner_working_time';
import * as history from './migrations/0008_history';
import * as calendarFeeds from './migrations/0010_calendar_feeds';
import * as historySpeed from './migrations/0011_history_speed';
import * as restaurantAreaSort from './migrations/0012_restaurant_area_sort';
import * as invoiceNewsListIndexes from './migrations/0013_invoice_news_list_indexes';
import * as driverAreaSortPerStatement from './migrations/0014_driver_area_sort_per_statement';
import * as snapshotChangeLog from './migrations/0016_snapshot_change_log';
import * as workedRestaurants from './migrations/0017_worked_restaurants';
import * as historyBulkCost from './migrations/0018_history_bulk_cost';
import * as changeLogPrunedOnWrite from './migrations/0019_change_log_pruned_on_write';
import * as driverDataFull from './migrations/0021_driver_data_full';
import * as idempotencyKeys from './migrations/0022_idempotency_keys';
import * as broadcastLog from './migrations/0023_broadcast_log';
import * as recordVersions from './migrations/0024_record_versions';
import * as historyDetail from './migrations/0026_history_detail';
import * as referenceIndexes from './migrations/0028_reference_indexes';
import * as attendance from './migrations/0029_attendance';
import * as shiftCovers from './migrations/0030_shift_covers';
import * as restaurantAlertReads from './migrations/0031_restaurant_alert_reads';

/** Migrations are listed here, in order, so the same set runs on PGlite and PostgreSQL without a file scan. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_schema': schema,
  '0002_change_counter': changeCounter,
  '0003_changed_days': changedDays,
  '0004_cancellation_timesheets': cancellationTimesheets,
  '0005_security': security,
  '0006_list_indexes': listIndexes,
  '0007_planner_working_time': plannerWorkingTime,
  '0008_history': history,
  '0010_calendar_feeds': calendarFeeds,
  '0011_history_speed': historySpeed,
  '0012_restaurant_area_sort': restaurantAreaSort,
  '0013_invoice_news_list_indexes': invoiceNewsListIndexes,
  '0014_driver_area_sort_per_statement': driverAreaSortPerStatement,
  '0016_snapshot_change_log': snapshotChangeLog,
  '0017_worked_restaurants': workedRestaurants,
  '0018_history_bulk_cost': historyBulkCost,
  '0019_change_log_pruned_on_write': changeLogPrunedOnWrite,
  '0021_driver_data_full': driverDataFull,
  '0022_idempotency_keys': idempotencyKeys,
  '0023_broadcast_log': broadcastLog,
  '0024_record_versions': recordVersions,
  '0026_history_detail': historyDetail,
  '0028_reference_indexes': referenceIndexes,
  '0029_attendance': attendance,
  '0030_shift_covers': shiftCovers,
  '0031_restaurant_alert_reads': restaurantAlertReads,
};

// Migrations work on any schema type: they create it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export interface MigrationState {
  applied: string[];
  pending: string[];
}

function migrator(db: AnyDb): Migrator {
  return new Migrator({ db, provider });
}

export async function migrateToLatest(db: AnyDb): Promise<MigrationState> {
  const { error } = await migrator(db).migrateToLatest();
  if (error) throw error;
  return migrationState(db);
}

/**
 * Which of our migrations the database has run. Reads Kysely's bookkeeping table directly: the health check
 * calls this on every probe, and the Migrator's own listing costs ~15 ms of table checks each time.
 */
export async function migrationState(db: AnyDb): Promise<MigrationState> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`
    .execute(db)
    .then((r) => r.rows)
    // No bookkeeping table yet: nothing has run. Any other failure (the database not answering) is the caller's to
    // hear, not a reason to say migrations are pending.
    .catch((error: { code?: string }) => {
      if (error.code === '42P01') return [];
      throw error;
    });
  const done = new Set(rows.map((r) => r.name));
  const names = Object.keys(MIGRATIONS);
  return { applied: names.filter((n) => done.has(n)), pending: names.filter((n) => !done.has(n)) };
}
