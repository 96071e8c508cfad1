import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as schema from './migrations/0001_schema';

/** Migrations are listed here, in order, so the same set runs on PGlite and PostgreSQL without a file scan. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_schema': schema,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export interface MigrationState {
  applied: string[];
  pending: string[];
}

function migrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider });
}

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationState> {
  const { error } = await migrator(db).migrateToLatest();
  if (error) throw error;
  return migrationState(db);
}

export async function migrationState(db: Kysely<any>): Promise<MigrationState> {
  const all = await migrator(db).getMigrations();
  return {
    applied: all.filter((m) => m.executedAt).map((m) => m.name),
    pending: all.filter((m) => !m.executedAt).map((m) => m.name),
  };
}
