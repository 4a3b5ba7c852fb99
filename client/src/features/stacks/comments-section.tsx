import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Comment } from '../../../../shared/schemas/stacks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { OutcomeMessage } from '../../components/outcome-message';
import { ReportDialog } from '../../components/report-dialog';
import { useCurrentUser } from '../../lib/current-user';
import { useTRPC } from '../../lib/trpc';
import { useActionOutcome } from '../../lib/use-action-outcome';
import { CommentItem } from './comment-item';
import { LoadMoreComments } from './load-more-comments';
import { NewCommentBox } from './new-comment-box';
import type { StackKind } from './stack-kind';
import { useCommentPages } from './use-comment-pages';

interface CommentsSectionProps {
  kind: StackKind;
  stackId: number;
  /** The newest page of comments, as the stack detail came with it (oldest first). */
  comments: Comment[];
  /** Older comments exist beyond that page (`comments_has_more`). */
  hasMore: boolean;
  /** The viewer may write here (`me.can_comment`); admins outside the audience only moderate. */
  canComment: boolean;
  /** After any change: the stack is fetched again. */
  onChanged(): Promise<unknown>;
  onOpenUser(userId: number): void;
}

/**
 * Spec 2 §2.3 Comments: the list with edit, delete and sandbox, and the new comment box. The
 * stack comes with its newest comments; older ones load above them, page by page. A failed send,
 * delete or sandbox shows one alert above the list.
 */
export function CommentsSection({ kind, stackId, comments: newest, hasMore, canComment, onChanged: reloadStack, onOpenUser }: CommentsSectionProps) {
  const trpc = useTRPC();
  const pages = useCommentPages(kind, stackId, newest, hasMore);
  const comments = pages.comments;
  // A change moves offsets and may touch a comment of an older page: both are fetched again.
  const onChanged = () => Promise.all([reloadStack(), pages.refresh()]);
  const router = kind === 'stack' ? trpc.stacks : trpc.twistedStacks;
  const create = useMutation(router.createComment.mutationOptions());
  const remove = useMutation(router.deleteComment.mutationOptions());
  const sandbox = useMutation(router.sandboxComment.mutationOptions());
  const titleId = useId();
  const { outcome, run } = useActionOutcome();
  const [deleting, setDeleting] = useState<Comment | null>(null);
  // Anyone but its author may report a comment to the admins (docs/reports.md); one dialog for the list.
  const meId = useCurrentUser().data?.id;
  const [reporting, setReporting] = useState<number | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    await run(
      async () => {
        try {
          await remove.mutateAsync({ id: stackId, cid: deleting.id });
        } finally {
          setDeleting(null);
        }
        await onChanged();
      },
      { failure: 'Failed to delete comment. Please try again.' },
    );
  };

  const toggleSandbox = (comment: Comment) =>
    run(
      async () => {
        await sandbox.mutateAsync({ id: stackId, cid: comment.id, sandbox: !comment.is_sandboxed });
        await onChanged();
      },
      { failure: 'Failed to sandbox/unsandbox comment. Please try again.' },
    );

  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-xl font-bold">
        Comments
      </h2>
      <OutcomeMessage outcome={outcome} look="alert" />
      {pages.hasMore && <LoadMoreComments loading={pages.loading} onLoadMore={pages.loadMore} />}
      {comments.length === 0 ? (
        <p className="text-sm text-base-content/70">No comments yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Comments">
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              kind={kind}
              stackId={stackId}
              comment={comment}
              busy={remove.isPending || sandbox.isPending}
              onChanged={onChanged}
              onDelete={() => setDeleting(comment)}
              onToggleSandbox={() => void toggleSandbox(comment)}
              onOpenUser={onOpenUser}
              onReport={meId !== undefined && comment.user_id !== meId ? () => setReporting(comment.id) : undefined}
            />
          ))}
        </ul>
      )}
      {canComment && <NewCommentBox kind={kind} stackId={stackId} meId={meId} create={{ send: (description) => create.mutateAsync({ id: stackId, description }), pending: create.isPending, paused: create.isPaused }} run={run} onChanged={onChanged} />}
      <ReportDialog open={reporting !== null} target={{ type: 'comment', id: reporting ?? 0 }} onClose={() => setReporting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Comment?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        <p>This comment will be deleted for everyone.</p>
      </ConfirmDialog>
    </section>
  );
}
