import { useId, useRef, type ReactNode } from 'react';
import { CloseButton } from './close-button';
import { useModalDialog } from './modal-dialog';

interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  actions?: ReactNode;
  /** Wider box for lists. */
  wide?: boolean;
}

/**
 * A modal box over a dimmed page, on the native <dialog> opened with showModal(): the page behind is
 * inert and Tab stays inside; Escape and the backdrop close it, and focus goes back to the opener.
 * It lies in the browser's top layer; the onboarding tour raises itself above any dialog opened
 * while it runs (spec 1 §9: the tour is above every other layer).
 */
export function Modal({ open, ...props }: ModalProps) {
  return open ? <OpenModal {...props} /> : null;
}

function OpenModal({ title, onClose, children, actions, wide }: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // The box itself takes focus first, so a screen reader reads the title and the content from the top.
  const onKeyDown = useModalDialog(dialogRef, { onDismiss: onClose, initialFocus: boxRef });
  return (
    <dialog ref={dialogRef} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div ref={boxRef} tabIndex={-1} className={`modal-box outline-none ${wide ? 'sm:max-w-2xl' : ''}`}>
        <div className="mb-4 flex items-start justify-between gap-2">
          <h3 id={titleId} className="text-lg font-bold">
            {title}
          </h3>
          <CloseButton onClick={onClose} className="-mr-2 -mt-1" />
        </div>
        {children}
        {actions && <div className="modal-action">{actions}</div>}
      </div>
      <div className="modal-backdrop bg-black/50" onClick={onClose} aria-hidden="true" />
    </dialog>
  );
}

interface ModalActionsProps {
  onCancel(): void;
  /** Disables Cancel while the call runs (the primary button is disabled by `disabled`). */
  busy?: boolean;
  label: ReactNode;
  disabled: boolean;
  /** A submit button of this form (Enter submits it); else a plain button running `onSubmit`. */
  form?: string;
  onSubmit?(): void;
}

/** A form dialog's footer: Cancel, then the primary button. */
export function ModalActions({ onCancel, busy, label, disabled, form, onSubmit }: ModalActionsProps) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type={form ? 'submit' : 'button'} form={form} className="btn btn-primary" disabled={disabled} onClick={onSubmit}>
        {label}
      </button>
    </>
  );
}
