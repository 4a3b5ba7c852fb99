import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';

/**
 * The benchmark's data set in its own database (`stacks_bench`) on the server PostgreSQL of
 * BENCH_DATABASE_URL. Every table is filled by one set-based INSERT ... SELECT generate_series,
 * so a million stacks take minutes, not hours. Ids are explicit and derived arithmetically, which
 * keeps every row consistent with the product's rules without lookups:
 * - user u is friends with u±1..10 (mod N), stored both ways;
 * - group g's members are the M consecutive users from (g-1)·stride, so each user is in ~2.5 groups;
 * - a friend stack goes from its owner to one of the owner's friends; a group stack is created and
 *   answered by members of its group; a twisted row is owned by someone who answered its original;
 * - the heaviest viewers (users N+1..N+3, HEAVY_VIEWERS) are members of the 50 busiest groups: one
 *   stack in twenty goes to those groups on top of their usual share (a quarter of those posted by
 *   the group's bot), so each can see ~90,000 stacks at full scale (the typical viewer ~4,000);
 *   each also has 10 friends and ~3,000 friend stacks with them, both ways. They differ in what
 *   they did with their feed, as people do:
 *   - `bench_heavy` answered one group stack in three; an admin hid a few for it;
 *   - `bench_heavy_avid` answered nine in ten (its "new only" feed is the rare tenth);
 *   - `bench_heavy_hider` answered one in ten and used Hide New Stacks a month ago: every stack of
 *     its groups older than 30 days it had not answered is hidden for it (its feed is mostly
 *     recent stacks and, deeper, the few it answered).
 */

/** Bump when the generated data changes, so an older bench database is rebuilt, not reused. */
const SEED_VERSION = 5;
/** The bench database's name: `stacks_bench`, or BENCH_DATABASE_NAME (to keep several data sets on one server). */
export const BENCH_DATABASE = process.env.BENCH_DATABASE_NAME || 'stacks_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DATABASE)) throw new Error('BENCH_DATABASE_NAME must be a plain lower-case identifier');
const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The heaviest viewers' usernames, users N+1, N+2, N+3: members of HEAVY_GROUPS groups (see the header). */
export const HEAVY_VIEWERS = ['bench_heavy', 'bench_heavy_avid', 'bench_heavy_hider'] as const;
const HEAVY_GROUPS = 50;
/** Friend stacks of each heaviest viewer with its 10 friends (half sent, half received), at full scale. */
const HEAVY_FRIEND_STACKS = 3_000;

export interface Scale {
  users: number;
  stacks: number;
}

export const SCALES: Record<'small' | 'full', Scale> = {
  small: { users: 1_000, stacks: 20_000 },
  full: { users: 10_000, stacks: 1_000_000 },
};

export interface SeedResult {
  url: string;
  reused: boolean;
  scale: Scale;
  counts: Record<string, number>;
}

/** The URL of the bench database on the server of BENCH_DATABASE_URL (whatever database that names). */
export function benchDatabaseUrl(serverUrl = process.env.BENCH_DATABASE_URL || DEFAULT_SERVER_URL): { serverUrl: string; url: string } {
  return { serverUrl, url: databaseUrlNamed(BENCH_DATABASE, serverUrl) };
}

/** The URL of database `name` on the bench's server (BENCH_DATABASE_URL): another copy of the data, say. */
export function databaseUrlNamed(name: string, serverUrl = process.env.BENCH_DATABASE_URL || DEFAULT_SERVER_URL): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** --scale small|full, or explicit --users N --stacks N (over the scale's values). */
export function scaleFromArgs(values: { scale?: string; users?: string; stacks?: string }): Scale {
  const name = values.scale ?? 'small';
  if (name !== 'small' && name !== 'full') throw new Error(`--scale must be small or full, not ${name}`);
  const base = SCALES[name];
  const int = (flag: string, raw: string | undefined, fallback: number, min: number) => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < min) throw new Error(`--${flag} must be an integer of at least ${min}`);
    return value;
  };
  return { users: int('users', values.users, base.users, 100), stacks: int('stacks', values.stacks, base.stacks, 100) };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function existingScale(url: string): Promise<(Scale & { version: number }) | undefined> {
  return withClient(url, async (client) => {
    const table = await client.query(`select to_regclass('public.bench_meta') as t`);
    if (!table.rows[0].t) return undefined;
    const { rows } = await client.query('select users, stacks, seed_version from bench_meta where id = 1');
    return rows[0] ? { users: rows[0].users, stacks: rows[0].stacks, version: rows[0].seed_version } : undefined;
  });
}

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;

