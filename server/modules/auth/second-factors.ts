import type { Db } from '../../db/client';
import { deleteTotp } from './two-factor.repo';

/**
 * Removes every second factor of an account (its authenticator secret, recovery codes and
 * passkeys); answers how many passkeys went. For the operator's reset (admin.service.ts), in the
 * caller's transaction.
 */
export async function removeAll(db: Db, userId: number): Promise<number> {
  await deleteTotp(db, userId);
  const removed = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(removed.numDeletedRows);
}
