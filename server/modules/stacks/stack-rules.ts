import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import * as repo from './stacks.repo';
import type { Viewer } from '../../viewer';

// What the stack, twist, comment and moderation services share: the kind and the row they load.
// Who may act is asked of server/policy (stack-actions.ts, admin.ts).

/** A stack or a twisted stack: the two share their calls, rules and tables. */
export type Kind = 'stack' | 'twisted';

export const NOT_FOUND = { stack: 'Stack not found', twisted: 'Twisted stack not found' } as const;

export async function loadRow(db: Db, viewer: Viewer, id: number, kind: Kind) {
  const row = await repo.findStackRow(db, viewer, id, kind);
  if (!row) throw notFound(NOT_FOUND[kind], 'STACK_NOT_FOUND');
  return row;
}

