import type { Db } from '../../db/client';
import { deletePasskeysOf } from './passkeys.repo';
import { deleteTotp } from './two-factor.repo';

/**
 * Removes every second factor of an account (its authenticator secret, recovery codes and
 * passkeys); answers how many passkeys went. For the operator's reset (admin.service.ts), in the
 * caller's transaction.
 */
export async function removeAll(db: Db, userId: number): Promise<number> {
  await deleteTotp(db, userId);
  return deletePasskeysOf(db, userId);
}
