import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { StacksTable } from '../../db/schema';
import { CHUNK_BITS } from '../../../migrations/2026_11_29_100000_dense_feed_marks';
import { blockedIdsOf, canSeeStack, feedGroupSources, feedRowShown, feedSourceAllows, feedSourcesOf, mutedIdsOf, stackNotMutedAmong, type FeedLookups, type FeedSourceKind } from '../../policy';

/**
 * Which stacks make up one page of the feed, read along indexes (docs/feed.md).
 *
 * Every row the viewer may see comes from one of a few sources, each kept newest first by an
 * index of (source, sort column desc, id desc):
 * - 'o': friend stacks (and their twists) whose original the viewer owns (origin_owner_id);
 * - 'r': friend stacks (and their twists) addressed to the viewer (friend_id);
 * - 'g': one source per live group the viewer belongs to (group_id).
 *
 * The sources are merged in windows, by a recursive CTE whose every step is set-based:
 * - a step reads the next `cap` rows of every source below the cursor, from the source's index
 *   alone (index-only: every column a test needs is INCLUDEd, migrations/2026_11_25_140000_*),
 *   and tests each row;
 * - the window ends at the highest of the last rows of the sources that read their whole cap:
 *   above it, every row of every source has been read, so the rows there that pass are the feed's
 *   next rows, in order; they are numbered and the cursor moves down to the window's end;
 * - each source's next cap follows how much of it the window used and how many of the rows read
 *   passed, so a step reads about what the page still needs (a busy source gets a large cap, a
 *   quiet one a small one, a rare filter larger ones).
 * A page at offset O of L rows so reads about O + L rows plus a small cap per source and window,
 * and a row a filter rejects costs a few index bytes. The stack rows themselves are read for the
 * page only, by id, after the merge.
 *
 * The tests are canSeeStack restated per source (server/policy/feed-visibility.ts: what the source
 * already guarantees taken out; a property test holds the two equal), plus the feed's filters.
 * What the viewer hid, blocked and muted (and, for "new only" and the twisted list, what they
 * answered) is read once per statement, in order, as a sorted int[] (hides and answers from
 * feed_marks: a few rows per viewer, however many ids; a range dense with them as a bitmap), and a
 * row is looked up in it by bisection (width_bucket) or by its bit: no index probe per row, so a
 * feed after Hide New Stacks, or "new only" for a viewer who answered most of it, skips rows at
 * the cost of reading them. Other rows that need
 * the viewer's answer (a sandboxed stack, a twist) are few: one probe each. The twisted list reads
 * twisted-only copies of the source indexes. The property test in
 * tests/api/feed-property.test.ts holds the page equal to the reference query over canSeeStack,
 * for every filter, both orders and both lists.
 */

/** A cursor id above every stack id, so (+infinity, TOP) is above every row. */
const TOP = sql.raw('2147483647');

/**
 * How many rows a window reads from each source (its cap): the first window's caps are
 * `firstFactor` times the page's rows shared evenly, plus `firstExtra`; later ones follow the
 * window before (feedPage); every cap is within [min, max]. Only the amount of work depends on
 * these, never the page (tests/api/feed-property.test.ts runs the merge with tiny caps too).
 */
export interface FeedCaps {
  min: number;
  max: number;
  firstFactor: number;
  firstExtra: number;
}

export const FEED_CAPS: FeedCaps = { min: 2, max: 1024, firstFactor: 3, firstExtra: 4 };

/** Of the rows a filter rejects, one in SAMPLE is kept, to tell how far each source was used. */
const SAMPLE = 16;

/** A page row: the stack row itself, its place in the feed (n, 1-based) and its group's name. */
export type FeedPageRow = Selectable<StacksTable> & { n: number; group_name: string | null };

/** The feed's filters (GET /v2/stacks filter_new, filter_friends, filter_no_bots; the twisted list). */
export interface FeedFilters {
  filterNew: boolean;
  filterFriends: boolean;
  filterNoBots: boolean;
  onlyTwisted: boolean;
}

export interface FeedPageOptions extends FeedFilters {
  offset: number;
  limit: number;
  orderBy: 'updated_at' | 'created_at';
}

