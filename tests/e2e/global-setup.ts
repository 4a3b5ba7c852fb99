import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { TEMPLATE_ENV } from './servers';

/**
 * With DATABASE_URL, migrates one template database for the whole run: every app the tests start
 * gets `create database … template …` and has nothing to migrate. On the embedded database each
 * server migrates its own temp folder.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `stacks_e2e_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  // A template must have no open connection when it is copied.
  await waitUntilUnused(serverUrl, name);
  // Workers inherit the environment global setup leaves.
  process.env[TEMPLATE_ENV] = name;
  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

/** Waits until no connection to database `name` is left (pg's Pool.end() resolves before its sockets close). */
async function waitUntilUnused(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}
