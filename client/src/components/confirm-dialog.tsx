import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive. */
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal question with Cancel and one confirm button, on the native <dialog> (showModal): Tab stays
 * inside, Escape and the backdrop cancel (not while busy), and focus goes back to the opener.
 */
export function ConfirmDialog({ open, ...props }: ConfirmDialogProps) {
  return open ? <OpenConfirmDialog {...props} /> : null;
}

function OpenConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Cancel', danger, busy, onConfirm, onCancel }: Omit<ConfirmDialogProps, 'open'>) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancel = () => {
    if (!busy) onCancel();
  };
  // The browser focuses the first button, Cancel: the safe answer.
  const onKeyDown = useModalDialog(dialogRef, { onDismiss: cancel });
  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className="modal-box">
        <h3 id={titleId} className="text-lg font-bold">
          {title}
        </h3>
        <div className="py-4 space-y-2">{children}</div>
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn ${danger ? 'btn-error' : 'btn-primary'}`} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </div>
      <div className="modal-backdrop" onClick={cancel} aria-hidden="true" />
    </dialog>
  );
}
