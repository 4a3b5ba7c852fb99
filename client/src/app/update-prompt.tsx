import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useWaitingUpdate, type Activate } from './app-update';
import { useStatusHost } from './connection-status';

export const UPDATE_TEXT = 'A new version is available';
export const RELOAD_LABEL = 'Reload';
export const LATER_LABEL = 'Not now';

/**
 * "A new version is available" with Reload (docs/pwa.md): shown when a new version of the app is
 * installed and waiting. Reload lets it take over and reloads the page (drafts are kept:
 * docs/connection.md); Not now hides the prompt until the next visit (or a newer version), which starts the new
 * version anyway once every tab of the old one is closed. It takes no focus of its own: its
 * buttons come last in the tab order. Its region is always there, empty until shown, so the
 * sentence is announced when it appears; inside the modal dialog on top, if one is open (the rest
 * of the page is inert then).
 */
export function UpdatePrompt() {
  const activate = useWaitingUpdate();
  // The version put off with Not now; a newer one that comes later is shown again.
  const [putOff, setPutOff] = useState<Activate | null>(null);
  const [reloading, setReloading] = useState(false);
  const shown = activate !== null && activate !== putOff;
  const host = useStatusHost(shown);
  const inDialog = host !== document.body;

  function reload() {
    if (!activate) return;
    setReloading(true);
    activate().catch((error: unknown) => {
      console.error('Failed to switch to the new version', error);
      window.location.reload();
    });
  }

  return createPortal(
    <div
      data-update-prompt={shown ? 'shown' : 'hidden'}
      className={
        shown
          ? `fixed right-4 left-4 z-[30000] flex flex-wrap items-center gap-x-4 gap-y-2 rounded-box border border-primary bg-base-100 px-4 py-3 text-base-content shadow-lg sm:left-auto sm:max-w-md ${inDialog ? 'top-4' : 'bottom-20 sm:bottom-4'}`
          : 'sr-only'
      }
    >
      <p role="status" className="min-w-0 flex-1 text-sm font-medium">
        {shown ? `${UPDATE_TEXT}.` : ''}
      </p>
      {shown && (
        <div className="flex gap-2">
          <button type="button" className="btn btn-sm btn-primary" onClick={reload} disabled={reloading}>
            {reloading ? 'Reloading…' : RELOAD_LABEL}
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setPutOff(() => activate)} disabled={reloading}>
            {LATER_LABEL}
          </button>
        </div>
      )}
    </div>,
    host,
  );
}
