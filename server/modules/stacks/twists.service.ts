import type { Db } from '../../db/client';
import { conflict, forbidden } from '../../errors';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import * as repo from './stacks.repo';
import { twistQualifies } from '../../policy';
import { loadRow } from './stack-rules';
import type { Viewer } from '../../viewer';

/**
 * Twists a stack: once, by someone who answered it, when it qualifies, within the user's
 * WRITE_THROTTLES.twists. Everyone who answered the original then sees the twisted stack as new.
 */
export async function createTwist(db: Db, viewer: Viewer, stackId: number, twistDescription: string) {
  const row = await loadRow(db, viewer, stackId, 'stack');
  if (!row.viewer_answered) throw forbidden('Answer the stack before twisting it', 'NOT_ANSWERED');
  if (row.is_twisted) throw conflict('ALREADY_TWISTED', 'This stack has already been twisted');
  const detail = await repo.findStackForViewer(db, viewer, stackId, 'stack', { offset: 0, limit: 0 });
  const answeredBy = detail?.responses.map((r) => r.user_id) ?? [];
  if (!detail || !twistQualifies(detail, answeredBy, viewer.id, false)) {
    throw forbidden('This stack cannot be twisted yet: a friend stack needs both answers, a group stack two other responders', 'TWIST_NOT_QUALIFIED');
  }
  try {
    return await throttledWrite(db, 'twists', viewer.id, () =>
      db.transaction().execute(async (trx) => {
        const twisted = await repo.insertTwist(trx, stackId, viewer.id, twistDescription);
        await repo.touchStack(trx, stackId);
        return twisted;
      }),
    );
  } catch (error) {
    // Two twists at once: the unique index keeps one.
    if ((error as { code?: string }).code === '23505') throw conflict('ALREADY_TWISTED', 'This stack has already been twisted');
    throw error;
  }
}
