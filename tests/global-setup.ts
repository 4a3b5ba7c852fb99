import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../server/db/client';
import { migrateToLatest } from '../server/db/migrate';
import { databaseUrlFor, dropDatabase, TEST_PGLITE_SETTINGS, waitUntilUnused } from './helpers/test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (`dumpDataDir()` tarball) that createTestDb loads on PGlite runs. */
    pgliteDump: string | null;
    /** A migrated database on the server of DATABASE_URL that createTestDb copies (`create database ... template`). */
    templateDatabase: { serverUrl: string; name: string } | null;
  }
}

/**
 * Migrates once for the whole server project. Initialising and migrating a database costs about
 * 5 s on PGlite; loading a dump of one costs about 0.5 s, and copying a template on a server is
 * about as quick.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `stacks_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name), poolMax: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    // A template must have no open connection when it is copied.
    await waitUntilUnused(serverUrl, name);
    project.provide('templateDatabase', { serverUrl, name });
    project.provide('pgliteDump', null);
    return () => dropDatabase(serverUrl, name);
  }
  const handle = await openDatabase({ pgliteSettings: TEST_PGLITE_SETTINGS });
  let dump: Blob;
  try {
    await migrateToLatest(handle.db);
    dump = await handle.pglite!.dumpDataDir('none');
  } finally {
    await handle.close();
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'stacks-test-dump-'));
  const file = path.join(folder, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('templateDatabase', null);
  return async () => rmSync(folder, { recursive: true, force: true });
}
