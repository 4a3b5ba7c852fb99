/**
 * CPU per request of the stack detail (the app's process and PostgreSQL's), for two checkouts in
 * alternation: on a machine whose speed drifts (a shared VM), throughput alone moves ±15% from run
 * to run, while two builds measured turn about, a few seconds each, see the same drift.
 *
 *   npx tsx scripts/bench/cpu-per-request.ts --a /path/to/old-checkout:stacks_bench_old --b .:stacks_bench [--rounds 6] [--duration 6]
 *   npx tsx scripts/bench/cpu-per-request.ts --a … --b … --path '/v2/stacks?filter_new=true'
 *
 * Each side is `<checkout>:<database>`: the checkout's own scripts/bench/app-server.ts serves its
 * code on that (seeded, migrated for it) database (both sides may name the same checkout or
 * database). By default five users' own stacks are read; with --path, that path for the seed's
 * heaviest viewers in turn (a feed variant, say). 10 connections.
 * Prints each round and the means: app µs/request, PostgreSQL µs/request, their sum, req/s.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { serverNodeArgs } from './processes';
import { databaseUrlNamed, HEAVY_VIEWERS } from './seed';

const { values } = parseArgs({
  options: { a: { type: 'string' }, b: { type: 'string' }, rounds: { type: 'string', default: '6' }, duration: { type: 'string', default: '6' }, path: { type: 'string' } },
});
if (!values.a || !values.b) throw new Error('--a and --b (each <checkout>:<database>) are required');
const sides = [values.a, values.b].map((spec) => {
  const [tree, database] = spec.split(':');
  return { label: spec, tree: path.resolve(tree), database };
});
const SECRET = 'cpu-per-request-bench-secret-0123456789';

/** CPU of every PostgreSQL process, in µs (utime + stime from /proc, 100 ticks a second). */
function postgresCpuMicros(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (!stat.includes('(postgres)')) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10_000;
}

/**
 * Tokens and paths (with a session where the schema has them): five users reading their own
 * stacks, or `--path` for each of the heaviest viewers.
 */
async function targetsOf(database: string) {
  const client = new pg.Client(databaseUrlNamed(database));
  await client.connect();
  try {
    const hasSessions = (await client.query<{ t: string | null }>(`select to_regclass('sessions') as t`)).rows[0].t !== null;
    const { rows } = values.path
      ? await client.query<{ id: number; token_version: number; stack_id: number }>(`select u.id, u.token_version, 0 as stack_id from users u where u.username = any($1) order by u.id`, [HEAVY_VIEWERS])
      : await client.query<{ id: number; token_version: number; stack_id: number }>(
          `select u.id, u.token_version, (select s.id from stacks s where s.owner_id = u.id and s.parent_id is null limit 1) as stack_id
           from users u where exists (select 1 from stacks s where s.owner_id = u.id and s.parent_id is null) order by u.id limit 5`,
        );
    if (rows.length === 0) throw new Error(`${database}: no users to read as`);
    const requests = [];
    for (const user of rows) {
      const claims: Record<string, unknown> = { sub: String(user.id), ver: user.token_version };
      if (hasSessions) {
        claims.sid = (await client.query<{ id: number }>(`insert into sessions (user_id, expires_at, user_agent) values ($1, now() + interval '1 day', 'cpu bench') returning id`, [user.id])).rows[0].id;
      }
      requests.push({ method: 'GET' as const, path: values.path ?? `/v1/stacks/${user.stack_id}`, headers: { authorization: `Bearer ${jwt.sign(claims, SECRET, { expiresIn: 3600 })}` } });
    }
    return requests;
  } finally {
    await client.end();
  }
}

const ask = <T>(child: ChildProcess, message: string, key: string) =>
  new Promise<T>((resolve) => {
    const listener = (reply: Record<string, unknown>) => {
      if (!(key in reply)) return;
      child.off('message', listener);
      resolve(reply[key] as T);
    };
    child.on('message', listener);
    if (message) child.send(message);
  });

async function measure(side: (typeof sides)[number], seconds: number) {
  const requests = await targetsOf(side.database);
  const child = fork(path.join(side.tree, 'scripts/bench/app-server.ts'), [], {
    cwd: side.tree,
    execArgv: ['--import', 'tsx', ...serverNodeArgs],
    env: { ...process.env, BENCH_DB_URL: databaseUrlNamed(side.database), BENCH_JWT_SECRET: SECRET },
  });
  const port = await ask<number>(child, '', 'port');
  const run = (duration: number) => autocannon({ url: `http://127.0.0.1:${port}`, connections: 10, duration, requests });
  await run(2);
  const appBefore = (await ask<{ cpuMicros: number }>(child, 'usage', 'usage')).cpuMicros;
  const pgBefore = postgresCpuMicros();
  const result = await run(seconds);
  const appAfter = (await ask<{ cpuMicros: number }>(child, 'usage', 'usage')).cpuMicros;
  const pgAfter = postgresCpuMicros();
  child.disconnect();
  await new Promise((resolve) => child.once('exit', resolve));
  const n = result.requests.total;
  if (result.non2xx > 0) throw new Error(`${side.label}: ${result.non2xx} answers were not 2xx`);
  return { app: (appAfter - appBefore) / n, pg: (pgAfter - pgBefore) / n, rate: result.requests.average };
}

async function main() {
  const rows: Record<string, { app: number; pg: number; rate: number }[]> = Object.fromEntries(sides.map((s) => [s.label, []]));
  for (let round = 1; round <= Number(values.rounds); round += 1) {
    for (const side of round % 2 ? sides : [...sides].reverse()) {
      const m = await measure(side, Number(values.duration));
      rows[side.label].push(m);
      console.log(`round ${round}  ${side.label.padEnd(40)} app ${m.app.toFixed(0)} µs  pg ${m.pg.toFixed(0)} µs  sum ${(m.app + m.pg).toFixed(0)} µs  ${m.rate.toFixed(0)} req/s`);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`\nmeans per request (${values.path ?? 'stack detail'}, 10 connections):`);
  for (const side of sides) {
    const r = rows[side.label];
    console.log(`  ${side.label.padEnd(40)} app ${mean(r.map((x) => x.app)).toFixed(0)} µs  pg ${mean(r.map((x) => x.pg)).toFixed(0)} µs  sum ${mean(r.map((x) => x.app + x.pg)).toFixed(0)} µs  ${mean(r.map((x) => x.rate)).toFixed(0)} req/s`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
