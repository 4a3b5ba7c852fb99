import type { RefObject } from 'react';

/**
 * What a Security action tells: its failure (an alert that stays) and its success (a status line
 * that clears itself). The status line can take the focus when the button that was used is gone
 * (a session signed out, a passkey removed: lib/refocus.ts).
 */
export function SecurityOutcome({ failure, done, statusRef }: { failure: string | null; done?: string | null; statusRef?: RefObject<HTMLParagraphElement | null> }) {
  return (
    <>
      {failure && (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      )}
      {statusRef && (
        <p ref={statusRef} role="status" tabIndex={-1} className="min-h-5 text-sm text-success outline-none">
          {done}
        </p>
      )}
    </>
  );
}
