import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import * as repo from './stacks.repo';
import { audienceRefusal, commentAuthorRefusal, commentSandboxRefusal, sandboxedCommentVisible } from '../../policy';
import { loadRow, type Kind } from './stack-rules';
import type { Viewer } from '../../viewer';

// Comments on stacks and twisted stacks: write, edit, delete, sandbox (spec 2 §6).

/**
 * Comments on a stack the viewer is in the audience of, within the user's WRITE_THROTTLES.comments
 * (429 with Retry-After). The attempt is counted atomically before the insert, so parallel
 * requests cannot slip past the limit.
 */
export async function createComment(db: Db, viewer: Viewer, id: number, kind: Kind, description: string) {
  const refusal = audienceRefusal(await loadRow(db, viewer, id, kind), 'comment');
  if (refusal) throw refusal;
  const comment = await throttledWrite(db, 'comments', viewer.id, () =>
    db.transaction().execute(async (trx) => {
      const created = await repo.insertComment(trx, id, viewer.id, description);
      await repo.touchStack(trx, id);
      return created;
    }),
  );
  return { id: comment.id };
}

async function loadComment(db: Db, viewer: Viewer, id: number, kind: Kind, commentId: number) {
  await loadRow(db, viewer, id, kind);
  const comment = await repo.findComment(db, id, commentId);
  if (!comment || !sandboxedCommentVisible(comment, viewer)) throw notFound('Comment not found', 'COMMENT_NOT_FOUND');
  return comment;
}

export async function updateComment(db: Db, viewer: Viewer, id: number, kind: Kind, commentId: number, description: string) {
  const refusal = commentAuthorRefusal(await loadComment(db, viewer, id, kind, commentId), viewer, 'edit');
  if (refusal) throw refusal;
  await throttledWrite(db, 'edits', viewer.id, () => repo.updateComment(db, commentId, { description }));
  return { message: 'Updated successfully' };
}

export async function deleteComment(db: Db, viewer: Viewer, id: number, kind: Kind, commentId: number) {
  const refusal = commentAuthorRefusal(await loadComment(db, viewer, id, kind, commentId), viewer, 'delete');
  if (refusal) throw refusal;
  await repo.deleteComment(db, commentId);
  return { message: 'Comment deleted' };
}

/**
 * Sandboxes or unsandboxes a comment, by `commentSandboxRefusal`'s rules. An author may toggle
 * their own, so that counts as an edit (WRITE_THROTTLES.edits); an admin's moderation does not.
 */
export async function sandboxComment(db: Db, viewer: Viewer, id: number, kind: Kind, commentId: number, sandboxed: boolean) {
  const comment = await loadComment(db, viewer, id, kind, commentId);
  const refusal = commentSandboxRefusal(comment, viewer, sandboxed);
  if (refusal) throw refusal;
  const write = () => repo.updateComment(db, commentId, { is_sandboxed: sandboxed, sandboxed_by_admin: sandboxed && viewer.isAdmin });
  await (viewer.isAdmin ? write() : throttledWrite(db, 'edits', viewer.id, write));
  return { id: commentId, is_sandboxed: sandboxed };
}
