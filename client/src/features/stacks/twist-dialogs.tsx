import { useId, useState } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { STACK_MESSAGES } from '../../../../shared/schemas/stacks';
import { Modal } from '../../components/modal';

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
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={!canSubmit} onClick={() => onSubmit(text.trim())}>
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <div className="form-control space-y-1">
        <div className="flex items-end justify-between">
          <label htmlFor={id} className="label-text">
            Twist
          </label>
          <span className="label-text-alt text-base-content/60">
            {text.length}/{LIMITS.twistMax}
          </span>
        </div>
        <input
          id={id}
          className="input w-full"
          value={text}
          maxLength={LIMITS.twistMax}
          autoComplete="off"
          disabled={busy}
          onChange={(event) => setText(event.target.value)}
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
