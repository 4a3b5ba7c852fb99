/**
 * The cost of checking a token, before and after sessions (docs/sessions.md): the statement a
 * request ran to resolve its token before (the user by primary key) against the one it runs now
 * (the session joined to its user, two primary keys), alternated in rounds on the bench database,
 * with a pool as the app uses it. Prints p50/p99 and the mean per statement, and the difference.
 *
 *   npx tsx scripts/bench/token-check.ts [--rounds 10] [--per-round 2000] [--concurrency 10]
 */
import pg from 'pg';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '10' }, 'per-round': { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '10' } } });
const rounds = Number(values.rounds);
const perRound = Number(values['per-round']);
const concurrency = Number(values.concurrency);

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = new URL(base);
url.pathname = `/${process.env.BENCH_DATABASE_NAME ?? 'stacks_bench'}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: concurrency });

const BEFORE = {
  name: 'before: the user by id',
  text: 'select id, username, role, is_active, token_version from users where id = $1',
};
const AFTER = {
  name: 'after: the session and its user',
  text: `select u.id, u.username, u.role, u.is_active, u.token_version, s.id as session_id, s.second_factor,
    s.ended_at is null and s.expires_at > now() as session_live,
    s.last_seen_at < now() - make_interval(secs => 60) as seen_long_ago
    from sessions s join users u on u.id = s.user_id where s.id = $1 and s.user_id = $2`,
};

async function main() {
  const { rows: sessions } = await pool.query<{ id: number; user_id: number }>(
    `insert into sessions (user_id, expires_at, user_agent) select id, now() + interval '1 day', 'token-check bench' from users order by random() limit 1000 returning id, user_id`,
  );
  const timings: Record<string, number[]> = { before: [], after: [] };
  async function run(kind: 'before' | 'after') {
    let next = 0;
    const worker = async () => {
      while (next < perRound) {
        const session = sessions[next % sessions.length];
        next += 1;
        const started = process.hrtime.bigint();
        if (kind === 'before') await pool.query({ name: 'token-before', text: BEFORE.text, values: [session.user_id] });
        else await pool.query({ name: 'token-after', text: AFTER.text, values: [session.id, session.user_id] });
        timings[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  // Warm both prepared statements and the caches, then alternate so drift hits both alike.
  await run('before');
  await run('after');
  timings.before = [];
  timings.after = [];
  for (let round = 0; round < rounds; round += 1) {
    await run(round % 2 === 0 ? 'before' : 'after');
    await run(round % 2 === 0 ? 'after' : 'before');
  }
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { n: xs.length, mean: xs.reduce((a, b) => a + b, 0) / xs.length, p50: at(0.5), p99: at(0.99) };
  };
  const before = stats(timings.before);
  const after = stats(timings.after);
  for (const [label, s] of [[BEFORE.name, before], [AFTER.name, after]] as const) {
    console.log(`${label.padEnd(34)} n=${s.n}  mean ${s.mean.toFixed(3)} ms  p50 ${s.p50.toFixed(3)} ms  p99 ${s.p99.toFixed(3)} ms`);
  }
  console.log(`difference of the means: ${(after.mean - before.mean).toFixed(3)} ms per request (${(((after.mean - before.mean) / before.mean) * 100).toFixed(1)} %)`);
  await pool.query(`delete from sessions where user_agent = 'token-check bench'`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => pool.end());
