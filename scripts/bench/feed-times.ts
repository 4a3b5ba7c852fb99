import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchDatabaseUrl, HEAVY_VIEWERS } from './seed';
import { feedVariants, variantLabel } from './feed-variants';
import { bind, captureFeed } from './sql-capture';

/*
 * The time of each feed variant's whole statement, one at a time on one connection set up as the
 * app's pool (generic plans, JIT off), for each of the heaviest viewers: the median of `--rounds`
 * calls, and the CPU its backend spent per call (from /proc, so the server must be local), which
 * drifts less than time on a shared machine. One connection and no concurrency, so these are the
 * statement's own cost, the figure to compare when changing the SQL; `npm run bench` gives the
 * latency under load.
 *
 *   npx tsx scripts/bench/feed-times.ts [--offset 0] [--rounds 100] [--only "feed new"]
 */
const { values } = parseArgs({ options: { offset: { type: 'string', default: '0' }, rounds: { type: 'string', default: '100' }, only: { type: 'string' } } });
const offset = Number(values.offset);
const rounds = Number(values.rounds);

const client = new pg.Client({ connectionString: benchDatabaseUrl().url, options: '-c jit=off -c plan_cache_mode=force_generic_plan' });
await client.connect();
try {
  const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
  /** The backend's CPU so far in ms (utime + stime, 100 ticks a second). */
  const backendCpuMs = () => {
    const fields = readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const { rows: viewers } = await client.query<{ id: number; username: string }>('select id, username from users where username = any($1) order by id', [HEAVY_VIEWERS]);
  const quantile = (xs: number[], q: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
  let k = 0;
  console.log(`offset ${offset}, ${rounds} calls per viewer; ms per call for ${viewers.map((v) => v.username).join(', ')}: median time | backend CPU`);
  for (const variant of feedVariants()) {
    const label = variantLabel(variant);
    if (values.only && !label.includes(values.only)) continue;
    const template = await captureFeed(variant);
    const name = `feed_times_${k++}`;
    const cells: string[] = [];
    for (const viewer of viewers) {
      const call = () => client.query({ name, text: template.sql, values: bind(template, { viewer: viewer.id, offset, limit: 33 }) });
      for (let i = 0; i < 2; i += 1) await call();
      const times: number[] = [];
      const cpuBefore = backendCpuMs();
      for (let i = 0; i < rounds; i += 1) {
        const started = process.hrtime.bigint();
        await call();
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      const cpu = (backendCpuMs() - cpuBefore) / rounds;
      cells.push(`${quantile(times, 0.5).toFixed(2).padStart(6)} | ${cpu.toFixed(2).padStart(5)}`);
    }
    console.log(`${label.padEnd(36)} ${cells.join('   ')}`);
  }
} finally {
  await client.end();
}
