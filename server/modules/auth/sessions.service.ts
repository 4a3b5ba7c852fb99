import Bowser from 'bowser';
import { SECURITY } from '../../../shared/limits';
import type { Session, SignInMethod } from '../../../shared/schemas/sessions';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { notFound } from '../../errors';
import * as repo from './sessions.repo';

/**
 * Sessions (docs/sessions.md): each sign-in is one, with its own token; the account's owner lists
 * and ends them. Ending one ends its token at once (authenticate reads the session) and its
 * streams within moments (the `session.revoked` event its row's trigger writes).
 */

/** "Chrome on Linux", "Safari on iOS", or the raw agent's first words when nothing is recognised. */
export function deviceOf(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  if (browser || os) return (browser || os) as string;
  return userAgent.split(/[\s(]/)[0].slice(0, 40) || 'Unknown device';
}

/** A new session for a sign-in: its id goes into the access token. Keeps the account's sessions bounded. */
export async function startSession(db: Db, userId: number, request: { ip: string; userAgent: string; method: SignInMethod }): Promise<number> {
  const session = await repo.insertSession(db, {
    user_id: userId,
    expires_at: new Date(Date.now() + SECURITY.accessTokenTtlSeconds * 1000),
    ip: request.ip,
    user_agent: request.userAgent.slice(0, SECURITY.sessionUserAgentMax),
    // A code and a passkey are both second factors (REQUIRE_ADMIN_2FA); the method tells them apart.
    second_factor: request.method === 'two_factor' || request.method === 'passkey',
    sign_in_method: request.method,
  });
  await repo.boundSessions(db, userId, SECURITY.sessionsPerUser, SECURITY.sessionForgetDays);
  return session.id;
}

export async function listSessions(db: Db, userId: number, currentId: number): Promise<Session[]> {
  const rows = await repo.listLiveSessions(db, userId, SECURITY.sessionsPerUser);
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.user_agent),
    ip: row.ip,
    created_at: toIso(row.created_at),
    last_seen_at: toIso(row.last_seen_at),
    current: row.id === currentId,
    second_factor: row.second_factor,
    sign_in_method: row.sign_in_method,
  }));
}

/** Ends one of my sessions (the current one too: that is signing out). 404 for anyone else's or an ended one. */
export async function endSession(db: Db, userId: number, sessionId: number): Promise<void> {
  if (!(await repo.endSession(db, userId, sessionId))) throw notFound('Session not found', 'SESSION_NOT_FOUND');
}

/** Ends every session of mine but the current one; answers how many ended. */
export async function endOtherSessions(db: Db, userId: number, currentId: number): Promise<{ ended: number }> {
  return { ended: await repo.endSessionsExcept(db, userId, currentId) };
}

export { findSessionUser, touchSession } from './sessions.repo';
