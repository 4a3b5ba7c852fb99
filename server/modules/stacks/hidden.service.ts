import { LIMITS } from '../../../shared/limits';
import { STACK_MESSAGES, type HiddenStacks, type UnhideResult } from '../../../shared/schemas/stacks';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { notFound } from '../../errors';
import { unhideRefusal } from '../../policy';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import type { Viewer } from '../../viewer';
import * as events from '../events/events.service';
import * as hides from './hides.repo';

// Hidden stacks can be undone (docs/hidden-stacks.md): the list of the stacks I hid, and
// showing one, or all of one Hide New Stacks, again. Only my own hides: an admin's hide for me is
// not mine to undo (server/policy unhideRefusal).

async function hiddenCount(db: Db, viewer: Viewer): Promise<{ hidden_count: number; hidden_count_capped: boolean }> {
  const counted = await hides.countOwnHides(db, viewer.id, LIMITS.hiddenCountMax);
  return { hidden_count: Math.min(counted, LIMITS.hiddenCountMax), hidden_count_capped: counted > LIMITS.hiddenCountMax };
}

/** GET /v1/users/me/hidden-stacks: one page of the stacks I hid and may still see, latest first, and how many. */
export async function listHidden(db: Db, viewer: Viewer, page: { offset: number; limit: number }): Promise<HiddenStacks> {
  const rows = await hides.listOwnHides(db, viewer.id, page);
  const items = rows.map(({ parent_id, hidden_at, ...row }) => ({ ...row, original_id: parent_id, hidden_at: toIso(hidden_at) }));
  return { items, ...(await hiddenCount(db, viewer)) };
}

/**
 * Shows again, on every device of mine, what `remove` takes out of my hides: one transaction with
 * one feed.bulk_updated event to my streams (as Hide New Stacks), under WRITE_THROTTLES.unhides.
 */
async function showAgain(db: Db, viewer: Viewer, remove: (trx: Db) => Promise<number>): Promise<UnhideResult> {
  const count = await throttledWrite(db, 'unhides', viewer.id, () => events.quietly(db, viewer.id, 'unhide', remove));
  return { count, hidden_count: (await hiddenCount(db, viewer)).hidden_count };
}

/** DELETE /v1/users/me/hidden-stacks/{id}: shows one stack I hid again; 404 NOT_HIDDEN for any other. */
export async function unhide(db: Db, viewer: Viewer, stackId: number): Promise<UnhideResult> {
  const refusal = unhideRefusal(await hides.findHide(db, viewer.id, stackId), viewer);
  if (refusal) throw refusal;
  return showAgain(db, viewer, async (trx) => {
    const removed = await hides.deleteOwnHide(trx, viewer.id, stackId);
    // Shown again meanwhile (another device): nothing left to undo.
    if (removed === 0) throw notFound(STACK_MESSAGES.notHidden, 'NOT_HIDDEN');
    return removed;
  });
}

/** DELETE /v1/users/me/hidden-stacks/batches/{batch_id}: Unhide all of one Hide New Stacks. */
export async function unhideBatch(db: Db, viewer: Viewer, batchId: number): Promise<UnhideResult> {
  return showAgain(db, viewer, async (trx) => {
    const removed = await hides.deleteHideBatch(trx, viewer.id, batchId);
    if (removed === 0) throw notFound(STACK_MESSAGES.batchNotFound, 'HIDE_BATCH_NOT_FOUND');
    return removed;
  });
}

/** A new id for one Hide New Stacks call's hides. */
export function nextHideBatch(trx: Db): Promise<number> {
  return hides.nextHideBatch(trx);
}
