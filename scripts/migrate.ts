import { buildConfig } from '../server/config';
import { openDatabase, DataFolderBusyError } from '../server/db/client';
import { migrateDown, migrateToLatest } from '../server/db/migrate';
import { loadEnv } from '../server/env';
import path from 'node:path';

/** `npm run migrate` applies pending migrations; `npm run migrate -- down` undoes the last one. */
async function main() {
  const env = loadEnv();
  const config = buildConfig(env);
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
  });
  try {
    const down = process.argv[2] === 'down';
    const names = down ? await migrateDown(handle.db) : await migrateToLatest(handle.db);
    console.log(names.length ? `${down ? 'Reverted' : 'Applied'}: ${names.join(', ')}` : 'Nothing to do: the database is up to date.');
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof DataFolderBusyError ? error.message : error);
  process.exit(1);
});
