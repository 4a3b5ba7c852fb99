import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { SECURITY } from '../../../shared/limits';
import type { Db } from '../../db/client';
import { findAuthUser, type AuthUser } from '../users/users.repo';

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
  let claims: AccessClaims;
  try {
    claims = jwt.verify(match[1], secretKey(secret), { algorithms: ['HS256'] }) as unknown as AccessClaims;
  } catch {
    return { user: null, reason: 'The token is invalid or has expired' };
  }
  const id = Number(claims.sub);
  if (!Number.isSafeInteger(id) || id <= 0) return { user: null, reason: 'The token is invalid or has expired' };
  const user = await findAuthUser(db, id);
  if (!user || !user.is_active || user.token_version !== claims.ver) {
    return { user: null, reason: 'The token has been revoked' };
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
