import { useEffect, useId, useRef, useState } from 'react';
import { on, type AppEvents } from '../lib/events';
import { useModalDialog } from './modal-dialog';

/**
 * Spec 1 §2 "Temporary-issue overlay": raised by the serverError event. A modal <dialog> (top
 * layer, page inert, Tab kept inside) that only its two buttons end; it lies above the onboarding
 * tour too (`data-over-tour`, which the tour respects when it raises itself).
 */
export function ServerErrorOverlay() {
  const [error, setError] = useState<AppEvents['serverError'] | null>(null);
  useEffect(() => on('serverError', setError), []);
  if (!error) return null;
  return (
    <Overlay
      message={error.message}
      onDashboard={() => {
        setError(null);
        window.location.assign('/dashboard');
      }}
    />
  );
}

function Overlay({ message, onDashboard }: { message: string; onDashboard(): void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onKeyDown = useModalDialog(dialogRef, {
    // Escape does not end it; should the browser close it anyway, it opens again.
    onDismiss: () => {
      const dialog = dialogRef.current;
      if (dialog && !dialog.open) dialog.showModal();
    },
  });
  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-labelledby={titleId}
      data-over-tour=""
      className="fixed inset-0 m-0 grid h-full max-h-none w-full max-w-none place-items-center border-0 bg-black/60 p-4 text-base-content backdrop:bg-transparent"
      onKeyDown={onKeyDown}
    >
      <div className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body items-center text-center">
          <h2 id={titleId} className="card-title">
            {message}
          </h2>
          <p>Please try again in a moment.</p>
          <div className="card-actions mt-2">
            <button type="button" className="btn btn-primary" onClick={onDashboard}>
              Go to Dashboard
            </button>
            <button type="button" className="btn" onClick={() => window.location.reload()}>
              Reload Page
            </button>
          </div>
        </div>
      </div>
    </dialog>
  );
}
