import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { prepareComment, type Comment } from '../../../../shared/schemas/stacks';
import { Avatar } from '../../components/avatar';
import { formatDateTime } from '../../lib/format-date';
import { useTimedMessage } from '../../lib/timed-message';
import { useTRPC } from '../../lib/trpc';
import type { StackKind } from './stack-kind';

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

/** One comment: who and when, its text (or its editor), how an edit went, and its controls. */
export function CommentItem({ kind, stackId, comment, busy, onChanged, onDelete, onToggleSandbox, onOpenUser, onReport }: CommentItemProps) {
  const trpc = useTRPC();
  const update = useMutation((kind === 'stack' ? trpc.stacks : trpc.twistedStacks).updateComment.mutationOptions());
  const [editing, setEditing] = useState<string | null>(null);
  const [outcome, showOutcome] = useTimedMessage();

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
            <CommentEditor text={editing} pending={update.isPending} canSave={canSave} onChange={setEditing} onCancel={() => setEditing(null)} onSave={() => void save()} />
          )}
          {outcome && (
            <p role="status" className={`text-sm ${outcome === 'Updated successfully' ? 'text-success' : 'text-error'}`}>
              {outcome}
            </p>
          )}
          {editing === null && (onReport !== undefined || Object.values(comment.me).some(Boolean)) && (
            <CommentControls comment={comment} busy={busy} onEdit={() => setEditing(comment.description)} onDelete={onDelete} onToggleSandbox={onToggleSandbox} onReport={onReport} />
          )}
        </div>
      </div>
    </li>
  );
}

function CommentEditor({ text, pending, canSave, onChange, onCancel, onSave }: { text: string; pending: boolean; canSave: boolean; onChange(text: string): void; onCancel(): void; onSave(): void }) {
  const editId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={editId} className="sr-only">
        Edit comment
      </label>
      <textarea id={editId} className="textarea w-full" rows={3} value={text} maxLength={LIMITS.commentMax} onChange={(event) => onChange(event.target.value)} />
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-base-content/60">
          {text.length}/{LIMITS.commentMax} characters
        </span>
        <div className="flex gap-1">
          <button type="button" className="btn btn-ghost btn-xs" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary btn-xs" onClick={onSave} disabled={!canSave}>
            Save
          </button>
        </div>
      </div>
    </div>
  );
}

interface CommentControlsProps {
  comment: Comment;
  busy: boolean;
  onEdit(): void;
  onDelete(): void;
  onToggleSandbox(): void;
  onReport?(): void;
}

/** Edit, Delete, Sandbox or Unsandbox, and Report: each as the server's `me` flags allow. */
function CommentControls({ comment, busy, onEdit, onDelete, onToggleSandbox, onReport }: CommentControlsProps) {
  return (
    <div className="flex flex-wrap gap-1">
      {comment.me.can_edit && (
        <button type="button" className="btn btn-ghost btn-xs" onClick={onEdit} aria-label="Edit comment">
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
        <button type="button" className="btn btn-ghost btn-xs" onClick={onToggleSandbox} disabled={busy} aria-label={comment.is_sandboxed ? 'Unsandbox comment' : 'Sandbox comment'}>
          {comment.is_sandboxed ? 'Unsandbox' : 'Sandbox'}
        </button>
      )}
      {onReport && (
        <button type="button" className="btn btn-ghost btn-xs" onClick={onReport} aria-label="Report comment">
          Report
        </button>
      )}
    </div>
  );
}
