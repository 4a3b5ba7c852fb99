import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { LIMITS } from '../../../../shared/limits';
import {
  REPORT_REASON_LABELS,
  type CommentSnapshot,
  type GroupSnapshot,
  type Report,
  type ReportStatus,
  type ReportTargetState,
  type StackSnapshot,
  type UserSnapshot,
} from '../../../../shared/schemas/reports';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CountedLabel } from '../../components/counted-field';
import { HideForUsersDialog } from '../../components/hide-for-users-dialog';
import { Modal, ModalActions } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { emit } from '../../lib/events';
import { formatDateTime } from '../../lib/format-date';
import { errorDetail, useTRPC } from '../../lib/trpc';

/** Reports per page of the queue. */
export const REPORTS_PAGE = 20;

const STATUS_LABELS: Record<ReportStatus, string> = { open: 'Open', resolved: 'Resolved', dismissed: 'Dismissed' };
const TARGET_LABELS: Record<Report['target_type'], string> = { user: 'User', stack: 'Stack', comment: 'Comment', group: 'Group' };

/**
 * The admins' queue of reports (docs/reports.md), shown in the dashboard's 'Reports' tab to admins only
 * (the server lists a non-admin's own reports only, and refuses them every decision). Newest first,
 * filtered by status, with what was reported as it was then, and the moderation calls at hand.
 */
