import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEEP_OFFSET, VARIANT_TARGETS, explainVariants, feedVariants, variantLabel, variantPath } from './feed-variants';
import { benchFanout, printFanout } from './outbound';
import { formatMachineSpeed, machineSpeed } from './machine-speed';
import { HEAVY_VIEWERS, scaleFromArgs, seedBenchDatabase } from './seed';
import { openLoop } from './open-loop';
import { startServer, stopChildren } from './processes';
import { bind, captureAppStatements, type StatementTemplate } from './sql-capture';
import { benchToken, sessionIdsFor } from './sessions';

/*
 * `npm run bench -- [--scale small|full] [--users N --stacks N] [--duration S] [--connections N] [--mode closed|open|both|fanout] [--fanout N]`
 *
 * Seeds (or reuses) the bench database, starts the real app and the bare node:http + pg server
 * in child processes on loopback ports, checks that both answer alike, then loads each endpoint on
 * each server in turn with autocannon:
 * - closed loop (--connections clients, each sending its next request when the last is answered):
 *   the feed for typical viewers, its deep page (offset 330), the feed of the heavy viewer (in 50
 *   groups, ~90,000 stacks it may see), a stack detail and the unread count;
 * - open loop (fixed arrival rates, --rates, evenly spaced: open-loop.ts): p50/p99 per rate and the
 *   highest rate whose p99 stays within 50 ms, for the feed, detail and unread count. Closed-loop
 *   figures alone hide queueing.
 * - every variant of the feed (feed-variants.ts: the filters in all combinations, both orders, the
 *   feed and the twisted list) at offset 0 and at DEEP_OFFSET for the heaviest viewers (the seed's
 *   HEAVY_VIEWERS, requests rotating over them), on the app alone, closed loop.
 * Then EXPLAIN (ANALYZE, BUFFERS) summaries of the feed (heavy and typical viewer), the detail and
 * the unread count; every variant's buffers for the heaviest viewers at offsets 0, 330 and 9,900;
 * and the targets (docs/benchmarks.md) as pass/fail lines. Last, on a database of its own, the
 * push fan-out (outbound.ts: one group stack told to --fanout members; `--mode fanout` runs only
 * it). Everything is bounded: fixed runs, a deadline for the whole run, and the children are
 * stopped on every way out.
 */


interface Options {
  duration: number;
  warmup: number;
  connections: number;
  viewers: number;
  pool: number;
  mode: 'closed' | 'open' | 'both' | 'fanout' | 'variants';
  /** Only the variants whose label has every one of these words (empty: all). */
  variantWords: string[];
  /** The depths of the variant runs (0 and DEEP_OFFSET unless told). */
  variantOffsets: number[];
  /** Members of the push fan-out run (0: none). */
  fanout: number;
  rates: number[];
  rateDuration: number;
  openConnections: number;
  /** Seconds of load per feed variant and depth (0: no variant runs). */
  variantDuration: number;
  variantWarmup: number;
}

/** The feed targets (docs/benchmarks.md), checked on every run (printed, not asserted: figures depend on the machine). */
const TARGETS = { heavyBuffers: 1000, openP99: 50 };

