import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { REPORT_REASON_LABELS, type CommentSnapshot, type Report, type ReportStatus, type StackSnapshot } from '../../../../shared/schemas/reports';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { OutcomeMessage } from '../../components/outcome-message';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { serverDetailOr, useActionOutcome } from '../../lib/use-action-outcome';
import { DecideDialog } from './decide-dialog';
import { HideReportedStack } from './hide-reported-stack';
import { OpenTargetButton } from './open-target-button';
import { STATUS_LABELS, TARGET_LABELS } from './report-labels';
import { SnapshotView } from './snapshot-view';
import { TargetStateLine } from './target-state-line';

type Dialog = 'resolved' | 'dismissed' | 'sandboxStack' | 'sandboxComment' | 'hideForUsers' | null;

/** One report: what, why, by whom, the content as reported, and the admin's buttons. */
export function ReportCard({ report }: { report: Report }) {
  const titleId = useId();
  const moderation = useReportModeration(report);
  const { dialog, setDialog, moderatedStackId } = moderation;

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
        {report.target_state && <TargetStateLine type={report.target_type} state={report.target_state} />}
        <p className="text-sm text-base-content/70">
          Reported by <strong className="text-base-content wrap-anywhere">{report.reporter}</strong> on{' '}
          <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
        </p>
        {report.note && <p className="whitespace-pre-line break-words">“{report.note}”</p>}
        <div className="rounded-box border border-base-300 bg-base-200/50 p-3">
          <h3 className="mb-1 text-sm font-medium text-base-content/70">As reported</h3>
          <SnapshotView report={report} />
        </div>
        {report.status !== 'open' && <DecisionLine report={report} />}
        <OutcomeMessage outcome={moderation.outcome} />
        {/* A target that is gone leaves nothing to open or act on: only the decision. */}
        {!(report.target_state?.deleted ?? false) && <ModerationButtons report={report} moderation={moderation} />}
        <DecisionButtons report={report} busy={moderation.busy} onOpen={setDialog} onReopen={() => void moderation.decide('open')} />
      </div>
      <ModerationDialogs moderation={moderation} />
      {dialog === 'hideForUsers' && moderatedStackId !== null && (
        <HideReportedStack stackId={moderatedStackId} onClose={() => setDialog(null)} onDone={moderation.hiddenForUsers} />
      )}
    </article>
  );
}

type Moderation = ReturnType<typeof useReportModeration>;

/**
 * A report's moderation calls: the decision (resolve, dismiss, reopen) and the sandboxing of its
 * stack or comment. Each says how it went under the card (the server's detail on a refusal); the
 * queue is fetched again after each, a refusal too, so each card shows its target's state.
 */