/** What changes the feed's SQL (the filters, the order, the list): all but the page's numbers. */
export type FeedShape = Omit<FeedPageOptions, 'offset' | 'limit'>;

/** Every shape of the feed: the list outermost, then the order, then the 8 combinations of the filters. */
export const FEED_SHAPES: readonly FeedShape[] = [false, true].flatMap((onlyTwisted) =>
  (['updated_at', 'created_at'] as const).flatMap((orderBy) =>
    [0, 1, 2, 3, 4, 5, 6, 7].map((bits) => ({ filterNew: (bits & 1) !== 0, filterFriends: (bits & 2) !== 0, filterNoBots: (bits & 4) !== 0, orderBy, onlyTwisted })),
  ),
);

/**
 * The viewer's sets, each a sorted int[] read once into the one row of the `viewer_sets` CTE
 * (`vs`), which every window's row tests read: hidden for me (by anyone), hidden for me by
 * someone else (an admin), blocked either way, muted, and answered (answersDense only). Not in
 * the merge's state row: that row is copied at every window (into the recursion's work table and
 * the CTE's own), and for the heaviest viewers a set is hundreds of kB, so carrying them there
 * cost more than the windows' reading (page faults for each copy).
 */
const VIEWER_SETS = ['hidden', 'hidden_by_others', 'blocked', 'muted', 'answered'] as const;
type ViewerSet = (typeof VIEWER_SETS)[number];

/**
 * The two sets kept in feed_marks (answered 'a', hidden 'h') come in parts
 * (migrations/2026_11_29_100000_dense_feed_marks.ts, docs/decisions/0055-dense-feed-marks.md): the ids
 * of the sparse ranges, joined in order (`vs.<set>`); the bitmaps of the dense ones, joined in
 * order (`vs.<set>_bits`); and which bitmap is a range's (`vs.<set>_map`: two bytes per range up to
 * the last dense one, its bitmap's place from 1, or 0 when the range is not dense). Each other set
 * is one sorted array. (The map is a bytea, not an int[] of ranges, because get_byte reads a short
 * value in place where an array function would copy it on every row.)
 */
const MARKED: Partial<Record<ViewerSet, 'a' | 'h'>> = { hidden: 'h', answered: 'a' };
const VIEWER_COLUMNS = VIEWER_SETS.flatMap((set) => (MARKED[set] ? [set, `${set}_map`, `${set}_bits`] : [set]));

/**
 * Whether `x` is in the viewer's set `set`: a bisection of the sorted ids, no index probe; for a
 * marked set, else the bit of `x` in its range's bitmap, when that range is a dense one.
 */
function among(x: RawBuilder<unknown>, set: ViewerSet) {
  const ids = sql.raw(`vs.${set}`);
  const sparse = sql<boolean>`coalesce(${ids}[width_bucket(${x}, ${ids})] = ${x}, false)`;
  if (!MARKED[set]) return sparse;
  const [map, bits] = [sql.raw(`vs.${set}_map`), sql.raw(`vs.${set}_bits`)];
  const range = sql`(${x} >> ${sql.lit(CHUNK_BITS)})`;
  const place = sql`((get_byte(${map}, 2 * ${range}) << 8) + get_byte(${map}, 2 * ${range} + 1))`;
  const bit = sql`(((${place} - 1)::int8 << ${sql.lit(CHUNK_BITS)}) + (${x} & ${sql.lit((1 << CHUNK_BITS) - 1)}))`;
  // Most viewers have no dense range: for them, one null test more than the bisection. The
  // arms of a CASE run in order, so get_byte and get_bit only ever see places within the map.
  return sql<boolean>`case when ${map} is null then ${sparse}
    else ${sparse} or coalesce(case when ${range} >= length(${map}) / 2 then false when ${place} = 0 then false
      else get_bit(${bits}, ${bit}) = 1 end, false) end`;
}

/** Whether most rows need the viewer's answers ("new only", the twisted list): then they are read as a set too. */
const answersDense = (options: FeedFilters) => options.filterNew || options.onlyTwisted;