/** The INSERT ... SELECT statements, in dependency order. */
function seedStatements(scale: Scale): { table: string; sql: string }[] {
  const N = scale.users;
  const S = scale.stacks;
  const G = Math.max(10, Math.round(N / 20));
  const M = Math.min(50, N - 1);
  const stride = Math.max(1, Math.floor(N / G));
  const heavyGroups = Math.min(HEAVY_GROUPS, G);
  // The heaviest viewers' friend stacks: ids S+1..S+F, before the twisted rows.
  const perHeavy = Math.max(10, Math.round((HEAVY_FRIEND_STACKS * S) / 1_000_000));
  const F = HEAVY_VIEWERS.length * perHeavy;
  const heavy = (k: number) => N + 1 + k;
  const heavyIds = HEAVY_VIEWERS.map((_, k) => heavy(k)).join(', ');
  const [mid, avid, hider] = [heavy(0), heavy(1), heavy(2)];
  // Stacks are spread over the last two years, in id order (ids grow with time, as in production).
  const span = `interval '730 days'`;
  const memberOf = (group: string, offset: string) => `((((${group}) - 1) * ${stride} + (${offset})) % ${N}) + 1`;
  return [
    {
      table: 'users',
      sql: `insert into users (id, username, email, password_hash, avatar_id, created_at)
        select i, 'bench_user_' || i, 'bench_user_' || i || '@bench.local',
          -- Not a valid bcrypt hash: nobody logs in, the benchmark signs tokens itself.
          '!bench-no-login', 1 + i % 9, now() - ${span} - interval '30 days' + i * interval '1 second'
        from generate_series(1, ${N}) i
        union all
        select ${N + 1} + k, name, name || '@bench.local', '!bench-no-login', 1, now() - ${span} - interval '40 days'
        from unnest(array[${HEAVY_VIEWERS.map((v) => `'${v}'`).join(', ')}]) with ordinality v(name, k1), lateral (select (k1 - 1)::int as k) kk`,
    },
    {
      table: 'friendships',
      // Every user with u±1..10; each heaviest viewer with ten users of its own (h*100+1..h*100+10).
      sql: `insert into friendships (user_id, friend_id, created_at)
        select a, b, now() - interval '760 days'
        from generate_series(1, ${N}) u, generate_series(1, 10) k,
          lateral (values (u, ((u - 1 + k) % ${N}) + 1), (((u - 1 + k) % ${N}) + 1, u)) pair(a, b)
        union all
        select a, b, now() - interval '760 days'
        from generate_series(0, ${HEAVY_VIEWERS.length - 1}) h, generate_series(1, 10) k,
          lateral (values (${N + 1} + h, ((h * 100 + k - 1) % ${N}) + 1), (((h * 100 + k - 1) % ${N}) + 1, ${N + 1} + h)) pair(a, b)
        on conflict do nothing`,
    },
    {
      table: 'groups',
      sql: `insert into groups (id, name, description, owner_id, is_public, created_at)
        select g, 'Bench group ' || g, 'Benchmark group', ${memberOf('g', '0')}, g % 4 <> 0, now() - interval '750 days'
        from generate_series(1, ${G}) g`,
    },
    {
      table: 'group_members',
      sql: `insert into group_members (group_id, user_id, role, joined_at)
        select g, ${memberOf('g', 'j')}, case when j = 0 then 'OWNER' else 'MEMBER' end, now() - interval '745 days'
        from generate_series(1, ${G}) g, generate_series(0, ${M - 1}) j
        union all
        select g, h, 'MEMBER', now() - interval '745 days' from generate_series(1, ${heavyGroups}) g, unnest(array[${heavyIds}]) h
        on conflict do nothing`,
    },
    {
      table: 'bots',
      // One bot in each of the busiest groups, owned by the group's owner.
      sql: `insert into bots (id, name, bio, avatar_id, owner_id, group_id, created_at)
        select g, 'Bench bot ' || g, 'Benchmark bot', 1 + g % 9, ${memberOf('g', '0')}, g, now() - interval '740 days'
        from generate_series(1, ${heavyGroups}) g`,
    },
    {
      table: 'stacks',
      // 60% friend stacks (owner -> one of the owner's friends), 40% group stacks; 2% of group stacks
      // sandboxed; a quarter of the busiest groups' extra share posted by the group's bot.
      sql: `insert into stacks (id, name, positions, owner_id, mode, friend_id, group_id, bot_id, is_sandboxed, created_at, updated_at)
        select i, 'Stack ' || i,
          jsonb_build_array('Alpha ' || i % 97, 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot ' || i % 89),
          case when friend then f_owner when bot then ${memberOf('x.grp', '0')} else g_owner end,
          case when friend then 'friend' else 'group' end,
          case when friend then ((f_owner - 1 + f_step + ${N}) % ${N}) + 1 end,
          case when friend then null else grp end,
          case when bot then grp end,
          not friend and not bot and i % 50 = 7,
          created, least(now(), created + ((i * 37) % 4320) * interval '1 minute')
        from generate_series(1, ${S}) i,
          lateral (select i % 5 < 3 as friend,
            ((i::bigint * 7919) % ${N})::int + 1 as f_owner,
            (case when (i / 3) % 2 = 0 then 1 else -1 end) * (1 + (i / 7) % 10) as f_step,
            case when i % 20 = 3 then ((i / 20) % ${heavyGroups}) + 1 else ((i * 31) % ${G}) + 1 end as grp,
            now() - ${span} * (${S} - i)::float8 / ${S} as created,
            i % 20 = 3 and (i / 20) % 4 = 1 as bot) x,
          lateral (select ${memberOf('x.grp', `(i * 13) % ${M}`)} as g_owner) y`,
    },
    {
      table: 'stacks (heaviest friends)',
      // Each heaviest viewer with its ten friends, spread over the two years, half each way.
      sql: `insert into stacks (id, name, positions, owner_id, mode, friend_id, created_at, updated_at)
        select ${S} + h * ${perHeavy} + j, 'Friend stack ' || j,
          jsonb_build_array('Alpha ' || j % 97, 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot ' || j % 89),
          case when j % 2 = 0 then ${N + 1} + h else f end, 'friend', case when j % 2 = 0 then f else ${N + 1} + h end,
          created, least(now(), created + ((j * 41) % 4320) * interval '1 minute')
        from generate_series(0, ${HEAVY_VIEWERS.length - 1}) h, generate_series(1, ${perHeavy}) j,
          lateral (select ((h * 100 + j % 10) % ${N}) + 1 as f, now() - ${span} * (${perHeavy} - j)::float8 / ${perHeavy} as created) x`,
    },
    {
      table: 'stack_responses',
      // Friend stacks: the owner answers 80%, the friend 60%. Group stacks: 0-6 members (mean 3).
      sql: `insert into stack_responses (stack_id, user_id, ranking, created_at)
        select r.stack_id, r.user_id, p.ranking, r.created_at
        from (
          select s.id as stack_id, s.owner_id as user_id, s.created_at + interval '3 minutes' as created_at
          from stacks s where s.mode = 'friend' and s.id % 10 < 8
          union all
          select s.id, s.friend_id, s.created_at + interval '41 minutes' from stacks s where s.mode = 'friend' and s.id % 10 >= 4
          union all
          select s.id, ${memberOf('s.group_id', `(s.id * 7 + j * 13) % ${M}`)}, s.created_at + (j + 1) * interval '17 minutes'
          from stacks s join generate_series(0, 5) j on j < s.id % 7 where s.mode = 'group'
          union all
          -- The heaviest viewers: one in three, nine in ten, one in ten of their groups' stacks
          -- (s.id / 5: group stacks are the ids with s.id % 5 in (3, 4)).
          select s.id, h.id, s.created_at + interval '9 minutes'
          from stacks s join (values (${mid}, 3, 0), (${avid}, 10, -1), (${hider}, 10, 1)) h(id, m, r)
            on case when h.r < 0 then (s.id / 5) % h.m <> 7 else (s.id / 5) % h.m = h.r end
          where s.mode = 'group' and s.group_id <= ${heavyGroups}
        ) r
        join bench_rankings p on p.n = (r.stack_id * 31 + r.user_id * 17) % 720
        on conflict do nothing`,
    },
    {
      table: 'stacks (twisted)',
      // Stacks with id % 40 in (4, 5) that qualify (friend: both answered; group: 3+ responders) get twisted by a responder.
      sql: `insert into stacks (id, parent_id, name, positions, twist_description, owner_id, mode, friend_id, group_id, created_at, updated_at)
        select ${S + F} + row_number() over (order by s.id), s.id, s.name, s.positions, 'Twist of ' || s.id,
          (select min(r.user_id) from stack_responses r where r.stack_id = s.id),
          s.mode, s.friend_id, s.group_id, s.created_at + interval '2 hours', s.updated_at + interval '3 hours'
        from stacks s
        where s.id % 40 in (4, 5) and s.parent_id is null
          and (select count(*) from stack_responses r where r.stack_id = s.id) >= case when s.mode = 'friend' then 2 else 3 end`,
    },
    {
      table: 'stack_responses (twisted)',
      // The twister and about half of the original's other responders re-answer.
      sql: `insert into stack_responses (stack_id, user_id, ranking, created_at)
        select t.id, r.user_id, p.ranking, t.created_at + interval '20 minutes'
        from stacks t join stack_responses r on r.stack_id = t.parent_id
          join bench_rankings p on p.n = (t.id * 29 + r.user_id * 7) % 720
        where t.parent_id is not null and (r.user_id = t.owner_id or r.user_id % 2 = 0)`,
    },
    {
      table: 'comments',
      // Every other stack: one comment per responder; one in 53 sandboxed.
      sql: `insert into comments (stack_id, user_id, description, is_sandboxed, created_at, updated_at)
        select r.stack_id, r.user_id, 'Comment by ' || r.user_id || ' on stack ' || r.stack_id,
          (r.stack_id + r.user_id) % 53 = 0, r.created_at + interval '5 minutes', r.created_at + interval '5 minutes'
        from stack_responses r where r.stack_id % 2 = 0`,
    },
    {
      table: 'stack_views',
      // Three in four responders viewed after answering; some friends viewed without answering.
      sql: `insert into stack_views (stack_id, user_id, viewed_at, comments_viewed_at)
        select stack_id, user_id, seen, seen from (
          select r.stack_id, r.user_id, r.created_at + interval '1 minute' as seen from stack_responses r where (r.stack_id + r.user_id) % 4 <> 0
          union all
          select s.id, s.friend_id, s.created_at + interval '1 hour' from stacks s where s.mode = 'friend' and s.id % 10 in (0, 1)
        ) v
        on conflict do nothing`,
    },
    {
      table: 'stack_hides',
      sql: `insert into stack_hides (stack_id, user_id, hidden_by, created_at)
        select s.id, h.user_id, h.user_id, s.created_at + interval '1 day'
        from stacks s, lateral (select ${memberOf('s.group_id', `(s.id * 3) % ${M}`)} as user_id) h
        where s.mode = 'group' and s.parent_id is null and s.id % 97 = 0
          and not exists (select 1 from stack_responses r where r.stack_id = s.id and r.user_id = h.user_id)
        union all
        -- Hide New Stacks, a month ago, by the hider: everything of its groups it had not answered.
        select s.id, ${hider}, ${hider}, now() - interval '30 days'
        from stacks s where s.mode = 'group' and s.group_id <= ${heavyGroups} and s.created_at < now() - interval '30 days'
          and not exists (select 1 from stack_responses r where r.stack_id = s.id and r.user_id = ${hider})
        union all
        -- A few hidden for the first heaviest viewer by an admin (user 1).
        select s.id, ${mid}, 1, s.created_at + interval '1 day'
        from stacks s where s.mode = 'group' and s.group_id <= ${heavyGroups} and s.parent_id is null and s.id % 499 = 0
        on conflict do nothing`,
    },
    {
      table: 'notifications',
      // 20 per user, one in four unread.
      sql: `insert into notifications (user_id, type, data, is_read, created_at)
        select u, case k % 3 when 0 then 'FRIEND_REQUEST' when 1 then 'GROUP_INVITE' else 'RELEASE_NOTES' end,
          jsonb_build_object('message', 'Benchmark notification ' || k), k % 4 <> 0, now() - k * interval '1 day'
        from generate_series(1, ${N}) u, generate_series(1, 20) k`,
    },
    {
      table: 'friend_requests',
      // Open requests from strangers (u+11, u+12) to one user in three.
      sql: `insert into friend_requests (from_user_id, to_user_id, status, created_at)
        select ((u - 1 + k) % ${N}) + 1, u, 'PENDING', now() - interval '2 days'
        from generate_series(1, ${N}) u, generate_series(11, 12) k where u % 3 = 0
        on conflict do nothing`,
    },
    {
      table: 'group_requests',
      sql: `insert into group_requests (group_id, from_user_id, to_user_id, status, created_at)
        select g, ${memberOf('g', '0')}, ${memberOf('g', `${M} + k`)}, 'PENDING', now() - interval '3 days'
        from generate_series(1, ${G}) g, generate_series(0, 2) k
        on conflict do nothing`,
    },
    {
      table: 'blocks',
      // One user in 250 blocks a stranger.
      sql: `insert into blocks (blocker_id, blocked_id)
        select u, ((u - 1 + ${Math.floor(N / 2)}) % ${N}) + 1 from generate_series(1, ${N}) u where u % 250 = 0
        on conflict do nothing`,
    },
  ];
}

