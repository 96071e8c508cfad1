import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as schema from './migrations/0001_schema';

/** Migrations are listed here, in order, so the same set runs on PGlite and PostgreSQL without a file scan. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_schema': schema,
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

export async function migrationState(db: AnyDb): Promise<MigrationState> {
  const all = await migrator(db).getMigrations();
  return {
    applied: all.filter((m) => m.executedAt).map((m) => m.name),
    pending: all.filter((m) => !m.executedAt).map((m) => m.name),
  };
}