/**
 * The viewer's sets (VIEWER_COLUMNS, in order), each read in order (no sort). What the viewer
 * answered and what is hidden for them can be many (tens of thousands for the heaviest viewers):
 * they come from feed_marks, a few rows per viewer kept by triggers (sorted ids for a sparse range,
 * a bitmap for a dense one). No `answered` unless answersDense: the other variants probe the few
 * rows that need it (a sandboxed stack, a twist).
 */
function viewerSets(viewerId: number, options: FeedFilters): { columns: RawBuilder<unknown>[]; from: RawBuilder<unknown> } {
  // An empty set is null (a null array is in no test's way, and costs nothing to pass around).
  const ids = (query: RawBuilder<unknown>) => sql`nullif((${query}), '{}')::int[]`;
  // A marked set's parts, from one scan of the viewer's rows of that kind (alias `m<kind>`).
  const marks = (kind: 'a' | 'h') => sql`(select
      feed_ids_cat(f.ids order by f.chunk) filter (where f.ids is not null) as ids,
      feed_range_map(array_agg(f.chunk order by f.chunk) filter (where f.bits is not null)) as map,
      string_agg(f.bits, ''::bytea order by f.chunk) as bits
    from feed_marks f where f.user_id = ${viewerId} and f.kind = ${sql.lit(kind)}) ${sql.raw(`m${kind}`)}`;
  const parts = (kind: 'a' | 'h') => [sql`nullif(${sql.raw(`m${kind}`)}.ids, '{}')::int[]`, sql.raw(`m${kind}.map`), sql.raw(`m${kind}.bits`)];
  const none = [sql`null::int[]`, sql`null::bytea`, sql`null::bytea`];
  const columns: Record<ViewerSet, RawBuilder<unknown>[]> = {
    hidden: parts('h'),
    hidden_by_others: [ids(sql`select array(select h.stack_id from stack_hides h where h.user_id = ${viewerId} and h.hidden_by is distinct from h.user_id order by h.stack_id)`)],
    blocked: [ids(blockedIdsOf(viewerId))],
    muted: [ids(sql`select ${mutedIdsOf(viewerId)}`)],
    answered: answersDense(options) ? parts('a') : none,
  };
  const from = answersDense(options) ? sql`${marks('h')} cross join ${marks('a')}` : marks('h');
  return { columns: VIEWER_SETS.flatMap((set) => columns[set]), from };
}

/** Each source kind's index key. */
const SOURCE_KEY: Record<FeedSourceKind, string> = { o: 'origin_owner_id', r: 'friend_id', g: 'group_id' };

/**
 * The tests of a row `c` (columns of its source index only) of a source of kind `kind`: the
 * source's share of canSeeStack, not hidden for me, not muted (server/policy/feed-visibility.ts),
 * the filters. `answered(x)` is the sorted array when most rows need it ("new only", the twisted
 * list), else one probe.
 */
function passes(viewerId: number, options: FeedFilters, kind: FeedSourceKind) {
  const answered = (x: RawBuilder<unknown>) =>
    answersDense(options) ? among(x, 'answered') : sql<boolean>`((select true from stack_responses r where r.stack_id = ${x} and r.user_id = ${viewerId} limit 1) is not null)`;
  const lookups: FeedLookups = { among, answered };
  const parts: RawBuilder<unknown>[] = [];
  if (options.onlyTwisted) parts.push(sql`c.parent_id is not null`);
  if (options.filterNoBots) parts.push(sql`c.bot_id is null`);
  parts.push(feedRowShown(lookups));
  if (options.filterNew) parts.push(sql`not ${answered(sql`c.id`)}`);
  parts.push(feedSourceAllows(viewerId, kind, lookups));
  return sql.join(parts, sql` and `);
}

/**
 * The next `m.caps[so.i]` rows of source `so` below the cursor (`m.at`, `m.id`), from its index
 * alone, in order: (at, id, ok, rn) with ok whether the row is in the feed and rn its place (1-based).
 * Only the branch of the source's kind runs.
 */
