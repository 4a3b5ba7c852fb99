import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchDatabaseUrl, databaseUrlNamed, HEAVY_VIEWERS } from './seed';
import { feedVariants, variantLabel } from './feed-variants';
import { bind, captureFeed, type StatementTemplate } from './sql-capture';

/*
 * The time of each feed variant's whole statement, one call at a time on one connection set up as
 * the app's pool (generic plans, JIT off), for each of the heaviest viewers: the statement's own
 * cost, the figure to compare when changing its SQL (`npm run bench` gives the latency under load).
 * With `--against <checkout>`, that checkout's statement for the same variant runs in turn with
 * this one's, call by call on the same connection, so both see the same machine: on a shared VM
 * whose speed drifts by tens of percent within minutes, only such interleaved figures compare.
 * With `--against-database <name>` too, that checkout's statement runs on a database of its own
 * (a copy of the bench database at that checkout's migrations), on a second connection, still
 * call by call in turn. Each figure is the mean of the faster half of `--rounds` calls (drift and
 * noise only add time).
 *
 *   npx tsx scripts/bench/feed-times.ts [--offset 0] [--rounds 40] [--only "feed new"] [--against ../old-checkout [--against-database stacks_bench_old]]
 */
const { values } = parseArgs({
  options: { offset: { type: 'string', default: '0' }, rounds: { type: 'string', default: '40' }, only: { type: 'string' }, against: { type: 'string' }, 'against-database': { type: 'string' } },
});
const offset = Number(values.offset);
const rounds = Number(values.rounds);
if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(rounds) || rounds < 2) throw new Error('--offset and --rounds must be whole numbers (rounds at least 2)');
const words = (values.only ?? '').split(/\s+/).filter(Boolean);

type Capture = (variant: Parameters<typeof captureFeed>[0]) => Promise<StatementTemplate>;
const other: Capture | undefined = values.against
  ? ((await import(path.resolve(values.against, 'scripts/bench/sql-capture.ts'))) as { captureFeed: Capture }).captureFeed
  : undefined;

/** The mean of the faster half. */
const fasterHalfMean = (xs: number[]) => {
  const half = xs.slice().sort((a, b) => a - b).slice(0, Math.ceil(xs.length / 2));
  return half.reduce((a, b) => a + b, 0) / half.length;
};

const connect = async (url: string) => {
  const connection = new pg.Client({ connectionString: url, options: '-c jit=off -c plan_cache_mode=force_generic_plan' });
  await connection.connect();
  return connection;
};
const client = await connect(benchDatabaseUrl().url);
const againstDatabase = values['against-database'];
if (againstDatabase && !other) throw new Error('--against-database needs --against');
const againstClient = againstDatabase ? await connect(databaseUrlNamed(againstDatabase)) : client;
try {
  const { rows: viewers } = await client.query<{ id: number; username: string }>('select id, username from users where username = any($1) order by id', [HEAVY_VIEWERS]);
  console.log(`offset ${offset}, ${rounds} calls each; ms per call for ${viewers.map((v) => v.username).join(', ')}${other ? ` (${values.against} → this checkout)` : ''}`);
  const totals = [0, 0];
  let k = 0;
  for (const variant of feedVariants()) {
    const label = variantLabel(variant);
    if (!words.every((word) => label.includes(word))) continue;
    const templates = [await captureFeed(variant), ...(other ? [await other(variant)] : [])].reverse();
    const names = templates.map((_, i) => `feed_times_${k}_${i}`);
    k += 1;
    const cells: string[] = [];
    for (const viewer of viewers) {
      const call = async (i: number) => {
        const started = process.hrtime.bigint();
        // After the reverse, the other checkout's statement is the first.
        await (other && i === 0 ? againstClient : client).query({ name: names[i], text: templates[i].sql, values: bind(templates[i], { viewer: viewer.id, offset, limit: 33 }) });
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      const times: number[][] = templates.map(() => []);
      for (let i = 0; i < templates.length * 2; i += 1) await call(i % templates.length); // prepare and warm
      for (let round = 0; round < rounds; round += 1) {
        // Alternate which goes first, so neither always follows the other.
        const order = round % 2 ? templates.map((_, i) => i) : templates.map((_, i) => i).reverse();
        for (const i of order) times[i].push(await call(i));
      }
      const means = times.map(fasterHalfMean);
      means.forEach((m, i) => (totals[i] += m));
      cells.push(means.map((m) => m.toFixed(2)).join('→').padStart(other ? 11 : 6));
    }
    console.log(`${label.padEnd(36)} ${cells.join('  ')}`);
  }
  if (other) console.log(`sum ${totals[0].toFixed(1)} → ${totals[1].toFixed(1)} ms (${(100 * (totals[1] / totals[0] - 1)).toFixed(1)}%)`);
  else console.log(`sum ${totals[0].toFixed(1)} ms`);
} finally {
  await client.end();
  if (againstClient !== client) await againstClient.end();
}