async function recreateDatabase(serverUrl: string) {
  await withClient(serverUrl, async (client) => {
    await client.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await client.query(`create database ${BENCH_DATABASE}`);
  });
}

async function databaseExists(serverUrl: string): Promise<boolean> {
  return withClient(serverUrl, async (client) => (await client.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE])).rowCount === 1);
}

async function migrate(url: string): Promise<string[]> {
  const handle = await openDatabase({ databaseUrl: url, poolMax: 1 });
  try {
    return await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

async function tableCounts(client: pg.Client): Promise<Record<string, number>> {
  const tables = ['users', 'friendships', 'groups', 'group_members', 'stacks', 'stack_responses', 'comments', 'stack_views', 'stack_hides', 'notifications'];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
  counts['twisted stacks'] = Number((await client.query('select count(*) as n from stacks where parent_id is not null')).rows[0].n);
  return counts;
}

/**
 * Makes sure `stacks_bench` holds a migrated data set of this scale: reuses it when a finished
 * seed of the same scale and seed version is there (applying any newer migrations), and otherwise
 * drops it, recreates it, migrates and seeds it. `log` receives progress lines.
 */
export async function seedBenchDatabase(scale: Scale, log: (line: string) => void = console.log): Promise<SeedResult> {
  const { serverUrl, url } = benchDatabaseUrl();
  if (await databaseExists(serverUrl)) {
    const found = await existingScale(url);
    if (found && found.users === scale.users && found.stacks === scale.stacks && found.version === SEED_VERSION) {
      const applied = await migrate(url);
      const counts = await withClient(url, async (client) => {
        if (applied.length > 0) {
          // VACUUM too: a migration that rewrites rows leaves the visibility map unset.
          log(`  applied ${applied.join(', ')}; vacuuming and analyzing`);
          await client.query('vacuum (analyze)');
        }
        return tableCounts(client);
      });
      log(`Reusing ${BENCH_DATABASE} (${scale.users} users, ${scale.stacks} stacks).`);
      return { url, reused: true, scale, counts };
    }
    log(`${BENCH_DATABASE} holds ${found ? `a different data set (${found.users} users, ${found.stacks} stacks, seed v${found.version})` : 'no finished seed'}: rebuilding it.`);
  }

  const started = process.hrtime.bigint();
  log(`Seeding ${BENCH_DATABASE}: ${scale.users} users, ${scale.stacks} stacks`);
  await recreateDatabase(serverUrl);
  let step = process.hrtime.bigint();
  await migrate(url);
  log(`  ${'migrations'.padEnd(26)} ${seconds(step).toFixed(1).padStart(7)} s`);

  const counts = await withClient(url, async (client) => {
    // All 720 rankings of six positions, to give answers varied scores.
    await client.query(`create unlogged table bench_rankings as
      select (row_number() over (order by a, b, c, d, e, f) - 1)::int as n, jsonb_build_array(a, b, c, d, e, f) as ranking
      from generate_series(0, 5) a, generate_series(0, 5) b, generate_series(0, 5) c, generate_series(0, 5) d, generate_series(0, 5) e, generate_series(0, 5) f
      where cardinality(array(select distinct x from unnest(array[a, b, c, d, e, f]) x)) = 6`);
    for (const statement of seedStatements(scale)) {
      step = process.hrtime.bigint();
      const result = await client.query(statement.sql);
      log(`  ${statement.table.padEnd(26)} ${seconds(step).toFixed(1).padStart(7)} s  ${String(result.rowCount ?? 0).padStart(10)} rows`);
    }
    await client.query('drop table bench_rankings');
    // Explicit ids were inserted: move the sequences past them so the app can insert too.
    for (const table of ['users', 'groups', 'bots', 'stacks', 'comments', 'notifications', 'friend_requests', 'group_requests']) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`);
    }
    // VACUUM as well as ANALYZE: it sets the visibility map and hint bits now, so index-only scans
    // work from the first run and autovacuum does not start on the fresh rows in the middle of one.
    step = process.hrtime.bigint();
    await client.query('vacuum (analyze)');
    log(`  ${'vacuum (analyze)'.padEnd(26)} ${seconds(step).toFixed(1).padStart(7)} s`);
    // Written last: a seed that stopped half-way is rebuilt next time, never reused.
    await client.query(`create table bench_meta (id int primary key check (id = 1), users int not null, stacks int not null,
      seed_version int not null, seeded_at timestamptz not null default now(), seconds real not null)`);
    await client.query('insert into bench_meta (id, users, stacks, seed_version, seconds) values (1, $1, $2, $3, $4)', [scale.users, scale.stacks, SEED_VERSION, seconds(started)]);
    return tableCounts(client);
  });
  log(`  ${'total'.padEnd(26)} ${seconds(started).toFixed(1).padStart(7)} s`);
  return { url, reused: false, scale, counts };
}

/** `tsx scripts/bench/seed.ts [--scale small|full] [--users N --stacks N]`: seeds (or reuses) only. */
async function main() {
  const { values } = parseArgs({ options: { scale: { type: 'string' }, users: { type: 'string' }, stacks: { type: 'string' } } });
  const result = await seedBenchDatabase(scaleFromArgs(values));
  console.log(Object.entries(result.counts).map(([table, n]) => `  ${table}: ${n}`).join('\n'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
