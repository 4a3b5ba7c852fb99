import { useId } from 'react';
import { z } from 'zod';
import { LIMITS } from '../../../../shared/limits';
import { CountedLabel } from '../../components/counted-field';
import { Form, useSchemaForm } from '../../components/form';
import { Modal, ModalActions } from '../../components/modal';

/** The note as sent: trimmed, and none when blank. */
const ResolutionNoteForm = z.object({ note: z.string().transform((note) => note.trim() || undefined) });

interface DecideDialogProps {
  status: 'resolved' | 'dismissed' | null;
  busy: boolean;
  onCancel(): void;
  onConfirm(status: 'resolved' | 'dismissed', note: string | undefined): void;
}

/** Resolve or Dismiss, with an optional note the reporter reads in their notification. */
export function DecideDialog({ status, ...props }: DecideDialogProps) {
  return status ? <DecideForm status={status} {...props} /> : null;
}

function DecideForm({ status, busy, onCancel, onConfirm }: Omit<DecideDialogProps, 'status'> & { status: 'resolved' | 'dismissed' }) {
  const noteId = useId();
  const formId = useId();
  const form = useSchemaForm(ResolutionNoteForm, { defaultValues: { note: '' } });
  const note = form.watch('note');
  const verb = status === 'resolved' ? 'Resolve' : 'Dismiss';
  return (
    <Modal
      open
      title={`${verb} Report`}
      onClose={onCancel}
      actions={<ModalActions onCancel={onCancel} busy={busy} disabled={busy} label={verb} form={formId} />}
    >
      <Form form={form} id={formId} onSubmit={({ note: written }) => onConfirm(status, written)} className="space-y-2">
        <p className="text-sm text-base-content/70">The reporter is told the outcome, with your note if you write one.</p>
        <CountedLabel htmlFor={noteId} label="Resolution note (optional)" count={note.length} max={LIMITS.reportNoteMax} />
        <textarea id={noteId} className="textarea w-full" rows={3} maxLength={LIMITS.reportNoteMax} {...form.register('note')} />
      </Form>
    </Modal>
  );
}

