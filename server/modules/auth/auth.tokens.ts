import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { SECURITY } from '../../../shared/limits';
import type { SignInMethod } from '../../../shared/schemas/sessions';
import { TOKEN_REFUSALS } from '../../errors';
import type { Db } from '../../db/client';
import type { SessionUserRow } from './sessions.repo';
import { findSessionUser, startSession, touchSession } from './sessions.service';

/**
 * The signed-in user of a request, with the session its token names (docs/sessions.md);
 * `second_factor`: the session was signed in with a second factor (REQUIRE_ADMIN_2FA asks for it).
 */
export type AuthUser = Omit<SessionUserRow, 'session_live' | 'seen_long_ago'>;

export interface AuthResult {
  user: AuthUser | null;
  /** Why there is no user, for the 401 detail. */
  reason: string;
}

interface AccessClaims {
  sub: string;
  ver: number;
  /** The session (sessions.id) this token belongs to. */
  sid: number;
}

/** Largest id a PostgreSQL `integer` holds: a bigger `sub` names nobody. */
const MAX_ID = 2_147_483_647;
const INVALID_TOKEN = TOKEN_REFUSALS.invalid;

/**
 * The user and session a verified token names, or undefined. `sub` must be a canonical positive
 * integer string within the id range, `ver` an integer, `sid` a positive integer in range, and the
 * token must expire: a token without `exp` would stay valid forever.
 */
function subjectOf(claims: Record<string, unknown>): { userId: number; sessionId: number } | undefined {
  if (typeof claims.exp !== 'number' || !Number.isInteger(claims.ver)) return undefined;
  if (typeof claims.sub !== 'string' || !/^[1-9][0-9]{0,9}$/.test(claims.sub)) return undefined;
  const sid = claims.sid;
  if (typeof sid !== 'number' || !Number.isInteger(sid) || sid < 1 || sid > MAX_ID) return undefined;
  const userId = Number(claims.sub);
  return userId <= MAX_ID ? { userId, sessionId: sid } : undefined;
}

/**
 * Given a string, jsonwebtoken first tries to parse it as a public key on every call (a thrown and
 * caught error: ~18% of a request's CPU). A secret KeyObject, made once per secret, skips that.
 */
const secretKeys = new Map<string, KeyObject>();
function secretKey(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    secretKeys.set(secret, key);
  }
  return key;
}

/** The access token of a session (sessions.service.ts `startSession` made it). */
export function signAccessToken(secret: string, user: { id: number; token_version: number }, sessionId: number): string {
  const claims: AccessClaims = { sub: String(user.id), ver: user.token_version, sid: sessionId };
  return jwt.sign(claims, secretKey(secret), { algorithm: 'HS256', expiresIn: SECURITY.accessTokenTtlSeconds });
}

/** Starts a session for a sign-in and answers its access token. */
export async function issueAccessToken(
  db: Db,
  secret: string,
  user: { id: number; token_version: number },
  request: { ip: string; userAgent: string; method: SignInMethod },
): Promise<string> {
  const sessionId = await startSession(db, user.id, request);
  return signAccessToken(secret, user, sessionId);
}

/**
 * Resolves a `Bearer` header to an active user and a live session. One statement on two primary
 * keys per call (and, at most once a minute per session, the write of its last_seen_at):
 * revocation (an ended session, deactivation, password reset) takes effect at once because the
 * session and the token version are checked.
 */
export async function authenticate(db: Db, secret: string, header: string | undefined, ip = ''): Promise<AuthResult> {
  if (!header) return { user: null, reason: 'Not authenticated' };
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return { user: null, reason: 'The Authorization header must be "Bearer <token>"' };
  let claims: Record<string, unknown>;
  try {
    const verified = jwt.verify(match[1], secretKey(secret), { algorithms: ['HS256'] });
    if (typeof verified !== 'object' || verified === null) return { user: null, reason: INVALID_TOKEN };
    claims = verified as Record<string, unknown>;
  } catch {
    return { user: null, reason: INVALID_TOKEN };
  }
  const subject = subjectOf(claims);
  if (subject === undefined) return { user: null, reason: INVALID_TOKEN };
  const row = await findSessionUser(db, subject.userId, subject.sessionId);
  if (!row || !row.session_live || !row.is_active || row.token_version !== claims.ver) {
    return { user: null, reason: TOKEN_REFUSALS.revoked };
  }
  if (row.seen_long_ago) await touchSession(db, row.session_id, ip);
  const { session_live: _live, seen_long_ago: _seen, ...user } = row;
  return { user, reason: '' };
}

/** A random one-time token (e-mail links, a sign-in's mfa_token), and the hash kept in the database. */
export function newSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

export const newMailToken = newSecret;

/** What is stored of a random secret (mail links, mfa tokens, WebAuthn challenges, recovery codes): its SHA-256, in hex. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export const hashMailToken = hashSecret;