export function ReportsQueue() {
  const trpc = useTRPC();
  const filterId = useId();
  const [status, setStatus] = useState<ReportStatus>('open');
  const [offset, setOffset] = useState(0);
  const list = useQuery(trpc.reports.list.queryOptions({ status, offset, limit: REPORTS_PAGE }));
  const reports = list.data ?? [];

  return (
    <section className="mx-auto max-w-4xl space-y-4" aria-labelledby={`${filterId}-title`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id={`${filterId}-title`} className="text-2xl font-bold">
          Reports
        </h1>
        <div className="form-control">
          <label className="label-text pb-1" htmlFor={filterId}>
            Status
          </label>
          <select
            id={filterId}
            className="select select-sm"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as ReportStatus);
              setOffset(0);
            }}
          >
            {(Object.keys(STATUS_LABELS) as ReportStatus[]).map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <QueryState query={list} error="Failed to load reports" empty={`No ${STATUS_LABELS[status].toLowerCase()} reports.`}>
        {(page) => (
          <ul className="space-y-3" aria-label={`${STATUS_LABELS[status]} reports`}>
            {page.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {(offset > 0 || reports.length === REPORTS_PAGE) && (
        <nav className="flex justify-between gap-2" aria-label="Report pages">
          <button type="button" className="btn btn-sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - REPORTS_PAGE))}>
            Newer
          </button>
          <button type="button" className="btn btn-sm" disabled={reports.length < REPORTS_PAGE} onClick={() => setOffset(offset + REPORTS_PAGE)}>
            Older
          </button>
        </nav>
      )}
    </section>
  );
}

type Dialog = 'resolved' | 'dismissed' | 'sandboxStack' | 'sandboxComment' | 'hideForUsers' | null;

/** One report: what, why, by whom, the content as reported, and the admin's buttons. */
export function ReportCard({ report }: { report: Report }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const titleId = useId();
  const update = useMutation(trpc.reports.update.mutationOptions());
  const sandboxStack = useMutation(trpc.stacks.sandbox.mutationOptions());
  const sandboxStackComment = useMutation(trpc.stacks.sandboxComment.mutationOptions());
  const sandboxTwistedComment = useMutation(trpc.twistedStacks.sandboxComment.mutationOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const refresh = () => queryClient.invalidateQueries(trpc.reports.list.pathFilter());

  /** Runs a call; its outcome shows under the card (the server's detail on a refusal). */
  async function run(call: () => Promise<unknown>, success: string, failure: string) {
    setOutcome(null);
    try {
      await call();
      setDialog(null);
      setOutcome({ ok: true, text: success });
    } catch (error) {
      console.error(failure, error);
      setDialog(null);
      setOutcome({ ok: false, text: errorDetail(error) ?? failure });
    }
  }

  const decide = (status: ReportStatus, note?: string) =>
    run(
      async () => {
        await update.mutateAsync({ id: report.id, status, resolution_note: note });
        await refresh();
      },
      status === 'open' ? 'Report reopened' : `Report ${status}`,
      'Failed to update report',
    );

  const stack = report.target_type === 'stack' ? (report.snapshot as StackSnapshot) : null;
  const comment = report.target_type === 'comment' ? (report.snapshot as CommentSnapshot) : null;
  // Sandboxing and hiding act on an original group stack: a twisted stack's original.
  const moderatedStackId = stack && stack.mode === 'group' ? (stack.stack_id ?? report.target_id) : null;

  // What the target is now (admins get it with each report): the calls offered follow it.
  const state = report.target_state;
  const gone = state?.deleted ?? false;
  const sandboxed = state?.sandboxed ?? false;

  /** A moderation call, then the queue again (after a refusal too), so each card shows its target's state. */
  const moderate = (call: () => Promise<unknown>) => async () => {
    try {
      await call();
    } finally {
      await refresh();
    }
  };
  const setStackSandbox = (sandbox: boolean) => moderate(() => sandboxStack.mutateAsync({ id: moderatedStackId!, sandbox }));
  const setCommentSandbox = (sandbox: boolean) =>
    moderate(() =>
      comment!.stack_type === 'twisted'
        ? sandboxTwistedComment.mutateAsync({ id: comment!.stack_id, cid: report.target_id, sandbox })
        : sandboxStackComment.mutateAsync({ id: comment!.stack_id, cid: report.target_id, sandbox }),
    );

  const busy = update.isPending || sandboxStack.isPending || sandboxStackComment.isPending || sandboxTwistedComment.isPending;

  return (
    <article className="card bg-base-100 shadow" aria-labelledby={titleId} data-report-id={report.id}>
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold wrap-anywhere">
            {TARGET_LABELS[report.target_type]}: {REPORT_REASON_LABELS[report.reason]}
          </h2>
          <span className={`badge ${report.status === 'open' ? 'badge-warning' : report.status === 'resolved' ? 'badge-success' : 'badge-ghost'}`}>
            {STATUS_LABELS[report.status]}
          </span>
        </div>
        {state && <TargetStateLine type={report.target_type} state={state} />}
        <p className="text-sm text-base-content/70">
          Reported by <strong className="text-base-content wrap-anywhere">{report.reporter}</strong> on{' '}
          <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
        </p>
        {report.note && <p className="whitespace-pre-line break-words">“{report.note}”</p>}

        <div className="rounded-box border border-base-300 bg-base-200/50 p-3">
          <h3 className="mb-1 text-sm font-medium text-base-content/70">As reported</h3>
          <SnapshotView report={report} />
        </div>

        {report.status !== 'open' && (
          <p className="text-sm">
            {STATUS_LABELS[report.status]}
            {report.resolved_by && <> by <strong>{report.resolved_by}</strong></>}
            {report.resolved_at && (
              <>
                {' '}
                on <time dateTime={report.resolved_at}>{formatDateTime(report.resolved_at)}</time>
              </>
            )}
            {report.resolution_note && <span className="block whitespace-pre-line break-words text-base-content/80">{report.resolution_note}</span>}
          </p>
        )}

        {outcome && (
          <p role={outcome.ok ? 'status' : 'alert'} className={`text-sm ${outcome.ok ? 'text-success' : 'text-error'}`}>
            {outcome.text}
          </p>
        )}

        {/* A target that is gone leaves nothing to open or act on: only the decision. */}
        {!gone && (
          <div className="flex flex-wrap gap-2" role="group" aria-label="Moderation">
            <OpenTargetButton report={report} />
            {moderatedStackId !== null && (
              <>
                {sandboxed ? (
                  <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void run(setStackSandbox(false), 'Stack unsandboxed', 'Failed to update sandbox state')}>
                    Unsandbox stack
                  </button>
                ) : (
                  <button type="button" className="btn btn-sm btn-warning" disabled={busy} onClick={() => setDialog('sandboxStack')}>
                    Sandbox stack
                  </button>
                )}
                <button type="button" className="btn btn-sm" disabled={busy} onClick={() => setDialog('hideForUsers')}>
                  Hide for users
                </button>
              </>
            )}
            {comment &&
              (sandboxed ? (
                <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void run(setCommentSandbox(false), 'Comment unsandboxed', 'Failed to unsandbox comment')}>
                  Unsandbox comment
                </button>
              ) : (
                <button type="button" className="btn btn-sm btn-warning" disabled={busy} onClick={() => setDialog('sandboxComment')}>
                  Sandbox comment
                </button>
              ))}
          </div>
        )}
        <div className="flex flex-wrap gap-2" role="group" aria-label="Decision">
          {report.status === 'open' ? (
            <>
              <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => setDialog('resolved')}>
                Resolve
              </button>
              <button type="button" className="btn btn-sm" disabled={busy} onClick={() => setDialog('dismissed')}>
                Dismiss
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void decide('open')}>
              Reopen
            </button>
          )}
        </div>
      </div>

      <DecideDialog
        status={dialog === 'resolved' || dialog === 'dismissed' ? dialog : null}
        busy={update.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={(status, note) => void decide(status, note)}
      />
      <ConfirmDialog
        open={dialog === 'sandboxStack'}
        title="Sandbox Stack?"
        confirmLabel="Sandbox"
        busy={sandboxStack.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => void run(setStackSandbox(true), 'Stack sandboxed', 'Failed to update sandbox state')}
      >
        <p>The stack will be hidden from group members who have not answered it; those who answered still see it.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'sandboxComment'}
        title="Sandbox Comment?"
        confirmLabel="Sandbox"
        busy={sandboxStackComment.isPending || sandboxTwistedComment.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => void run(setCommentSandbox(true), 'Comment sandboxed', 'Failed to sandbox comment')}
      >
        <p>Only its author and the admins will see this comment.</p>
      </ConfirmDialog>
      {dialog === 'hideForUsers' && moderatedStackId !== null && (
        <HideReportedStack
          stackId={moderatedStackId}
          onClose={() => setDialog(null)}
          onDone={(count) => {
            setOutcome({ ok: true, text: `Stack hidden for ${count} ${count === 1 ? 'user' : 'users'}` });
            void refresh();
          }}
        />
      )}
    </article>
  );
}

