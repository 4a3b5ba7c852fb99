import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { consumeCode, findCode, insertCode } from './codes.repo';

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