function modeOf(raw: string): Options['mode'] {
  if (raw === 'closed' || raw === 'open' || raw === 'both' || raw === 'fanout' || raw === 'variants') return raw;
  throw new Error('--mode must be closed, open, both, fanout or variants');
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      users: { type: 'string' },
      stacks: { type: 'string' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '10' },
      viewers: { type: 'string', default: '20' },
      pool: { type: 'string', default: '10' },
      mode: { type: 'string', default: 'both' },
      rates: { type: 'string', default: '50,100,200,300,400,600' },
      'rate-duration': { type: 'string', default: '5' },
      'open-connections': { type: 'string', default: '100' },
      'variant-duration': { type: 'string', default: '5' },
      'variant-warmup': { type: 'string', default: '1' },
      variants: { type: 'string', default: '' },
      'variant-offsets': { type: 'string', default: `0,${DEEP_OFFSET}` },
      fanout: { type: 'string', default: '1000' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(`npm run bench -- [options]
  --scale small|full     1,000 users / 20,000 stacks (default), or 10,000 users / 1,000,000 stacks
  --users N --stacks N   explicit sizes (override the scale's)
  --duration S           seconds of load per endpoint and server (default 10)
  --warmup S             seconds of unmeasured load before each run (default 2)
  --connections N        concurrent connections (default 10)
  --viewers N            signed-in users the requests rotate over (default 20)
  --pool N               pg pool size of both servers (default 10)
  --mode M               closed, open or both (default both); fanout: only the push fan-out run
  --fanout N             members told of one group stack, each with a push subscription (default 1000; 0 skips it;
                         scripts/bench/outbound.ts, on its own database stacks_bench_outbound)
  --rates R,R,...        open-loop arrival rates in requests/s (default 50,100,200,300,400,600)
  --rate-duration S      seconds per open-loop rate (default 5)
  --open-connections N   sockets the open loop may hold at once (default 100); a request waiting for one counts its wait
  --variant-duration S   seconds of load per feed variant and depth, closed loop, heaviest viewers (default 5; 0 skips them)
  --variant-warmup S     seconds of unmeasured load before each (default 1)
  --variants "W W"       only the variants whose label has every word, e.g. "new twisted" (labels: "feed new+nobots created")
  --variant-offsets O,O  the depths of the variant runs (default 0,${DEEP_OFFSET})
  --mode variants        only the variant runs and their targets (no other endpoint, EXPLAIN or fan-out)
Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); the data goes to database stacks_bench on that server.
     PGOPTIONS (e.g. "-c jit=off") reaches both servers' pools and the EXPLAIN connection.`);
    process.exit(0);
  }
  const positive = (flag: string, raw: string, min: number, max: number) => {
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) throw new Error(`--${flag} must be a number from ${min} to ${max}`);
    return value;
  };
  const options: Options = {
    duration: positive('duration', values.duration, 1, 600),
    warmup: positive('warmup', values.warmup, 0, 60),
    connections: Math.round(positive('connections', values.connections, 1, 200)),
    viewers: Math.round(positive('viewers', values.viewers, 1, 200)),
    pool: Math.round(positive('pool', values.pool, 1, 100)),
    mode: modeOf(values.mode),
    rates: values.rates.split(',').map((r) => Math.round(positive('rates', r, 1, 100_000))),
    rateDuration: positive('rate-duration', values['rate-duration'], 1, 600),
    openConnections: Math.round(positive('open-connections', values['open-connections'], 1, 1000)),
    variantDuration: positive('variant-duration', values['variant-duration'], 0, 600),
    variantWarmup: positive('variant-warmup', values['variant-warmup'], 0, 60),
    variantWords: values.variants.split(/\s+/).filter(Boolean),
    variantOffsets: values['variant-offsets'].split(',').map((o) => Math.round(positive('variant-offsets', o, 0, 10_000))),
    fanout: Math.round(positive('fanout', values.fanout, 0, 100_000)),
  };
  return { scale: scaleFromArgs(values), options };
}

interface Viewer {
  id: number;
  token: string;
  visible: number;
}

/**
 * The users who can see the most stacks (friend stacks they send or get, stacks of their groups),
 * leaving out the seed's heaviest viewers; or, with `heavy`, those users.
 */
async function pickViewers(client: pg.Client, count: number, secret: string, heavy = false): Promise<Viewer[]> {
  const { rows } = await client.query<{ id: number; token_version: number; visible: string }>(
    `with friend_side as (
       select uid, count(*) as n from (
         select owner_id as uid from stacks where mode = 'friend' and parent_id is null
         union all select friend_id from stacks where mode = 'friend' and parent_id is null) f
       group by uid),
     per_group as (select group_id, count(*) as n from stacks where mode = 'group' and parent_id is null group by group_id),
     group_side as (select m.user_id as uid, sum(pg.n) as n from group_members m join per_group pg using (group_id) group by m.user_id)
     select u.id, u.token_version, coalesce(f.n, 0) + coalesce(g.n, 0) as visible
     from users u left join friend_side f on f.uid = u.id left join group_side g on g.uid = u.id
     where u.is_active and u.role = 'USER' and ${heavy ? 'u.username = any($2)' : 'u.username <> all($2)'}
     order by visible desc, u.id limit $1`,
    [count, [...HEAVY_VIEWERS]],
  );
  const sessions = await sessionIdsFor(client, rows.map((r) => r.id));
  return rows.map((r) => ({ id: r.id, token: benchToken(secret, r, sessions), visible: Number(r.visible) }));
}