function readSources(viewerId: number, options: FeedPageOptions) {
  const sort = sql.raw(`s.${options.orderBy}`);
  const kinds: FeedSourceKind[] = options.filterFriends ? ['o', 'r'] : ['o', 'r', 'g'];
  const branches = kinds.map((kind) => {
    const columns = kind === 'g' ? sql`s.origin_owner_id, s.is_sandboxed` : kind === 'o' ? sql`s.friend_id, s.origin_owner_id` : sql`s.origin_owner_id`;
    // The mode test names the 'o' index's predicate; friend_id is set on friend stacks only.
    const mode = kind === 'o' ? sql` and s.mode = 'friend'` : sql``;
    // The twisted list reads the twisted-only copy of the index (its predicate, named here).
    const twisted = options.onlyTwisted ? sql` and s.parent_id is not null` : sql``;
    return sql`
      select c.at, c.id, ${passes(viewerId, options, kind)} as ok, row_number() over (order by c.at desc, c.id desc) as rn
      from (select ${sort} as at, s.id, s.parent_id, s.owner_id, s.bot_id, ${columns} from stacks s
        where s.${sql.raw(SOURCE_KEY[kind])} = so.key${mode}${twisted} and (${sort}, s.id) < (m.at, m.id)
        order by ${sort} desc, s.id desc limit m.caps[so.i]) c
      where so.src = ${sql.lit(kind)}`;
  });
  return sql.join(branches, sql` union all `);
}

/**
 * The page's stack rows (FeedPageRow), n in (offset, offset + limit], to be read in order of n.
 */
export function feedPage(viewerId: number, options: FeedPageOptions, caps: FeedCaps = FEED_CAPS) {
  const [capMin, capMax] = [sql.lit(caps.min), sql.lit(caps.max)];
  const sets = viewerSets(viewerId, options);
  const end = sql`(${options.offset}::int + ${options.limit}::int)`;
  const groups = options.filterFriends
    ? sql``
    : sql`union all
        ${feedGroupSources(viewerId)}`;
  // One window (see the header). `rd`: of the rows read, those that pass, each source's last, its
  // first SAMPLE and every SAMPLE-th after (a rejected row is otherwise only counted, by its place
  // rn); `cut`: the window's end, absent when no source filled its cap (then every source is read
  // to its end and this is the last window); `em`: the rows emitted, numbered on from m.n; `per`: how far each
  // source was used (its last row kept above the window's end: exact for the source that ended
  // the window and for short reads, within SAMPLE rows for the others) and whether it was full,
  // for the next caps.
  // The step's output: the emitted rows past the offset, and one state row (state true) that
  // carries the count, the cursor and the next caps.
  const step = sql`
    with rd as (select so.i, x.at, x.id, x.ok, x.rn from sources so cross join viewer_sets vs cross join lateral (${readSources(viewerId, options)}) x
      where x.ok or x.rn = m.caps[so.i] or x.rn <= ${sql.lit(SAMPLE)} or x.rn % ${sql.lit(SAMPLE)} = 0),
    cut as (select rd.at, rd.id from rd where rd.rn = m.caps[rd.i] order by rd.at desc, rd.id desc limit 1),
    used as (select rd.*, coalesce((rd.at, rd.id) >= (select cut.at, cut.id from cut), true) as used from rd),
    em as (
      select used.i, used.id, m.n + row_number() over (order by used.at desc, used.id desc) as n from used
      where used.ok and used.used order by used.at desc, used.id desc limit ${end} - m.n),
    per as (select used.i, coalesce(max(used.rn) filter (where used.used), 0)::int as used, bool_or(used.rn = m.caps[used.i]) as full
      from used group by used.i),
    tally as (select e.emitted, c.consumed, (${end} - m.n - e.emitted) * (c.consumed + 1)::float8 / (e.emitted + 1) as x
      from (select count(*)::int as emitted from em) e, (select greatest(sum(per.used), 1)::int as consumed from per) c)
    select false as state, em.n::int, null::timestamptz, null::int, null::int[], em.id, em.i from em where em.n > ${options.offset}::int
    union all
    select true, m.n + t.emitted, cut.at, cut.id, array(
        -- The next caps. The rows to read next (x): the rows the page still needs, over the share
        -- of the rows used that passed. A source full this time gets its share of x as it was
        -- used, with a margin (so caps shrink as the page fills: the last window of a deep page
        -- reads a few rows a source, not the many of the window before); a source none of whose
        -- rows lay above the window's end keeps its cap (it must still reach further, or it would
        -- end the next window as early); the one that ended the window at least doubles. A source
        -- that was not full keeps its cap: it has fewer rows than that left.
        select case when not coalesce(u.full, false) then m.caps[so.i] else
          least(${capMax}, greatest(case when coalesce(u.used, 0) = 0 then m.caps[so.i] else 0 end,
            ceil(1.25 * t.x * coalesce(u.used, 0) / t.consumed)::int + ${capMin},
            case when u.used = m.caps[so.i] then 2 * m.caps[so.i] else 0 end)) end
        from sources so left join per u on u.i = so.i
        order by so.i), null::int, null::int
    from cut cross join tally t`;
  return sql<FeedPageRow>`(
    with recursive
    sources (i, src, key, label) as (
      select (row_number() over (order by x.src, x.key))::int, x.src, x.key, x.label from (
        select 'o'::"char" as src, ${viewerId}::int as key, null::text as label
        union all select 'r'::"char", ${viewerId}::int, null::text
        ${groups}) x),
    viewer_sets (${sql.raw(VIEWER_COLUMNS.join(', '))}) as materialized (select ${sql.join(sets.columns)} from ${sets.from}),
    merge (state, n, at, id, caps, stack_id, i) as (
      -- The first caps: a few times the page's rows shared evenly, plus a few (the sources are
      -- rarely alike, the window ends where the first of them runs out of rows, and one window
      -- less is worth more than a few rows read).
      select true, 0, 'infinity'::timestamptz, ${TOP},
        array(select least(${capMax}, greatest(${capMin}, ${sql.lit(caps.firstFactor)} * ${end} / (select count(*) from sources)::int + ${sql.lit(caps.firstExtra)})) from sources order by i),
        null::int, null::int
      union all
      select w.* from merge m cross join lateral (${step}) w
      where m.state and m.n < ${end})
    select m.n, so.label as group_name, s.* from merge m
      join sources so on so.i = m.i
      cross join lateral (select s.* from stacks s where s.id = m.stack_id) s
    where not m.state)`;
}

