import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

/**
 * The database work of one HTTP request, so that it stops when the client goes away: the request
 * pool records which connections a request holds (server/db/client.ts), and a connection closed
 * before the response was complete cancels the statements running on them.
 */
export class RequestScope {
  private gone = false;
  private readonly listeners = new Set<() => void>();

  /** Whether the client went away before its answer was complete. */
  get abandoned(): boolean {
    return this.gone;
  }

  /** Calls `listener` when the request is abandoned; returns the function that removes it. */
  onAbandon(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  abandon(): void {
    if (this.gone) return;
    this.gone = true;
    for (const listener of [...this.listeners]) listener();
    this.listeners.clear();
  }
}

/**
 * What an abandoned request's next database call fails with. It carries PostgreSQL's SQLSTATE for a
 * cancelled statement (57014, query_canceled), so it is answered as one (server/db/faults.ts): the
 * client is gone anyway, and it is no server error to log.
 */
export class RequestAbandonedError extends Error {
  readonly code = '57014';
  constructor() {
    super('canceling statement: the client closed the connection before the answer');
    this.name = 'RequestAbandonedError';
  }
}

const storage = new AsyncLocalStorage<RequestScope>();

/** The scope of the request being served, if any. */
export const currentRequestScope = (): RequestScope | undefined => storage.getStore();

/**
 * Runs `fn`, and everything it starts, outside any request: work that outlives its request (after
 * the response) or serves several requests must not be cancelled when one client goes away.
 */
export const outsideRequest = <T>(fn: () => T): T => storage.exit(fn);

/**
 * Express middleware: the rest of the request runs in a scope of its own, abandoned when the
 * response closes unfinished (the client hung up, or its connection dropped). Mounted after the
 * body parsers: their callbacks may run in the socket's context, outside the scope.
 */
export function requestScope() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const scope = new RequestScope();
    res.once('close', () => {
      if (!res.writableFinished) scope.abandon();
    });
    storage.run(scope, next);
  };
}
