import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LIMITS, NOTIFICATION_MAIL } from '../../../shared/limits';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../shared/schemas/notification-settings';

/**
 * Unsubscribe links (docs/decisions/0045-one-click-unsubscribe.md): a JWT naming the user and the kinds
 * whose e-mail the link turns off, expiring after NOTIFICATION_MAIL.unsubscribeTtlDays. Signed with
 * a key derived from the app's secret for this purpose alone, and with its own audience, so it can
 * never pass as an access token (nor an access token as it).
 */
const AUDIENCE = 'stacks:unsubscribe';

const keys = new Map<string, KeyObject>();
function unsubscribeKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update('stacks unsubscribe links').digest());
    keys.set(secret, key);
  }
  return key;
}

export interface UnsubscribeClaims {
  userId: number;
  kinds: NotificationKind[];
}

/** `ttlSeconds`: NOTIFICATION_MAIL.unsubscribeTtlDays unless given (tests make expired ones). */
export function signUnsubscribeToken(secret: string, userId: number, kinds: NotificationKind[], ttlSeconds: number = NOTIFICATION_MAIL.unsubscribeTtlDays * 86_400): string {
  return jwt.sign({ k: kinds }, unsubscribeKey(secret), { algorithm: 'HS256', audience: AUDIENCE, subject: String(userId), expiresIn: ttlSeconds });
}

/** Why a token is refused: 'expired', or 'invalid' (tampered, another purpose, malformed). */
export type TokenRefusal = 'expired' | 'invalid';

/** The token's user and kinds, or why it is refused. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaims | TokenRefusal {
  let claims: Record<string, unknown>;
  try {
    const verified = jwt.verify(token, unsubscribeKey(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    if (typeof verified !== 'object' || verified === null) return 'invalid';
    claims = verified as Record<string, unknown>;
  } catch (error) {
    return error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid';
  }
  const kinds = claims.k;
  if (typeof claims.sub !== 'string' || !/^[1-9][0-9]{0,9}$/.test(claims.sub) || typeof claims.exp !== 'number') return 'invalid';
  if (!Array.isArray(kinds) || kinds.length === 0 || !kinds.every((k) => (NOTIFICATION_KINDS as readonly unknown[]).includes(k))) return 'invalid';
  const userId = Number(claims.sub);
  return userId <= LIMITS.idMax ? { userId, kinds: kinds as NotificationKind[] } : 'invalid';
}
