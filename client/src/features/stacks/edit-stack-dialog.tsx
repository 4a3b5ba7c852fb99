import { useState } from 'react';
import type { Stack } from '../../../../shared/schemas/stacks';
import { Modal, ModalActions } from '../../components/modal';
import { draftPayload, checkDraft, sixPositions, type StackDraft } from './stack-draft';
import { StackFields } from './stack-fields';

interface EditStackDialogProps {
  open: boolean;
  stack: Stack;
  busy: boolean;
  /** 'Failed to edit stack. Please try again.' after a failure other than 403. */
  error: string | null;
  onClose(): void;
  onSubmit(values: { name: string | null; positions: string[] }): void;
}

/** Edit Friend Stack / Edit Group Stack: the name and the six positions. */
export function EditStackDialog(props: EditStackDialogProps) {
  return props.open ? <EditStackForm {...props} /> : null;
}

function EditStackForm({ stack, busy, error, onClose, onSubmit }: EditStackDialogProps) {
  const [draft, setDraft] = useState<StackDraft>(() => ({ name: stack.name ?? '', positions: sixPositions(stack.positions) }));
  const check = checkDraft(draft);
  const canSave = check.valid && !busy;

  return (
    <Modal
      open
      wide
      title={stack.audience.type === 'group' ? 'Edit Group Stack' : 'Edit Friend Stack'}
      onClose={onClose}
      actions={<ModalActions onCancel={onClose} busy={busy} disabled={!canSave} onSubmit={() => canSave && onSubmit(draftPayload(draft))} label={busy ? 'Saving...' : 'Save'} />}
    >
      <div className="space-y-4">
        {error && (
          <p role="alert" className="alert alert-error alert-soft">
            {error}
          </p>
        )}
        <StackFields draft={draft} onChange={setDraft} disabled={busy} />
        {check.messages.map((message) => (
          <p key={message} role="alert" className="text-sm text-error">
            {message}
          </p>
        ))}
      </div>
    </Modal>
  );
}
