import { useId, useState } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { STACK_MESSAGES } from '../../../../shared/schemas/stacks';
import { CountedLabel, LimitedInput } from '../../components/counted-field';
import { Modal, ModalActions } from '../../components/modal';

interface TwistFormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  busyLabel: string;
  initial?: string;
  busy: boolean;
  error: string | null;
  onClose(): void;
  onSubmit(twistDescription: string): void;
}

/**
 * The twist text (spec 2 §5): required after trimming, at most 36 characters with a counter n/36,
 * the button disabled while empty. Used to twist a stack and to edit a twist.
 */
export function TwistFormDialog(props: TwistFormDialogProps) {
  return props.open ? <TwistForm {...props} /> : null;
}

function TwistForm({ title, submitLabel, busyLabel, initial = '', busy, error, onClose, onSubmit }: TwistFormDialogProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const blank = text.trim() === '';
  const unchanged = initial !== '' && text.trim() === initial.trim();
  const canSubmit = !blank && !unchanged && text.trim().length <= LIMITS.twistMax && !busy;
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      actions={<ModalActions onCancel={onClose} busy={busy} disabled={!canSubmit} onSubmit={() => onSubmit(text.trim())} label={busy ? busyLabel : submitLabel} />}
    >
      <div className="form-control space-y-1">
        <CountedLabel htmlFor={id} label="Twist" count={text.length} max={LIMITS.twistMax} className="" announced />
        <LimitedInput
          id={id}
          value={text}
          max={LIMITS.twistMax}
          disabled={busy}
          onChange={setText}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && canSubmit) onSubmit(text.trim());
          }}
        />
        {blank && <p className="text-sm text-base-content/70">{STACK_MESSAGES.twistRequired}</p>}
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}

/** The 403 answer to an edit (spec 2 §8). */
export function CannotEditDialog({ open, title, onClose }: { open: boolean; title: string; onClose(): void }) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          OK
        </button>
      }
    >
      <p>{STACK_MESSAGES.editClosed}</p>
    </Modal>
  );
}
