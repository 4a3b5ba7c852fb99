import { useEffect, useId, useRef, useState } from 'react';
import { connection, probeHealth } from '../lib/connection';
import { on, type AppEvents } from '../lib/events';
import { useModalDialog } from '../components/modal-dialog';

/**
 * Spec 1 §2 "Temporary-issue overlay": raised by the serverError event for a 5xx the server sent.
 * A modal <dialog> (top layer, page inert, Tab kept inside) that only its two buttons end; it lies
 * above the onboarding tour too (`data-over-tour`, which the tour respects when it raises itself).
 *
 * A call that got no answer at all is not the server's error but the server gone: the
 * non-blocking "Reconnecting…" status (connection-status.tsx) says so, and the overlay stays away,
 * and goes if the server becomes unreachable while it is up. Its buttons load a page: they first
 * ask the server whether it is there, and if not they leave the page as it is (typed text and all)
 * to the status instead of landing on the browser's "This site can't be reached".
 */
export function ServerErrorOverlay() {
  const [error, setError] = useState<AppEvents['serverError'] | null>(null);
  useEffect(() => {
    const offError = on('serverError', (detail) => {
      if (detail.type === 'server_error' && connection.getState() === 'online') setError(detail);
    });
    const offConnection = connection.subscribe(() => {
      if (connection.getState() === 'reconnecting') setError(null);
    });
    return () => {
      offError();
      offConnection();
    };
  }, []);
  if (!error) return null;
  const leaveFor = async (go: () => void) => {
    if (await probeHealth()) {
      go();
      return;
    }
    setError(null);
    connection.reportFailure();
  };
  return (
    <Overlay
      message={error.message}
      onDashboard={() =>
        void leaveFor(() => {
          setError(null);
          window.location.assign('/dashboard');
        })
      }
      onReload={() => void leaveFor(() => window.location.reload())}
    />
  );
}

function Overlay({ message, onDashboard, onReload }: { message: string; onDashboard(): void; onReload(): void }) {
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
            <button type="button" className="btn" onClick={onReload}>
              Reload Page
            </button>
          </div>
        </div>
      </div>
    </dialog>
  );
}
