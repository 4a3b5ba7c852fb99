import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { SECURITY } from '../../../shared/limits';
import { TOKEN_REFUSALS } from '../../errors';
import type { Db } from '../../db/client';
import { findAuthUser, type AuthUser } from '../users/users.service';

export type { AuthUser };

export interface AuthResult {
  user: AuthUser | null;
  /** Why there is no user, for the 401 detail. */
  reason: string;
}

interface AccessClaims {
  sub: string;
  ver: number;
}

/** Largest id a PostgreSQL `integer` holds: a bigger `sub` names nobody. */
const MAX_ID = 2_147_483_647;
const INVALID_TOKEN = TOKEN_REFUSALS.invalid;

/**
 * The user id a verified token names, or undefined. `sub` must be a canonical positive integer
 * string within the id range, `ver` an integer, and the token must expire: a token without `exp`
 * would stay valid forever.
 */
function userIdOf(claims: Record<string, unknown>): number | undefined {
  if (typeof claims.exp !== 'number' || !Number.isInteger(claims.ver)) return undefined;
  if (typeof claims.sub !== 'string' || !/^[1-9][0-9]{0,9}$/.test(claims.sub)) return undefined;
  const id = Number(claims.sub);
  return id <= MAX_ID ? id : undefined;
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

export function signAccessToken(secret: string, user: { id: number; token_version: number }): string {
  const claims: AccessClaims = { sub: String(user.id), ver: user.token_version };
  return jwt.sign(claims, secretKey(secret), { algorithm: 'HS256', expiresIn: SECURITY.accessTokenTtlSeconds });
}

/**
 * Resolves a `Bearer` header to an active user. One indexed query per call: revocation
 * (deactivation, password reset) takes effect at once because the token version is checked.
 */
export async function authenticate(db: Db, secret: string, header: string | undefined): Promise<AuthResult> {
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
  const id = userIdOf(claims);
  if (id === undefined) return { user: null, reason: INVALID_TOKEN };
  const user = await findAuthUser(db, id);
  if (!user || !user.is_active || user.token_version !== claims.ver) {
    return { user: null, reason: TOKEN_REFUSALS.revoked };
  }
  return { user, reason: '' };
}

/** A random one-time token for e-mail links, and the hash kept in the database. */
export function newMailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashMailToken(token) };
}

export function hashMailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
