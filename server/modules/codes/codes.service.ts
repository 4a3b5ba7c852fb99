import { randomBytes } from 'node:crypto';
import { INVITES } from '../../../shared/limits';
import { INVITE_MESSAGES, invitePath, type Invite, type InviteState } from '../../../shared/schemas/invites';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { badRequest, conflict } from '../../errors';
import { inviteQuotaApplies } from '../../policy';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import type { Viewer } from '../../viewer';
import { consumeCode, countUnusedInvites, findCode, findInviteLinks, insertCode, listInvites as listInviteRows, lockInviter } from './codes.repo';

/** Unambiguous letters and digits (no 0/O, 1/I/L), grouped for reading aloud: e.g. K7QM-4WXP-R2TD. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateCode(): string {
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

export async function createRegistrationCode(
  db: Db,
  options: { maxUses?: number; expiresInDays?: number; createdBy?: number | null } = {},
) {
  const expiresAt = options.expiresInDays ? new Date(Date.now() + options.expiresInDays * 86_400_000) : null;
  return insertCode(db, {
    code: generateCode(),
    max_uses: options.maxUses ?? 1,
    expires_at: expiresAt,
    created_by: options.createdBy ?? null,
  });
}

/** Throws a 400 saying why a code cannot be used (unknown, expired or used up). */
async function explainUnusableCode(db: Db, code: string): Promise<never> {
  const existing = await findCode(db, code);
  if (!existing) throw badRequest('INVALID_REGISTRATION_CODE', 'Invalid registration code');
  if (existing.expired) throw badRequest('REGISTRATION_CODE_EXPIRED', 'This registration code has expired');
  throw badRequest('REGISTRATION_CODE_USED', 'This registration code has already been used');
}

/** A cheap early check (no use taken); the transaction still takes the use atomically. */
export async function assertCodeUsable(db: Db, code: string): Promise<void> {
  const existing = await findCode(db, code);
  if (!existing || existing.expired || existing.uses >= existing.max_uses) await explainUnusableCode(db, code);
}

/** Consumes one use inside the caller's transaction, or throws a 400 that says why not. */
export async function takeRegistrationCode(trx: Db, code: string) {
  const taken = await consumeCode(trx, code);
  return taken ?? explainUnusableCode(trx, code);
}

// Personal invites (docs/decisions/0026-personal-invites.md): single-use codes a user hands to a friend.

type InviteRow = { id: number; code: string; expires_at: Date | string | null; created_at: Date | string; state: InviteState; joined: string | null };

function toInvite(row: InviteRow, appUrl: string): Invite {
  return {
    id: row.id,
    code: row.code,
    link: `${appUrl}${invitePath(row.code)}`,
    state: row.state,
    expires_at: toIso(row.expires_at!),
    created_at: toIso(row.created_at),
    joined: row.joined,
  };
}

/**
 * POST /v1/users/me/invites: a single-use code expiring in INVITES.ttlDays days. A user holds at
 * most INVITES.unusedMax unused invites (admins: no limit); the count and the insert run under a
 * lock on the user's row, so parallel requests cannot go beyond the quota. Everyone, admins too,
 * makes at most WRITE_THROTTLES.invites (the quota does not bound admins; a refusal gives its
 * attempt back).
 */
export async function createInvite(db: Db, viewer: Viewer, appUrl: string): Promise<Invite> {
  const row = await throttledWrite(db, 'invites', viewer.id, () =>
    db.transaction().execute(async (trx) => {
      await lockInviter(trx, viewer.id);
      if (inviteQuotaApplies(viewer) && (await countUnusedInvites(trx, viewer.id)) >= INVITES.unusedMax) {
        throw conflict('INVITE_QUOTA_REACHED', INVITE_MESSAGES.quota);
      }
      return insertCode(trx, {
        code: generateCode(),
        max_uses: 1,
        expires_at: new Date(Date.now() + INVITES.ttlDays * 86_400_000),
        created_by: viewer.id,
        is_invite: true,
      });
    }),
  );
  return toInvite({ ...row, state: 'unused', joined: null }, appUrl);
}

/** GET /v1/users/me/invites: mine, newest first (INVITES.listMax at most), with state and who joined. */
export async function listInvites(db: Db, userId: number, appUrl: string): Promise<Invite[]> {
  const rows = await listInviteRows(db, userId, INVITES.listMax);
  return rows.map((row) => toInvite(row, appUrl));
}

/** For admins on a profile: who made the code this user registered with, and who used theirs. */
export async function inviteLinks(db: Db, userId: number, limit: number = INVITES.listMax) {
  const row = await findInviteLinks(db, userId, limit);
  return { invited_by: row?.invited_by ?? null, invited: row?.invited ?? [] };
}

// The admin console's codes (docs/admin.md).
export { findCodeById as findAdminCode, listCodes as listAdminCodes, revokeCode } from './admin-codes.repo';
