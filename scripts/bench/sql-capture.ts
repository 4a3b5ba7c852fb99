import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
} from 'kysely';
import type { Db } from '../../server/db/client';
import type { Database } from '../../server/db/schema';
import { findSessionUser } from '../../server/modules/auth/sessions.repo';
import { countUnread } from '../../server/modules/notifications/notifications.repo';
import { findStackForViewer, listFeed } from '../../server/modules/stacks/stacks.repo';
import type { FeedShape } from '../../server/modules/stacks/feed-page.sql';

/*
 * How the bare server gets exactly the app's SQL, without copying it and without refactoring the
 * repos: the app's own repo functions are called on a Kysely whose driver is Kysely's DummyDriver
 * (it executes nothing and returns no rows) and whose `log` hook records each compiled statement.
 * They are called once with sentinel values in place of the viewer id, stack id, offset and limit;
 * the parameter slots holding a sentinel are remembered, and a request only substitutes its own
 * values there. So the text and the parameter order are whatever the repos build today: when a
 * repo query changes, the bare server follows without an edit. (Capturing from a live app run with
 * `log` would give the same text, but needs a running app and real ids; calling `.compile()` would
 * need builder access the repos do not export.)
 */

/** Sentinels: within int4, and far from any id or page size the seed produces. */
const SENTINEL = { viewer: 2_000_000_011, stack: 2_000_000_022, offset: 2_000_000_033, limit: 2_000_000_044, session: 2_000_000_055 } as const;
type Slot = keyof typeof SENTINEL;

export interface StatementTemplate {
  name: string;
  sql: string;
  parameters: readonly unknown[];
  /** Parameter index -> which request value goes there. */
  slots: Map<number, Slot>;
}

function captureDb(sink: CompiledQuery[]): Db {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') sink.push(event.query);
    },
  });
}

/** Runs `call` against the capturing Kysely and returns the single statement it issued. */
async function capture(name: string, call: (db: Db) => Promise<unknown>, expected: Slot[]): Promise<StatementTemplate> {
  const sink: CompiledQuery[] = [];
  const db = captureDb(sink);
  try {
    await call(db);
  } catch {
    // executeTakeFirstOrThrow refuses the DummyDriver's empty result; the statement is already logged.
  }
  await db.destroy();
  if (sink.length !== 1) throw new Error(`${name}: expected one SQL statement, the repo issued ${sink.length}`);
  const slots = new Map<number, Slot>();
  sink[0].parameters.forEach((value, index) => {
    const slot = (Object.keys(SENTINEL) as Slot[]).find((key) => SENTINEL[key] === value);
    if (slot) slots.set(index, slot);
  });
  for (const slot of expected) {
    if (![...slots.values()].includes(slot)) throw new Error(`${name}: the ${slot} parameter was not found in the captured SQL`);
  }
  return { name, sql: sink[0].sql, parameters: sink[0].parameters, slots };
}

/** The statement's parameters with this request's values in the sentinel slots. */
export function bind(template: StatementTemplate, values: Partial<Record<Slot, number>>): unknown[] {
  const out = template.parameters.slice();
  for (const [index, slot] of template.slots) {
    const value = values[slot];
    if (value === undefined) throw new Error(`${template.name}: no value for ${slot}`);
    out[index] = value;
  }
  return out;
}

export interface AppStatements {
  authUser: StatementTemplate;
  /** GET /v2/stacks with the default filters and order, for a non-admin and an admin viewer. */
  feed: { user: StatementTemplate; admin: StatementTemplate };
  /** GET /v1/stacks/{id} (without mark_viewed), for a non-admin and an admin viewer. */
  detail: { user: StatementTemplate; admin: StatementTemplate };
  unreadCount: StatementTemplate;
}

const FEED_DEFAULTS = { filterNew: false, filterFriends: false, filterNoBots: false, orderBy: 'updated_at', onlyTwisted: false } as const;

/** The feed's filters and order: one variant of GET /v2/stacks (or of GET /v1/twisted_stacks, onlyTwisted). */
export type FeedVariant = FeedShape;

/** The app's feed statement for one variant, for a non-admin viewer (viewer, offset and limit in slots). */
export function captureFeed(variant: FeedVariant): Promise<StatementTemplate> {
  return capture('feed variant', (db) => listFeed(db, { id: SENTINEL.viewer, isAdmin: false }, { ...variant, offset: SENTINEL.offset, limit: SENTINEL.limit }), ['viewer', 'offset', 'limit']);
}

/** The SQL the app runs for the three benchmarked endpoints (and its per-request session and user lookup). */
export async function captureAppStatements(): Promise<AppStatements> {
  const viewer = (isAdmin: boolean) => ({ id: SENTINEL.viewer, isAdmin });
  const feed = (isAdmin: boolean) =>
    capture(`feed${isAdmin ? ' (admin)' : ''}`, (db) => listFeed(db, viewer(isAdmin), { ...FEED_DEFAULTS, offset: SENTINEL.offset, limit: SENTINEL.limit }), ['viewer', 'offset', 'limit']);
  const detail = (isAdmin: boolean) =>
    capture(`detail${isAdmin ? ' (admin)' : ''}`, (db) => findStackForViewer(db, viewer(isAdmin), SENTINEL.stack, 'stack'), ['viewer', 'stack']);
  return {
    authUser: await capture('auth user', (db) => findSessionUser(db, SENTINEL.viewer, SENTINEL.session), ['viewer', 'session']),
    feed: { user: await feed(false), admin: await feed(true) },
    detail: { user: await detail(false), admin: await detail(true) },
    unreadCount: await capture('unread count', (db) => countUnread(db, SENTINEL.viewer), ['viewer']),
  };
}
