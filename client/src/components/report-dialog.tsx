import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { CreateReportInput, REPORT_MESSAGES, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason, type ReportTargetType } from '../../../shared/schemas/reports';
import { retryAfterSeconds, waitInWords } from '../lib/retry-after';
import { errorDetail, httpStatusOf, useTRPC } from '../lib/trpc';
import { CountedLabel } from './counted-field';
import { Form, FormAlert, useSchemaForm } from './form';
import { Modal, ModalActions } from './modal';

export interface ReportTarget {
  type: ReportTargetType;
  id: number;
}

const TITLES: Record<ReportTargetType, string> = {
  user: 'Report User',
  stack: 'Report Stack',
  comment: 'Report Comment',
  group: 'Report Group',
};

interface ReportDialogProps {
  open: boolean;
  target: ReportTarget;
  onClose(): void;
}

/**
 * Reports a user, stack, comment or group to the admins (POST /v1/reports): a reason, an optional
 * note of at most LIMITS.reportNoteMax characters, then a thank-you. Mounted only while open, so
 * every opening starts blank. Shared by the profile, the stack detail, comments and groups.
 */
export function ReportDialog({ open, ...props }: ReportDialogProps) {
  return open ? <ReportForm {...props} /> : null;
}

interface ReportValues {
  reason: ReportReason | null;
  note: string;
}

function ReportForm({ target, onClose }: Omit<ReportDialogProps, 'open'>) {
  const trpc = useTRPC();
  const create = useMutation(trpc.reports.create.mutationOptions());
  const ids = { form: useId(), note: useId(), reasons: useId() };
  const form = useSchemaForm<ReportValues, CreateReportInput>(CreateReportInput, {
    defaultValues: { reason: null, note: '' },
    toInput: (values) => ({ target_type: target.type, target_id: target.id, ...values }),
  });
  const [reason, note] = form.watch(['reason', 'note']);
  const [sent, setSent] = useState(false);

  const canSubmit = reason !== null && note.length <= LIMITS.reportNoteMax && !create.isPending;

  const submit = async (input: CreateReportInput) => {
    if (!canSubmit) return;
    try {
      await create.mutateAsync(input);
      setSent(true);
    } catch (err) {
      console.error('Failed to send report', err);
      form.setError('root', { message: failureText(err) });
    }
  };

  if (sent) {
    return (
      <Modal
        open
        title="Report sent"
        onClose={onClose}
        actions={
          <button type="button" className="btn btn-primary" onClick={onClose}>
            OK
          </button>
        }
      >
        <p role="status">{REPORT_MESSAGES.thanks}</p>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={TITLES[target.type]}
      onClose={onClose}
      actions={<ModalActions onCancel={onClose} busy={create.isPending} form={ids.form} disabled={!canSubmit} label={create.isPending ? 'Sending...' : 'Submit'} />}
    >
      <Form form={form} id={ids.form} className="space-y-4" onSubmit={submit}>
        <FormAlert className="alert alert-error alert-soft text-sm" />
        <fieldset className="space-y-2" aria-describedby={ids.reasons}>
          <legend className="mb-1 font-medium">Why are you reporting this?</legend>
          <p id={ids.reasons} className="text-sm text-base-content/70">
            Only the admins see your report.
          </p>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-3">
              <input type="radio" name={`${ids.form}-reason`} className="radio radio-sm" value={value} checked={reason === value} onChange={() => form.setValue('reason', value)} />
              <span>{REPORT_REASON_LABELS[value]}</span>
            </label>
          ))}
        </fieldset>
        <div className="form-control w-full">
          <CountedLabel htmlFor={ids.note} label="Note (optional)" count={note.length} max={LIMITS.reportNoteMax} />
          <textarea id={ids.note} className="textarea w-full" rows={3} maxLength={LIMITS.reportNoteMax} placeholder="What should the admins know?" {...form.register('note')} />
        </div>
      </Form>
    </Modal>
  );
}

/** A refusal in words: a 429 says how long to wait; others give the server's detail. */
function failureText(error: unknown): string {
  if (httpStatusOf(error) === 429) {
    const seconds = retryAfterSeconds(error);
    return `You have sent too many reports. Please try again${seconds ? ` in ${waitInWords(seconds)}` : ' later'}.`;
  }
  return errorDetail(error) ?? 'Failed to send report';
}

interface ReportButtonProps {
  target: ReportTarget;
  /** The button's accessible name when 'Report' alone would be ambiguous (e.g. 'Report comment'). */
  ariaLabel?: string;
  className?: string;
}

/** A 'Report' button with its dialog. Callers hide it on the viewer's own content. */
export function ReportButton({ target, ariaLabel, className = 'btn btn-ghost' }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-label={ariaLabel} onClick={() => setOpen(true)}>
        Report
      </button>
      <ReportDialog open={open} target={target} onClose={() => setOpen(false)} />
    </>
  );
}
