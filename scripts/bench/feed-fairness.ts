import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { databaseUrlNamed } from './seed';
import { serverNodeArgs } from './processes';

/*
 * What one user's flood of feed pages costs everyone else: the heaviest viewer's costliest page
 * ("new only", the avid viewer) on `--flood` connections, while another user reads their own feed
 * on one connection; that user's latency alone and during the flood. With two checkouts, each
 * serves in turn (as cpu-per-request.ts), so both see the same machine.
 *
 *   npx tsx scripts/bench/feed-fairness.ts --a ../old-checkout --b . [--rounds 2] [--duration 8] [--flood 10]
 */

const { values } = parseArgs({
  options: { a: { type: 'string' }, b: { type: 'string' }, rounds: { type: 'string', default: '2' }, duration: { type: 'string', default: '8' }, flood: { type: 'string', default: '10' }, database: { type: 'string', default: 'stacks_bench' } },
});
if (!values.a || !values.b) throw new Error('--a and --b (checkouts) are required');
const trees = [values.a, values.b].map((tree) => path.resolve(tree));
const SECRET = 'feed-fairness-bench-secret-0123456789ab';
const FLOOD_PATH = '/v2/stacks?filter_new=true';

async function tokens() {
  const client = new pg.Client(databaseUrlNamed(values.database));
  await client.connect();
  try {
    const pick = async (sql: string) => (await client.query<{ id: number; token_version: number }>(sql)).rows[0];
    const flooder = await pick(`select id, token_version from users where username = 'bench_heavy_avid'`);
    // A bystander with a feed of their own: a member of a group, not one of the heavy viewers.
    const bystander = await pick(`select u.id, u.token_version from users u join group_members m on m.user_id = u.id where u.username not like 'bench_heavy%' order by u.id limit 1`);
    const token = async (user: { id: number; token_version: number }) => {
      const sid = (await client.query<{ id: number }>(`insert into sessions (user_id, expires_at, user_agent) values ($1, now() + interval '1 day', 'fairness bench') returning id`, [user.id])).rows[0].id;
      return `Bearer ${jwt.sign({ sub: String(user.id), ver: user.token_version, sid }, SECRET, { expiresIn: 3600 })}`;
    };
    return { flooder: await token(flooder), bystander: await token(bystander) };
  } finally {
    await client.end();
  }
}

const portOf = (child: ChildProcess) => new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));

async function measure(tree: string, auth: { flooder: string; bystander: string }, seconds: number) {
  const child = fork(path.join(tree, 'scripts/bench/app-server.ts'), [], {
    cwd: tree,
    execArgv: ['--import', 'tsx', ...serverNodeArgs],
    env: { ...process.env, BENCH_DB_URL: databaseUrlNamed(values.database), BENCH_JWT_SECRET: SECRET },
  });
  const url = `http://127.0.0.1:${await portOf(child)}`;
  const bystander = (duration: number) => autocannon({ url, connections: 1, duration, requests: [{ method: 'GET', path: '/v2/stacks', headers: { authorization: auth.bystander } }] });
  await bystander(1);
  const alone = await bystander(seconds);
  const flood = autocannon({ url, connections: Number(values.flood), duration: seconds + 2, requests: [{ method: 'GET', path: FLOOD_PATH, headers: { authorization: auth.flooder } }] });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const during = await bystander(seconds);
  const flooded = await flood;
  child.disconnect();
  await new Promise((resolve) => child.once('exit', resolve));
  return { alone, during, flooded };
}

async function main() {
  const auth = await tokens();
  for (let round = 1; round <= Number(values.rounds); round += 1) {
    for (const tree of round % 2 ? trees : [...trees].reverse()) {
      const { alone, during, flooded } = await measure(tree, auth, Number(values.duration));
      console.log(
        `round ${round}  ${tree.padEnd(24)} bystander alone p50 ${alone.latency.p50} p99 ${alone.latency.p99} ms; during the flood p50 ${during.latency.p50} p99 ${during.latency.p99} ms (${during.requests.total} pages, non-2xx ${during.non2xx}); flood ${flooded.requests.average} req/s, non-2xx ${flooded.non2xx}`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
