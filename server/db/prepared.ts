import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statements at least this long are prepared: the feed and the detail, not the small lookups. */
const PREPARE_FROM_CHARS = 1_000;
/** Queries and data changes only (a migration's DDL runs once: nothing to gain). */
const PREPARABLE = /^\s*(with|select|insert|update|delete)\b/i;
/** At most this many prepared statements per connection (bounded memory on both sides). */
const PREPARED_PER_CONNECTION = 100;

/**
 * A short statement that runs on (almost) every request starts with this comment to be prepared
 * too: the token check joins the session to its user, and planning that join on every call cost
 * more than the join itself (docs/sessions.md).
 */
export const PREPARE_MARK = '/* prepared */';

/**
 * The prepared-statement name for `text`, or undefined when it should run unprepared: a hash of
 * the text, so one text always has one name on a connection. (The bench's bare server uses it too.)
 */
export function preparedName(text: string): string | undefined {
  const marked = text.startsWith(PREPARE_MARK);
  if ((!marked && text.length < PREPARE_FROM_CHARS) || !PREPARABLE.test(marked ? text.slice(PREPARE_MARK.length) : text)) return undefined;
  return `s_${createHash('sha1').update(text).digest('hex')}`;
}

/**
 * Makes a pooled connection run its long statements as named prepared statements, as Npgsql's
 * auto-prepare does. The feed's statement is ~9 kB of SQL: unprepared, every call sends it and
 * PostgreSQL parses and plans it again; prepared, a call sends only the parameters, and after five
 * executions PostgreSQL may keep a generic plan (plan_cache_mode auto decides, per statement).
 * Kysely calls `query(text, values)`; every other form passes through unchanged.
 */
export function prepareLongStatements(client: pg.PoolClient) {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      let name = names.get(text);
      if (name === undefined && names.size < PREPARED_PER_CONNECTION) {
        name = preparedName(text);
        if (name) names.set(text, name);
      }
      if (name) return original({ name, text, values });
    }
    return original(...args);
  }) as typeof client.query;
}