/** How each type of target reads once it is gone. */
const GONE_LABELS: Record<Report['target_type'], string> = { user: 'Deactivated', stack: 'Deleted', comment: 'Deleted', group: 'Retired' };

/** The target as it is now, beside the snapshot of how it was: gone, sandboxed, hidden for some. */
function TargetStateLine({ type, state }: { type: Report['target_type']; state: ReportTargetState }) {
  const notes: string[] = [];
  if (state.deleted) notes.push(GONE_LABELS[type]);
  if (state.sandboxed) notes.push('Sandboxed');
  if (state.hidden_for_users > 0) notes.push(`Hidden for ${state.hidden_for_users} ${state.hidden_for_users === 1 ? 'user' : 'users'}`);
  return (
    // The spaces between the items only matter to the text (the layout's gap spaces them on screen).
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="target-state">
      <span className="text-base-content/70">Now:</span>{' '}
      {notes.length === 0 ? (
        <span>{type === 'user' || type === 'group' ? 'Active' : 'Visible'}</span>
      ) : (
        notes.map((note, index) => (
          <span key={note} className="badge badge-sm badge-outline">
            {index > 0 && <span className="sr-only">, </span>}
            {note}
          </span>
        ))
      )}
    </p>
  );
}

/** Opens what was reported in a dashboard tab: the profile, the stack (a comment's stack) or the group. */
function OpenTargetButton({ report }: { report: Report }) {
  let label: string;
  let open: () => void;
  switch (report.target_type) {
    case 'user':
      label = 'Open profile';
      open = () => emit('openUser', { userId: report.target_id });
      break;
    case 'stack': {
      const stack = report.snapshot as StackSnapshot;
      label = stack.type === 'twisted' ? 'Open twisted stack' : 'Open stack';
      open = () => emit('openStack', { id: report.target_id, type: stack.type });
      break;
    }
    case 'comment': {
      const comment = report.snapshot as CommentSnapshot;
      label = 'Open stack';
      open = () => emit('openStack', { id: comment.stack_id, type: comment.stack_type });
      break;
    }
    case 'group':
      label = 'Open group';
      open = () => emit('openGroup', { groupId: report.target_id });
      break;
  }
  return (
    <button type="button" className="btn btn-sm btn-outline" onClick={open}>
      {label}
    </button>
  );
}