function useReportModeration(report: Report) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.reports.update.mutationOptions());
  const sandboxStack = useMutation(trpc.stacks.sandbox.mutationOptions());
  const sandboxStackComment = useMutation(trpc.stacks.sandboxComment.mutationOptions());
  const sandboxTwistedComment = useMutation(trpc.twistedStacks.sandboxComment.mutationOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const { outcome, show, run: runAction } = useActionOutcome();
  const refresh = () => queryClient.invalidateQueries(trpc.reports.list.pathFilter());

  const stack = report.target_type === 'stack' ? (report.snapshot as StackSnapshot) : null;
  const comment = report.target_type === 'comment' ? (report.snapshot as CommentSnapshot) : null;
  // Sandboxing and hiding act on an original group stack: a twisted stack's original.
  const moderatedStackId = stack && stack.mode === 'group' ? (stack.stack_id ?? report.target_id) : null;

  /** Runs a call; the open dialog closes either way. */
  const run = (call: () => Promise<unknown>, success: string, failure: string) =>
    runAction(
      async () => {
        try {
          await call();
        } finally {
          setDialog(null);
        }
      },
      { success, failure: serverDetailOr(failure) },
    );

  /** A moderation call, then the queue again (after a refusal too). */
  const moderate = (call: () => Promise<unknown>) => async () => {
    try {
      await call();
    } finally {
      await refresh();
    }
  };

  return {
    outcome,
    dialog,
    setDialog,
    comment,
    moderatedStackId,
    sandboxed: report.target_state?.sandboxed ?? false,
    busy: update.isPending || sandboxStack.isPending || sandboxStackComment.isPending || sandboxTwistedComment.isPending,
    updating: update.isPending,
    sandboxingStack: sandboxStack.isPending,
    sandboxingComment: sandboxStackComment.isPending || sandboxTwistedComment.isPending,
    decide: (status: ReportStatus, note?: string) =>
      run(
        async () => {
          await update.mutateAsync({ id: report.id, status, resolution_note: note });
          await refresh();
        },
        status === 'open' ? 'Report reopened' : `Report ${status}`,
        'Failed to update report',
      ),
    setStackSandbox: (sandbox: boolean) =>
      run(moderate(() => sandboxStack.mutateAsync({ id: moderatedStackId!, sandbox })), sandbox ? 'Stack sandboxed' : 'Stack unsandboxed', 'Failed to update sandbox state'),
    setCommentSandbox: (sandbox: boolean) =>
      run(
        moderate(() =>
          comment!.stack_type === 'twisted'
            ? sandboxTwistedComment.mutateAsync({ id: comment!.stack_id, cid: report.target_id, sandbox })
            : sandboxStackComment.mutateAsync({ id: comment!.stack_id, cid: report.target_id, sandbox }),
        ),
        sandbox ? 'Comment sandboxed' : 'Comment unsandboxed',
        sandbox ? 'Failed to sandbox comment' : 'Failed to unsandbox comment',
      ),
    hiddenForUsers: (count: number) => {
      show({ ok: true, text: `Stack hidden for ${count} ${count === 1 ? 'user' : 'users'}` });
      void refresh();
    },
  };
}

/** Who decided, when, and their note. */
function DecisionLine({ report }: { report: Report }) {
  return (
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
  );
}

/** Open the target; sandbox or unsandbox its stack or comment; hide its stack for users. */
function ModerationButtons({ report, moderation }: { report: Report; moderation: Moderation }) {
  const { busy, sandboxed, moderatedStackId, comment, setDialog } = moderation;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Moderation">
      <OpenTargetButton report={report} />
      {moderatedStackId !== null && (
        <>
          {sandboxed ? (
            <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void moderation.setStackSandbox(false)}>
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
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void moderation.setCommentSandbox(false)}>
            Unsandbox comment
          </button>
        ) : (
          <button type="button" className="btn btn-sm btn-warning" disabled={busy} onClick={() => setDialog('sandboxComment')}>
            Sandbox comment
          </button>
        ))}
    </div>
  );
}

/** Resolve and Dismiss (each behind its dialog) while open; Reopen after. */
function DecisionButtons({ report, busy, onOpen, onReopen }: { report: Report; busy: boolean; onOpen(dialog: Dialog): void; onReopen(): void }) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Decision">
      {report.status === 'open' ? (
        <>
          <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => onOpen('resolved')}>
            Resolve
          </button>
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => onOpen('dismissed')}>
            Dismiss
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-sm" disabled={busy} onClick={onReopen}>
          Reopen
        </button>
      )}
    </div>
  );
}

function ModerationDialogs({ moderation }: { moderation: Moderation }) {
  const { dialog, setDialog } = moderation;
  return (
    <>
      <DecideDialog
        status={dialog === 'resolved' || dialog === 'dismissed' ? dialog : null}
        busy={moderation.updating}
        onCancel={() => setDialog(null)}
        onConfirm={(status, note) => void moderation.decide(status, note)}
      />
      <ConfirmDialog
        open={dialog === 'sandboxStack'}
        title="Sandbox Stack?"
        confirmLabel="Sandbox"
        busy={moderation.sandboxingStack}
        onCancel={() => setDialog(null)}
        onConfirm={() => void moderation.setStackSandbox(true)}
      >
        <p>The stack will be hidden from group members who have not answered it; those who answered still see it.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'sandboxComment'}
        title="Sandbox Comment?"
        confirmLabel="Sandbox"
        busy={moderation.sandboxingComment}
        onCancel={() => setDialog(null)}
        onConfirm={() => void moderation.setCommentSandbox(true)}
      >
        <p>Only its author and the admins will see this comment.</p>
      </ConfirmDialog>
    </>
  );
}
