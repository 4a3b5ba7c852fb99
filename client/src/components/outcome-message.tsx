import type { RefObject } from 'react';
import type { ActionOutcome } from '../lib/use-action-outcome';
import { ErrorBanner } from './error-banner';

interface OutcomeMessageProps {
  outcome: ActionOutcome | null;
  /**
   * 'line' (default): a small coloured line. 'alert': a failure as an alert box (the stack actions'
   * look); a success stays a line.
   */
  look?: 'line' | 'alert';
  /**
   * A failure becomes the dismissible banner of spec 1 §8 (`onDismiss` clears it), with Retry when
   * `onRetry` is given.
   */
  banner?: { onRetry?(): void; onDismiss(): void; retrying?: boolean };
  /**
   * The status line is always there (empty between outcomes) and can take the focus when the
   * control that was used is gone (a row signed out or removed: lib/refocus.ts).
   */
  statusRef?: RefObject<HTMLParagraphElement | null>;
}

/** How an action went (`useActionOutcome`), announced: a status line when it worked, an alert when it failed. */
export function OutcomeMessage({ outcome, look = 'line', banner, statusRef }: OutcomeMessageProps) {
  const failure = outcome && !outcome.ok ? outcome.text : null;
  const success = outcome?.ok ? outcome.text : null;
  return (
    <>
      {failure && banner && <ErrorBanner message={failure} onRetry={banner.onRetry} onDismiss={banner.onDismiss} retrying={banner.retrying} />}
      {failure && !banner && (
        <p role="alert" className={look === 'alert' ? 'alert alert-error alert-soft' : 'text-sm wrap-anywhere text-error'}>
          {failure}
        </p>
      )}
      {statusRef ? (
        <p ref={statusRef} role="status" tabIndex={-1} className="min-h-5 text-sm wrap-anywhere text-success outline-none">
          {success}
        </p>
      ) : (
        success && (
          <p role="status" className="text-sm wrap-anywhere text-success">
            {success}
          </p>
        )
      )}
    </>
  );
}