/** The target's content as it was reported, by type. */
export function SnapshotView({ report }: { report: Report }): ReactNode {
  switch (report.target_type) {
    case 'user': {
      const user = report.snapshot as UserSnapshot;
      return (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/70">Username</dt>
          <dd className="wrap-anywhere">{user.username}</dd>
          <dt className="text-base-content/70">Bio</dt>
          <dd className="break-words">{user.bio || <span className="italic text-base-content/60">No bio</span>}</dd>
        </dl>
      );
    }
    case 'stack': {
      const stack = report.snapshot as StackSnapshot;
      return (
        <div className="space-y-1 text-sm">
          <p className="font-semibold wrap-anywhere">
            {stack.name || <span className="italic">Untitled</span>} <span className="badge badge-ghost badge-sm">{stack.type === 'twisted' ? 'Twisted stack' : 'Stack'}</span>
          </p>
          <p className="text-base-content/70">
            By {stack.owner_username}
            {stack.bot_name && ` (bot ${stack.bot_name})`}
            {stack.mode === 'group' && stack.group_name ? ` in ${stack.group_name}` : ' (friend stack)'}
          </p>
          {stack.twist_description && <p className="break-words">Twist: {stack.twist_description}</p>}
          <ol className="list-inside list-decimal">
            {stack.positions.map((position, index) => (
              <li key={index} className="break-words">
                {position}
              </li>
            ))}
          </ol>
        </div>
      );
    }
    case 'comment': {
      const comment = report.snapshot as CommentSnapshot;
      return (
        <div className="space-y-1 text-sm">
          <p className="whitespace-pre-line break-words">“{comment.text}”</p>
          <p className="text-base-content/70">
            By {comment.author_username} on {comment.stack_type === 'twisted' ? 'the twisted stack' : 'the stack'} {comment.stack_name ?? 'Untitled'}
          </p>
        </div>
      );
    }
    case 'group': {
      const group = report.snapshot as GroupSnapshot;
      return (
        <div className="space-y-1 text-sm">
          <p className="font-semibold wrap-anywhere">
            {group.name} <span className="badge badge-ghost badge-sm">{group.is_public ? 'Public' : 'Private'}</span>
          </p>
          {group.description && <p className="break-words">{group.description}</p>}
          <p className="text-base-content/70">Owner: {group.owner_username}</p>
        </div>
      );
    }
  }
}

interface DecideDialogProps {
  status: 'resolved' | 'dismissed' | null;
  busy: boolean;
  onCancel(): void;
  onConfirm(status: 'resolved' | 'dismissed', note: string | undefined): void;
}

/** Resolve or Dismiss, with an optional note the reporter reads in their notification. */
function DecideDialog({ status, ...props }: DecideDialogProps) {
  return status ? <DecideForm status={status} {...props} /> : null;
}

function DecideForm({ status, busy, onCancel, onConfirm }: Omit<DecideDialogProps, 'status'> & { status: 'resolved' | 'dismissed' }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const verb = status === 'resolved' ? 'Resolve' : 'Dismiss';
  return (
    <Modal
      open
      title={`${verb} Report`}
      onClose={onCancel}
      actions={<ModalActions onCancel={onCancel} busy={busy} disabled={busy} label={verb} onSubmit={() => onConfirm(status, note.trim() || undefined)} />}
    >
      <div className="space-y-2">
        <p className="text-sm text-base-content/70">The reporter is told the outcome, with your note if you write one.</p>
        <CountedLabel htmlFor={noteId} label="Resolution note (optional)" count={note.length} max={LIMITS.reportNoteMax} />
        <textarea id={noteId} className="textarea w-full" rows={3} value={note} maxLength={LIMITS.reportNoteMax} onChange={(event) => setNote(event.target.value)} />
      </div>
    </Modal>
  );
}

/** The shared Hide Stack for Users dialog, once the reported group stack is loaded. */
function HideReportedStack({ stackId, onClose, onDone }: { stackId: number; onClose(): void; onDone(count: number): void }) {
  const trpc = useTRPC();
  const stack = useQuery(trpc.stacks.get.queryOptions({ id: stackId }));
  if (stack.isError) {
    return (
      <ConfirmDialog open title="Hide Stack for Users" confirmLabel="OK" onCancel={onClose} onConfirm={onClose}>
        <p role="alert">{errorDetail(stack.error) ?? 'Failed to load stack'}</p>
      </ConfirmDialog>
    );
  }
  if (!stack.data) return null;
  const groupId = stack.data.audience.type === 'group' ? stack.data.group_id : null;
  if (groupId === null) return null;
  return <HideForUsersDialog stack={stack.data} groupId={groupId} onClose={onClose} onDone={onDone} />;
}
