import { useEffect, useId, useRef, type ReactNode } from 'react';

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
 * A modal box over a dimmed page; Escape and the backdrop close it. It stays out of the browser's
 * top layer on purpose: the onboarding tour (z-index 20000) must be able to lie above it.
 */
export function Modal({ open, title, onClose, children, actions, wide }: ModalProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    boxRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closeRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previousFocus?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="modal modal-open modal-bottom sm:modal-middle" role="presentation">
      <div ref={boxRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={`modal-box outline-none ${wide ? 'sm:max-w-2xl' : ''}`}>
        <div className="mb-4 flex items-start justify-between gap-2">
          <h3 id={titleId} className="text-lg font-bold">
            {title}
          </h3>
          <button type="button" className="btn btn-ghost btn-sm btn-square -mr-2 -mt-1" aria-label="Close" title="Close" onClick={onClose}>
            <span aria-hidden="true" className="text-xl leading-none">
              ×
            </span>
          </button>
        </div>
        {children}
        {actions && <div className="modal-action">{actions}</div>}
      </div>
      <div className="modal-backdrop bg-black/50" onClick={onClose} aria-hidden="true" />
    </div>
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
