import { useEffect, useState } from 'react';
import { on, type AppEvents } from '../lib/events';

/** Spec 1 §2 "Temporary-issue overlay": raised by the serverError event. */
export function ServerErrorOverlay() {
  const [error, setError] = useState<AppEvents['serverError'] | null>(null);
  useEffect(() => on('serverError', setError), []);
  if (!error) return null;
  return (
    <div role="alertdialog" aria-modal="true" aria-labelledby="server-error-title" className="fixed inset-0 z-[30000] grid place-items-center bg-black/60 p-4">
      <div className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body items-center text-center">
          <h2 id="server-error-title" className="card-title">{error.message}</h2>
          <p>Please try again in a moment.</p>
          <div className="card-actions mt-2">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setError(null);
                window.location.assign('/dashboard');
              }}
            >
              Go to Dashboard
            </button>
            <button type="button" className="btn" onClick={() => window.location.reload()}>
              Reload Page
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
