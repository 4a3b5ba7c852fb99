import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from '../../migrations/index';

function migrator(db: Kysely<unknown>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function check({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? ''} failed: ${(error as Error).message ?? String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Applies every pending migration (Kysely takes an advisory lock, so concurrent starts are safe). */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return check(await migrator(db).migrateToLatest());
}

export async function migrateDown(db: Kysely<any>): Promise<string[]> {
  return check(await migrator(db).migrateDown());
}

/** PostgreSQL's undefined_table: the migration table is not there yet (a database never migrated). */
const UNDEFINED_TABLE = '42P01';

/**
 * The migrations of migrations/index.ts that the database has not applied (the readiness check,
 * server/http/readiness.ts): one read of Kysely's migration table.
 */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  let applied: Set<string>;
  try {
    const rows = await db.selectFrom('kysely_migration').select('name').execute();
    applied = new Set(rows.map((row: { name: string }) => row.name));
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) throw error;
    applied = new Set();
  }
  return Object.keys(migrations).filter((name) => !applied.has(name));
}