/** The plain feed's row tests, as sub-queries over stack row `s`: for inFeed's set-based scan. */
function rowFilters(viewerId: number, options: FeedFilters, muted: RawBuilder<number[]>) {
  const answered = sql<boolean>`((select true from stack_responses r where r.stack_id = s.id and r.user_id = ${viewerId} limit 1) is not null)`;
  const parts: RawBuilder<unknown>[] = [
    // Hidden for me, by me or by an admin: never in my feed.
    // (The probe runs only for viewers who have hides at all: most have none.)
    sql`case when (select true from stack_hides ah where ah.user_id = ${viewerId} limit 1) then (select true from stack_hides h where h.stack_id = s.id and h.user_id = ${viewerId} limit 1) is null else true end`,
    stackNotMutedAmong('s', muted),
  ];
  if (options.filterNew) parts.push(sql`not ${answered}`);
  if (options.filterNoBots) parts.push(sql`s.bot_id is null`);
  if (options.onlyTwisted) parts.push(sql`s.parent_id is not null`);
  return sql.join(parts, sql` and `);
}

/**
 * Every row of the feed, unpaged, as a condition on stack row `s`: for set-based writes over the
 * whole feed (Hide New Stacks, Clear Updates), which must reach past the pages the client loaded.
 * It is the feed's plain definition, the one the property test holds the merge to (canSeeStack,
 * not hidden for the viewer, the same filters), narrowed first to the feed's sources (a friend
 * stack of mine, a stack of a group I am in) so that the scan follows their indexes.
 */
export function inFeed(viewerId: number, options: FeedFilters): RawBuilder<boolean> {
  return sql<boolean>`(${feedSourcesOf(viewerId, options.filterFriends)} and ${canSeeStack(viewerId, false)} and ${rowFilters(viewerId, options, mutedIdsOf(viewerId))})`;
}
