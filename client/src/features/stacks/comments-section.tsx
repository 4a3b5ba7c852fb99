import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { prepareComment, STACK_MESSAGES, type Comment } from '../../../../shared/schemas/stacks';
import { Avatar } from '../../components/avatar';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ReportDialog } from '../../components/report-dialog';
import { useCurrentUser } from '../../lib/current-user';
import { formatDateTime } from '../../lib/format-date';
import { useTimedMessage } from '../../lib/timed-message';
import { isNetworkError, useTRPC } from '../../lib/trpc';
import { commentDraftKey, parseCommentDraft, useSessionDraft } from './stack-draft';
import { useCommentPages } from './use-comment-pages';

export type StackKind = 'stack' | 'twisted';

/** A send that got no answer: the text stays in the box (and in the saved draft). */
export const COMMENT_NOT_SENT = "Your comment was not sent: the server can't be reached. It is kept here; send it again once reconnected.";
export const COMMENT_WAITING = 'Waiting for the connection: your comment will be sent when it is back.';

const newlineCount = (text: string) => text.match(/\n/g)?.length ?? 0;

/**
 * The comment box rules of spec 2 §5: at most 200 characters, more than 3 newlines refused with
 * 'Too many new line characters.', nothing but whitespace refused.
 */
export function commentProblems(text: string): { tooManyNewlines: boolean; tooLong: boolean; empty: boolean } {
  return { tooManyNewlines: newlineCount(text) > LIMITS.commentMaxNewlines, tooLong: text.length > LIMITS.commentMax, empty: text.trim() === '' };
}

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
 * stack comes with its newest comments; older ones load above them, page by page.
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
  const boxId = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  // Anyone but its author may report a comment to the admins (docs/reports.md); one dialog for the list.
  const meId = useCurrentUser().data?.id;
  const [reporting, setReporting] = useState<number | null>(null);
  // What is typed survives a failed send and a reload, until it is sent.
  const draftKey = meId === undefined ? null : commentDraftKey(meId, kind, stackId);
  const [text, setText, discardDraft] = useSessionDraft(draftKey, () => '', parseCommentDraft, (value) => value === '');
  const textNow = useRef(text);
  useEffect(() => {
    textNow.current = text;
  });

  const problems = commentProblems(text);
  const canSend = !problems.empty && !problems.tooManyNewlines && !problems.tooLong && !create.isPending;

  const send = async () => {
    if (!canSend) return;
    setAlert(null);
    const sent = text;
    try {
      // While the server cannot be reached the call waits (paused) and goes when it is back.
      await create.mutateAsync({ id: stackId, description: prepareComment(sent) });
      // Text typed while it was on its way stays.
      if (textNow.current === sent) {
        discardDraft();
        setText('');
      }
      await onChanged();
    } catch (error) {
      console.error('Failed to create comment', error);
      setAlert(isNetworkError(error) ? COMMENT_NOT_SENT : 'Failed to create comment. Please try again.');
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setAlert(null);
    try {
      await remove.mutateAsync({ id: stackId, cid: deleting.id });
      setDeleting(null);
      await onChanged();
    } catch (error) {
      console.error('Failed to delete comment', error);
      setDeleting(null);
      setAlert('Failed to delete comment. Please try again.');
    }
  };

  const toggleSandbox = async (comment: Comment) => {
    setAlert(null);
    try {
      await sandbox.mutateAsync({ id: stackId, cid: comment.id, sandbox: !comment.is_sandboxed });
      await onChanged();
    } catch (error) {
      console.error('Failed to sandbox/unsandbox comment', error);
      setAlert('Failed to sandbox/unsandbox comment. Please try again.');
    }
  };

  return (
    <section aria-labelledby={`${boxId}-title`} className="space-y-3">
      <h2 id={`${boxId}-title`} className="text-xl font-bold">
        Comments
      </h2>
      {alert && (
        <p role="alert" className="alert alert-error alert-soft">
          {alert}
        </p>
      )}
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
      {canComment && (
        <div className="form-control">
          <label htmlFor={boxId} className="label-text pb-1">
            Add a comment
          </label>
          <textarea
            id={boxId}
            className="textarea w-full"
            rows={3}
            value={text}
            maxLength={LIMITS.commentMax}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${boxId}-counter`}
          />
          <div className="mt-1 flex items-center justify-between gap-2">
            <span id={`${boxId}-counter`} className="text-xs text-base-content/60">
              {text.length}/{LIMITS.commentMax} characters
            </span>
            <button type="button" className="btn btn-primary btn-sm" disabled={!canSend} onClick={() => void send()}>
              Send
            </button>
          </div>
          {create.isPaused && (
            <p role="status" className="text-sm text-base-content/70">
              {COMMENT_WAITING}
            </p>
          )}
          {problems.tooManyNewlines && (
            <p role="alert" className="text-sm text-error">
              {STACK_MESSAGES.commentNewlines}
            </p>
          )}
        </div>
      )}
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

/**
 * Older comments load when this control comes within 100 px of the viewport (it sits above the
 * oldest comment shown, where the missing ones belong); the button serves keyboards and browsers
 * without IntersectionObserver. It stays mounted while loading, so a page that leaves it in view
 * does not set off the next one by itself.
 */
function LoadMoreComments({ loading, onLoadMore }: { loading: boolean; onLoadMore(): Promise<void> }) {
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef({ loading, onLoadMore });
  useEffect(() => {
    latest.current = { loading, onLoadMore };
  });
  useEffect(() => {
    const button = ref.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !latest.current.loading) void latest.current.onLoadMore();
      },
      { rootMargin: '100px 0px' },
    );
    observer.observe(button);
    return () => observer.disconnect();
  }, []);
  return (
    <button ref={ref} type="button" className="btn btn-ghost btn-sm w-full" disabled={loading} onClick={() => void onLoadMore()}>
      {loading ? 'Loading more comments...' : 'Load more comments'}
    </button>
  );
}

interface CommentItemProps {
  kind: StackKind;
  stackId: number;
  /** Its `me` flags (the server's) say which controls it has. */
  comment: Comment;
  busy: boolean;
  onChanged(): Promise<unknown>;
  onDelete(): void;
  onToggleSandbox(): void;
  onOpenUser(userId: number): void;
  /** Opens the report dialog; absent on the viewer's own comments. */
  onReport?(): void;
}

function CommentItem({ kind, stackId, comment, busy, onChanged, onDelete, onToggleSandbox, onOpenUser, onReport }: CommentItemProps) {
  const trpc = useTRPC();
  const update = useMutation((kind === 'stack' ? trpc.stacks : trpc.twistedStacks).updateComment.mutationOptions());
  const [editing, setEditing] = useState<string | null>(null);
  const [outcome, showOutcome] = useTimedMessage();
  const editId = useId();

  const canSave = editing !== null && editing !== comment.description && editing.trim() !== '' && editing.length <= LIMITS.commentMax && !update.isPending;
  const save = async () => {
    if (!canSave || editing === null) return;
    try {
      await update.mutateAsync({ id: stackId, cid: comment.id, description: prepareComment(editing) });
      setEditing(null);
      showOutcome('Updated successfully');
      await onChanged();
    } catch (error) {
      console.error('Failed to update comment', error);
      showOutcome('Failed to update');
    }
  };

  return (
    <li className={`rounded-box border p-3 ${comment.is_sandboxed ? 'border-dashed border-warning bg-warning/5' : 'border-base-300 bg-base-100'}`}>
      <div className="flex items-start gap-3">
        <Avatar kind="user" username={comment.username} avatarId={comment.avatar_id} size="xs" alt="" />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-baseline gap-2">
            <button type="button" className="link font-semibold no-underline wrap-anywhere hover:underline" onClick={() => onOpenUser(comment.user_id)}>
              {comment.username}
            </button>
            <time dateTime={comment.created_at} className="text-xs text-base-content/60">
              {formatDateTime(comment.created_at)}
            </time>
            {comment.is_sandboxed && <span className="badge badge-warning badge-sm">Sandboxed</span>}
          </div>
          {editing === null ? (
            <p className="whitespace-pre-line wrap-anywhere">{comment.description}</p>
          ) : (
            <div className="space-y-1">
              <label htmlFor={editId} className="sr-only">
                Edit comment
              </label>
              <textarea id={editId} className="textarea w-full" rows={3} value={editing} maxLength={LIMITS.commentMax} onChange={(event) => setEditing(event.target.value)} />
              <div className="flex items-center justify-between gap-2">
                <span className="text-xs text-base-content/60">
                  {editing.length}/{LIMITS.commentMax} characters
                </span>
                <div className="flex gap-1">
                  <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(null)} disabled={update.isPending}>
                    Cancel
                  </button>
                  <button type="button" className="btn btn-primary btn-xs" onClick={() => void save()} disabled={!canSave}>
                    Save
                  </button>
                </div>
              </div>
            </div>
          )}
          {outcome && (
            <p role="status" className={`text-sm ${outcome === 'Updated successfully' ? 'text-success' : 'text-error'}`}>
              {outcome}
            </p>
          )}
          {editing === null && (onReport !== undefined || Object.values(comment.me).some(Boolean)) && (
            <div className="flex flex-wrap gap-1">
              {comment.me.can_edit && (
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(comment.description)} aria-label="Edit comment">
                  Edit
                </button>
              )}
              {comment.me.can_delete && (
                <button type="button" className="btn btn-ghost btn-xs text-error" onClick={onDelete} disabled={busy} aria-label="Delete comment">
                  Delete
                </button>
              )}
              {/* A sandbox an admin set is the admins' to lift, not the author's: the server's can_unsandbox says so. */}
              {(comment.is_sandboxed ? comment.me.can_unsandbox : comment.me.can_sandbox) && (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={onToggleSandbox}
                  disabled={busy}
                  aria-label={comment.is_sandboxed ? 'Unsandbox comment' : 'Sandbox comment'}
                >
                  {comment.is_sandboxed ? 'Unsandbox' : 'Sandbox'}
                </button>
              )}
              {onReport && (
                <button type="button" className="btn btn-ghost btn-xs" onClick={onReport} aria-label="Report comment">
                  Report
                </button>
              )}
            </div>
          )}
        </div>
      </div>
    </li>
  );
}