async function getJson(port: number, urlPath: string, token: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

interface Target {
  path: string;
  token: string;
}

const ids = (body: unknown) => (Array.isArray(body) ? (body as { id: number; type: string }[]).map((s) => `${s.type}:${s.id}`).join(',') : 'not a list');

/** Fetches a feed page from both servers; notes a mismatch when the ids differ. */
async function compareFeed(appPort: number, barePort: number, viewer: Viewer, urlPath: string, mismatches: string[]) {
  const app = await getJson(appPort, urlPath, viewer.token);
  const bare = await getJson(barePort, urlPath, viewer.token);
  if (app.status !== 200) throw new Error(`app ${urlPath} for user ${viewer.id}: HTTP ${app.status} ${JSON.stringify(app.body)}`);
  if (ids(app.body) !== (bare.status === 200 ? ids(bare.body) : `HTTP ${bare.status}`)) mismatches.push(`${urlPath} of user ${viewer.id}`);
  return app.body as { id: number; type: string }[];
}

/**
 * Builds each endpoint's request list from the app's own answers, and checks on the way that the
 * bare server returns the same feed ids (first and deep page, heavy viewer), stacks and counts.
 */
async function buildTargets(appPort: number, barePort: number, viewers: Viewer[], heavy: Viewer | undefined) {
  const feed: Target[] = [];
  const deep: Target[] = [];
  const detail: Target[] = [];
  const unread: Target[] = [];
  const mismatches: string[] = [];
  const deepPath = `/v2/stacks?offset=${DEEP_OFFSET}`;
  for (const viewer of viewers) {
    const page = await compareFeed(appPort, barePort, viewer, '/v2/stacks', mismatches);
    await compareFeed(appPort, barePort, viewer, deepPath, mismatches);
    feed.push({ path: '/v2/stacks', token: viewer.token });
    deep.push({ path: deepPath, token: viewer.token });
    unread.push({ path: '/v1/users/notifications/unread-count', token: viewer.token });
    // Up to five stacks from the first page per viewer: what a user opens from the list.
    for (const item of page.filter((s) => s.type === 'stack').slice(0, 5)) detail.push({ path: `/v1/stacks/${item.id}`, token: viewer.token });
  }
  const heavyFeed: Target[] = [];
  if (heavy) {
    await compareFeed(appPort, barePort, heavy, '/v2/stacks', mismatches);
    await compareFeed(appPort, barePort, heavy, deepPath, mismatches);
    heavyFeed.push({ path: '/v2/stacks', token: heavy.token });
  }
  for (const target of [...detail.slice(0, 10), ...unread.slice(0, 5)]) {
    const app = await getJson(appPort, target.path, target.token);
    const bare = await getJson(barePort, target.path, target.token);
    const same = target.path.startsWith('/v1/stacks/')
      ? app.status === 200 && bare.status === 200 && app.body.id === bare.body.id && app.body.users.length <= bare.body.responses.length
      : app.status === 200 && bare.status === 200 && Object.keys(app.body).every((key) => app.body[key] === bare.body[key]);
    if (!same) mismatches.push(`${target.path} (app ${app.status}, bare ${bare.status})`);
  }
  return { feed, deep, heavyFeed, detail, unread, mismatches };
}

interface Measurement {
  endpoint: string;
  server: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  non2xx: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);

/** One autocannon run; latencies are recorded here at sub-millisecond precision (autocannon's are whole ms). */
async function load(port: number, targets: Target[], seconds: number, connections: number) {
  const latencies: number[] = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    timeout: 30,
    requests: targets.map((t) => ({ method: 'GET', path: t.path, headers: { authorization: `Bearer ${t.token}` } })),
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return { result, latencies };
}

/**
 * Waits (at most 120 s) until no statement of the bench database is running. Requests still in
 * flight when a run stops keep their statements going; without this they would slow the next run.
 */
async function settle(client: pg.Client) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const { rows } = await client.query(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()`,
    );
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log('  (statements of an earlier run were still running after 120 s)');
}

async function measure(client: pg.Client, endpoint: string, server: string, port: number, targets: Target[], options: Pick<Options, 'duration' | 'warmup' | 'connections'>): Promise<Measurement> {
  await settle(client);
  if (options.warmup > 0) {
    await load(port, targets, options.warmup, options.connections);
    await settle(client);
  }
  const { result, latencies } = await load(port, targets, options.duration, options.connections);
  return {
    endpoint,
    server,
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    total: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** n/a: no 2xx answer arrived within the run. */
const fmt = (ms: number) => (Number.isNaN(ms) ? 'n/a' : ms.toFixed(1));

/** A text table: the first two columns (endpoint, server) left-aligned, figures right-aligned. */
function printColumns(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

function printTable(rows: Measurement[]) {
  const header = ['endpoint', 'server', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors/non-2xx'];
  const lines = rows.map((r) => [r.endpoint, r.server, r.requestsPerSecond.toFixed(1), fmt(r.p50), fmt(r.p99), String(r.total), `${r.errors}/${r.non2xx}`]);
  printColumns(header, lines);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Actual Total Time'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (n: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** EXPLAIN (ANALYZE, BUFFERS) of one statement, summarised in a few lines. */
async function explain(client: pg.Client, label: string, template: StatementTemplate, values: Parameters<typeof bind>[1]) {
  const { rows } = await client.query(`explain (analyze, buffers, format json) ${template.sql}`, bind(template, values));
  const plan = rows[0]['QUERY PLAN'][0] as { Plan: PlanNode; 'Planning Time': number; 'Execution Time': number; JIT?: { Functions: number; Timing: { Total: number } } };
  const indexes = new Map<string, number>();
  const seqScans: string[] = [];
  walk(plan.Plan, (n) => {
    if (n['Index Name']) indexes.set(n['Index Name'], (indexes.get(n['Index Name']) ?? 0) + (n['Actual Loops'] ?? 0));
    if (n['Node Type'] === 'Seq Scan') seqScans.push(`${n['Relation Name']} ${n.Alias} (${n['Actual Rows']} rows x ${n['Actual Loops']} loops, ${n['Actual Total Time']?.toFixed(1)} ms)`);
  });
  const top = plan.Plan;
  console.log(`${label}: planning ${plan['Planning Time'].toFixed(1)} ms, execution ${plan['Execution Time'].toFixed(1)} ms, ` +
    `buffers ${top['Shared Hit Blocks'] ?? 0} hit / ${top['Shared Read Blocks'] ?? 0} read, ${top['Actual Rows']} rows`);
  // PostgreSQL's JIT starts above an estimated cost (jit_above_cost) and can dwarf the work itself.
  console.log(`  JIT: ${plan.JIT ? `${plan.JIT.Functions} functions, ${plan.JIT.Timing.Total.toFixed(1)} ms of the execution` : 'not used'}`);
  console.log(`  indexes (loops): ${[...indexes].map(([name, loops]) => `${name} (${loops})`).join(', ') || 'none'}`);
  console.log(`  seq scans: ${seqScans.join('; ') || 'none'}`);
  return plan;
}

interface OpenRow {
  endpoint: string;
  server: string;
  rate: number;
  achieved: number;
  p50: number;
  p99: number;
  failed: number;
}

/** One open-loop run: `rate` arrivals per second, evenly spaced, whatever the answers take (open-loop.ts). */
async function measureOpen(client: pg.Client, endpoint: string, server: string, port: number, targets: Target[], rate: number, options: Options): Promise<OpenRow> {
  await settle(client);
  const result = await openLoop(port, targets, rate, options.rateDuration, options.openConnections);
  return { endpoint, server, rate, achieved: result.latencies.length / result.seconds, p50: percentile(result.latencies, 50), p99: percentile(result.latencies, 99), failed: result.failed };
}

function printOpen(rows: OpenRow[], rates: number[]) {
  const header = ['endpoint', 'server', ...rates.map((r) => `${r}/s p50|p99`), `max rate p99<=${TARGETS.openP99}`];
  const lines: string[][] = [];
  for (const key of [...new Set(rows.map((r) => `${r.endpoint}\t${r.server}`))]) {
    const [endpoint, server] = key.split('\t');
    const mine = rows.filter((r) => r.endpoint === endpoint && r.server === server);
    const cells = rates.map((rate) => {
      const r = mine.find((m) => m.rate === rate);
      if (!r) return '-';
      const short = r.achieved < rate * 0.95 ? ` (${r.achieved.toFixed(0)}/s)` : '';
      return `${fmt(r.p50)}|${fmt(r.p99)}${r.failed ? ` ${r.failed} failed` : ''}${short}`;
    });
    const ok = mine.filter((r) => r.p99 <= TARGETS.openP99 && r.failed === 0 && r.achieved >= r.rate * 0.95).map((r) => r.rate);
    lines.push([endpoint, server, ...cells, ok.length ? `${Math.max(...ok)}/s` : 'none']);
  }
  printColumns(header, lines);
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function main() {
  let ratios: string[];
  const { scale, options } = parseOptions();
  if (options.mode === 'fanout') {
    if (options.fanout > 0) printFanout(await benchFanout(options.fanout));
    return;
  }
  const seed = await seedBenchDatabase(scale);
  console.log(`Data: ${Object.entries(seed.counts).map(([table, n]) => `${table} ${n}`).join(', ')}`);

  const runsClosed = options.mode === 'closed' || options.mode === 'both';
  const runsOpen = options.mode === 'open' || options.mode === 'both';
  const onlyVariants = options.mode === 'variants';
  const variants = feedVariants().filter((v) => options.variantWords.every((word) => variantLabel(v).includes(word)));
  const closedRuns = runsClosed ? 5 * 2 : 0;
  const openRuns = runsOpen ? 3 * 2 * options.rates.length : 0;
  const variantRuns = options.mode === 'open' || options.variantDuration === 0 ? 0 : variants.length * options.variantOffsets.length;
  // Each run may also wait up to 120 s (twice for closed runs) for the database to settle (see
  // settle()); the variants' EXPLAINs take up to 60 s each (3 depths x 3 viewers).
  const budgetMs = (closedRuns * (options.duration + options.warmup + 240) + openRuns * (options.rateDuration + 120) +
    variantRuns * (options.variantDuration + options.variantWarmup + 60) + (onlyVariants ? 0 : feedVariants().length * 9 * 60) + 300) * 1000;
  const deadline = setTimeout(() => {
    console.error(`The benchmark overran its ${budgetMs / 1000} s budget: stopping.`);
    void stopChildren().finally(() => process.exit(1));
  }, budgetMs);

  const secret = randomBytes(32).toString('hex');
  const env = { ...process.env, NODE_ENV: 'production', BENCH_DB_URL: seed.url, BENCH_JWT_SECRET: secret, BENCH_POOL_MAX: String(options.pool) };
  const client = new pg.Client({ connectionString: seed.url, options: '-c jit=off' /* as the app's pool */ });
  await client.connect();
  try {
    const [app, bare] = await Promise.all([startServer('app-server.ts', env), startServer('bare-server.ts', env)]);
    const viewers = await pickViewers(client, options.viewers, secret);
    const heaviest = await pickViewers(client, HEAVY_VIEWERS.length, secret, true);
    const heavy = heaviest.find((v) => v.id === Math.min(...heaviest.map((h) => h.id)));
    const range = [...new Set([viewers.at(-1)?.visible, viewers[0]?.visible])].join('-');
    console.log(`Viewers: ${viewers.length} users who can see ${range} stacks each; heaviest viewers: ${heaviest.length ? heaviest.map((h) => `user ${h.id} (${h.visible} stacks)`).join(', ') : 'none in this seed'}; ` +
      `app on 127.0.0.1:${app.port}, bare on 127.0.0.1:${bare.port}; ${options.connections} connections, ${options.duration} s per run (+${options.warmup} s warm-up), ` +
      `pool ${options.pool}, PGOPTIONS ${process.env.PGOPTIONS ? `"${process.env.PGOPTIONS}"` : 'unset (server settings)'}.`);
    // Before the load and after it: the machine's speed drifts within a run too.
    const speedBefore = await machineSpeed(client);
    console.log(`Machine speed before the runs: ${formatMachineSpeed(speedBefore)}.`);
    const targets = await buildTargets(app.port, bare.port, viewers, heavy);
    if (targets.mismatches.length > 0) console.log(`WARNING: app and bare server differ on: ${targets.mismatches.join(', ')}`);
    else console.log('Check: the bare server returns the same feed ids (first and deep pages, heavy viewer), stacks and counts as the app.');
    if (targets.detail.length === 0) throw new Error('The viewers have no stacks to open');

    const servers = [['app', app.port], ['bare', bare.port]] as const;
    const results: Measurement[] = [];
    if (runsClosed) {
      const runs: [string, Target[]][] = [
        ['GET /v2/stacks', targets.feed],
        [`GET /v2/stacks?offset=${DEEP_OFFSET}`, targets.deep],
        ['GET /v2/stacks (heavy viewer)', targets.heavyFeed],
        ['GET /v1/stacks/{id}', targets.detail],
        ['GET /v1/users/notifications/unread-count', targets.unread],
      ];
      for (const [endpoint, list] of runs) {
        if (list.length === 0) continue;
        for (const [server, port] of servers) {
          process.stdout.write(`  ${endpoint} on ${server}...`);
          const m = await measure(client, endpoint, server, port, list, options);
          results.push(m);
          process.stdout.write(` ${m.requestsPerSecond.toFixed(0)} req/s\n`);
        }
      }
      console.log('');
      console.log(`Closed loop (${options.connections} connections):`);
      printTable(results);
    }

    // Every feed variant at the first page and the deep one, heaviest viewers.
    const variantResults: Measurement[] = [];
    if (variantRuns > 0 && heaviest.length > 0) {
      console.log('');
      for (const variant of variants) {
        for (const offset of options.variantOffsets) {
          const endpoint = `${variantLabel(variant)} @${offset}`;
          process.stdout.write(`  ${endpoint} (${variantPath(variant, offset)})...`);
          const list = heaviest.map((h) => ({ path: variantPath(variant, offset), token: h.token }));
          const m = await measure(client, endpoint, 'app', app.port, list, { duration: options.variantDuration, warmup: options.variantWarmup, connections: options.connections });
          variantResults.push(m);
          process.stdout.write(` ${m.requestsPerSecond.toFixed(0)} req/s, p99 ${fmt(m.p99)} ms\n`);
        }
      }
      console.log('');
      console.log(`Feed variants, heaviest viewers (${heaviest.map((h) => h.id).join(', ')}), closed loop (${options.connections} connections, ${options.variantDuration} s each):`);
      printTable(variantResults);
    }

    const open: OpenRow[] = [];
    if (runsOpen) {
      console.log('');
      const runs: [string, Target[]][] = [
        ['GET /v2/stacks', targets.feed],
        ['GET /v1/stacks/{id}', targets.detail],
        ['GET /v1/users/notifications/unread-count', targets.unread],
      ];
      for (const [endpoint, list] of runs) {
        for (const [server, port] of servers) {
          for (const rate of options.rates) {
            process.stdout.write(`  open loop: ${endpoint} on ${server} at ${rate}/s...`);
            const row = await measureOpen(client, endpoint, server, port, list, rate, options);
            open.push(row);
            process.stdout.write(` p99 ${fmt(row.p99)} ms\n`);
          }
        }
      }
      console.log('');
      console.log(`Open loop (evenly spaced arrivals, ${options.rateDuration} s per rate, up to ${options.openConnections} sockets; p50|p99 in ms from the due time; "(n/s)": the answered rate when short of the target):`);
      printOpen(open, options.rates);
    }

    let variantPlans: Awaited<ReturnType<typeof explainVariants>> = [];
    if (!onlyVariants) {
      console.log('');
      const statements = await captureAppStatements();
      const viewer = viewers[0];
      const stackId = Number(targets.detail[0].path.split('/').pop());
      console.log('EXPLAIN (ANALYZE, BUFFERS):');
      const heavyPlan = heavy ? await explain(client, `feed of the heavy viewer, user ${heavy.id} (page of 33)`, statements.feed.user, { viewer: heavy.id, offset: 0, limit: 33 }) : undefined;
      await explain(client, `feed of user ${viewer.id} (page of 33)`, statements.feed.user, { viewer: viewer.id, offset: 0, limit: 33 });
      await explain(client, `feed of user ${viewer.id} (offset ${DEEP_OFFSET})`, statements.feed.user, { viewer: viewer.id, offset: DEEP_OFFSET, limit: 33 });
      await explain(client, `detail (stack ${stackId})`, statements.detail.user, { viewer: viewer.id, stack: stackId });
      await explain(client, 'unread count', statements.unreadCount, { viewer: viewer.id });
      if (heaviest.length > 0) {
        console.log('');
        console.log(`Every feed variant, EXPLAIN (ANALYZE, BUFFERS), page of 33; the heaviest of viewers ${heaviest.map((h) => h.id).join(', ')} at each depth:`);
        variantPlans = await explainVariants(client, heaviest);
      }

      console.log('');
      console.log('Targets (docs/benchmarks.md):');
      const get = (endpoint: string) => results.find((r) => r.endpoint === endpoint && r.server === 'app');
      const feed = get('GET /v2/stacks');
      const deep = get(`GET /v2/stacks?offset=${DEEP_OFFSET}`);
      const heavyRun = get('GET /v2/stacks (heavy viewer)');
      const detail = get('GET /v1/stacks/{id}');
      // Latencies for information: absolute times move with the machine; the targets are the ratios below.
      if (feed && detail) {
        console.log(`  info  feed p99 ${fmt(feed.p99)} ms, ${feed.requestsPerSecond.toFixed(0)} req/s; detail p99 ${fmt(detail.p99)} ms, ${detail.requestsPerSecond.toFixed(0)} req/s`);
      }
      if (deep) console.log(`  info  deep page (offset ${DEEP_OFFSET}) p99 ${fmt(deep.p99)} ms`);
      if (heavyRun && feed) console.log(`  info  heavy viewer feed p99 ${fmt(heavyRun.p99)} ms (typical ${fmt(feed.p99)} ms)`);
      if (heavyPlan) {
        const buffers = (heavyPlan.Plan['Shared Hit Blocks'] ?? 0) + (heavyPlan.Plan['Shared Read Blocks'] ?? 0);
        console.log(`  ${verdict(buffers <= TARGETS.heavyBuffers)}  heavy viewer feed touches ${buffers} buffers <= ${TARGETS.heavyBuffers}`);
      }
    }

    console.log('');
    console.log(`Machine speed after the runs: ${formatMachineSpeed(await machineSpeed(client))} (before: PostgreSQL ${Math.round(speedBefore.postgresMs)} ms, Node ${Math.round(speedBefore.nodeMs)} ms, round trip ${Math.round(speedBefore.roundTripMicros)} µs;` +
      ' latency figures compare only at like readings: docs/benchmarks.md, "Machine speed").');
    console.log('Every feed variant, heaviest viewers (p99 for information; docs/decisions/0040-feed-merge-in-windows.md):');
    const worstOf = <T>(items: T[], key: (t: T) => number) => items.reduce<T | undefined>((w, t) => (w === undefined || key(t) > key(w) ? t : w), undefined);
    for (const offset of [0, DEEP_OFFSET]) {
      const runs = variantResults.filter((r) => r.endpoint.endsWith(` @${offset}`));
      if (runs.length === 0) continue;
      const failing = runs.filter((r) => r.errors + r.non2xx > 0);
      const worst = worstOf(runs, (r) => (Number.isNaN(r.p99) ? Infinity : r.p99))!;
      console.log(`  ${verdict(failing.length === 0)}  offset ${offset}: every variant answers without errors (worst p99: ${worst.endpoint} ${fmt(worst.p99)} ms)` +
        (failing.length ? `; failing: ${failing.map((r) => `${r.endpoint} ${r.errors + r.non2xx}`).join(', ')}` : ''));
    }
    if (variantPlans.length > 0) {
      const deep = variantPlans.map((p) => ({ label: p.label, ...p.byOffset.get(DEEP_OFFSET)! }));
      const over = deep.filter((d) => d.buffers > VARIANT_TARGETS.deepBuffers);
      const worst = worstOf(deep, (d) => d.buffers)!;
      console.log(`  ${verdict(over.length === 0)}  offset ${DEEP_OFFSET}: every variant touches <= ${VARIANT_TARGETS.deepBuffers} buffers (worst: ${worst.label}, ${worst.buffers} for user ${worst.viewer})` +
        (over.length ? `; over it: ${over.map((d) => `${d.label} ${d.buffers}`).join(', ')}` : ''));
    }
    ratios = ratioLines(results, variantPlans);
  } finally {
    clearTimeout(deadline);
    await client.end();
    await stopChildren();
  }
  // On its own database and in this process, once the servers above have stopped.
  if (options.fanout > 0 && !onlyVariants) printFanout(await benchFanout(options.fanout));
  // Last, so a script can read them: the targets, as ratios within this one run, with their verdicts
  // first and the three `ratio ...` lines at the very end.
  if (ratios.length > 0) {
    console.log('');
    console.log('Targets (docs/benchmarks.md), ratios within this run:');
    for (const line of ratios.filter((l) => !l.startsWith('ratio '))) console.log(line);
    for (const line of ratios.filter((l) => l.startsWith('ratio '))) console.log(line);
  }
}

/** The ratio targets (docs/benchmarks.md): both app/bare >= RATIO_TARGETS.appVsBare, worst/plain <= RATIO_TARGETS.worstVsPlain. */
const RATIO_TARGETS = { appVsBare: 0.8, worstVsPlain: 3 };

/**
 * The run's figures as ratios, which hold from one machine and hour to the next where absolute
 * times do not: the app's throughput against the bare node:http + pg server's on the same SQL and
 * the same run (feed, detail), and the costliest feed variant's statement time at offset
 * DEEP_OFFSET against the plain feed's. Each line: `ratio <what> <x.xx>`, then its verdict.
 */
function ratioLines(results: Measurement[], plans: Awaited<ReturnType<typeof explainVariants>>): string[] {
  const lines: string[] = [];
  const rps = (endpoint: string, server: string) => results.find((r) => r.endpoint === endpoint && r.server === server)?.requestsPerSecond;
  for (const [name, endpoint] of [['feed', 'GET /v2/stacks'], ['detail', 'GET /v1/stacks/{id}']] as const) {
    const app = rps(endpoint, 'app');
    const bare = rps(endpoint, 'bare');
    if (app === undefined || bare === undefined || bare === 0) continue;
    const ratio = app / bare;
    lines.push(`ratio ${name} app/bare ${ratio.toFixed(2)}`);
    lines.push(`  ${verdict(ratio >= RATIO_TARGETS.appVsBare)}  ${name}: app ${app.toFixed(0)} req/s against bare ${bare.toFixed(0)} req/s (>= ${RATIO_TARGETS.appVsBare})`);
  }
  const deep = plans.map((p) => ({ label: p.label, ...p.byOffset.get(DEEP_OFFSET)! }));
  const plain = deep.find((d) => d.label === 'feed plain updated');
  const worst = deep.reduce<(typeof deep)[number] | undefined>((w, d) => (w === undefined || d.ms > w.ms ? d : w), undefined);
  if (plain && worst && plain.ms > 0) {
    const ratio = worst.ms / plain.ms;
    lines.push(`ratio variants worst/plain ${ratio.toFixed(2)}`);
    lines.push(`  ${verdict(ratio <= RATIO_TARGETS.worstVsPlain)}  offset ${DEEP_OFFSET}: ${worst.label} ${worst.ms.toFixed(1)} ms against feed plain updated ${plain.ms.toFixed(1)} ms (<= ${RATIO_TARGETS.worstVsPlain})`);
  }
  return lines;
}

process.on('SIGINT', () => {
  void stopChildren().finally(() => process.exit(130));
});

main().catch(async (error) => {
  console.error(error);
  await stopChildren();
  process.exit(1);
});
