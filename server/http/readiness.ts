import type { Request, Response } from 'express';
import { OBSERVABILITY } from '../../shared/limits';
import type { Db } from '../db/client';
import { pendingMigrations } from '../db/migrate';
import type { Logger } from '../logger';
import type { EventHub } from '../modules/events/event-hub';

/** One check's result; `applicable: false` when this instance has nothing to check there (it counts as ok). */
export type CheckResult = { ok: true; applicable?: false; detail?: string } | { ok: false; detail: string };

export interface ReadinessDeps {
  db: Db;
  /** The database probe of /healthz: never waits behind the request pool. */
  ping: () => Promise<void>;
  events?: EventHub;
  logger: Logger;
}

/** `work`, or a rejection once OBSERVABILITY.readinessTimeoutMs has passed. */
async function bounded<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${OBSERVABILITY.readinessTimeoutMs} ms`)), OBSERVABILITY.readinessTimeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * GET /readyz (docs/metrics.md): whether this instance should get traffic. 200 when the database
 * answers, every migration of migrations/index.ts is applied and the live-event listener is
 * connected; else 503 naming the failing check. /healthz stays the liveness probe (the process
 * answers at all).
 *
 * Cheap: the database check is /healthz's probe (its own connection, never the request queue);
 * the migration check reads the migration table until it first passes, then never again (a
 * migration is never undone under a running instance), and only when the database answered; the
 * listener check reads a flag. An instance without live events (tests) reports that check as not
 * applicable. The log says when readiness changes, not on every probe.
 */
export function readinessRoute({ db, ping, events, logger }: ReadinessDeps) {
  let migrationsCurrent = false;
  let wasReady: boolean | undefined;

  async function checkDatabase(): Promise<CheckResult> {
    try {
      await bounded(ping(), 'the database');
      return { ok: true };
    } catch (error) {
      return { ok: false, detail: `The database does not answer: ${messageOf(error)}` };
    }
  }

  async function checkMigrations(databaseOk: boolean): Promise<CheckResult> {
    if (migrationsCurrent) return { ok: true };
    if (!databaseOk) return { ok: false, detail: 'Not checked: the database does not answer' };
    try {
      const pending = await bounded(pendingMigrations(db), 'the migration table');
      if (pending.length > 0) return { ok: false, detail: `${pending.length} migration(s) not applied: ${pending.join(', ')}` };
      migrationsCurrent = true;
      return { ok: true };
    } catch (error) {
      return { ok: false, detail: `The migration table could not be read: ${messageOf(error)}` };
    }
  }

  function checkEvents(): CheckResult {
    if (!events) return { ok: true, applicable: false, detail: 'This instance runs no live events' };
    return events.connected ? { ok: true } : { ok: false, detail: 'The live-event listener is not connected to the database' };
  }

  return async (_req: Request, res: Response) => {
    const database = await checkDatabase();
    const checks = { database, migrations: await checkMigrations(database.ok), events: checkEvents() };
    const ready = Object.values(checks).every((check) => check.ok);
    if (ready !== wasReady) {
      if (ready) logger.info({ checks }, 'readiness: ready');
      else logger.warn({ checks }, 'readiness: not ready');
      wasReady = ready;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks });
  };
}
