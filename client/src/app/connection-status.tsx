import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useConnectionState } from '../lib/connection';

export const RECONNECTING_TEXT = 'Reconnecting…';

/**
 * Where the status must live to be seen and read: inside the modal dialog on top, if one is open
 * (everything outside it is inert, hidden from screen readers, under its backdrop), else the body.
 * The top one holds the focus; failing that, the last open one. (The app opens every <dialog> with
 * showModal(): an open one is modal.)
 */
export function statusHost(): HTMLElement {
  const focused = document.activeElement?.closest('dialog');
  if (focused instanceof HTMLDialogElement && focused.open) return focused;
  const open = Array.from(document.querySelectorAll('dialog')).filter((dialog) => dialog.open);
  return open.at(-1) ?? document.body;
}

/** The status's host, followed while `watching` (dialogs opening and closing, focus moving). */
function useStatusHost(watching: boolean): HTMLElement {
  const [host, setHost] = useState<HTMLElement>(() => document.body);
  useEffect(() => {
    const update = () => setHost(watching ? statusHost() : document.body);
    update();
    if (!watching) return;
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    document.addEventListener('focusin', update);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', update);
    };
  }, [watching]);
  return host;
}

/**
 * While the server cannot be reached, a small "Reconnecting…" status in a corner. It is
 * no dialog: it takes no focus, lets clicks through (pointer-events: none) and blocks neither the
 * tabs nor typing; it goes by itself when the server answers again (lib/connection.ts). The region
 * (role="status", read out politely) is always there, empty while connected, so its text is
 * announced when it appears. Mount once, beside the temporary-issue overlay.
 */
export function ConnectionStatus() {
  const reconnecting = useConnectionState() === 'reconnecting';
  const host = useStatusHost(reconnecting);
  const inDialog = host !== document.body;
  return createPortal(
    <div
      role="status"
      data-connection-status={reconnecting ? 'reconnecting' : 'online'}
      className={`pointer-events-none fixed left-4 z-[30000] ${inDialog ? 'top-4' : 'bottom-4'} ${reconnecting ? '' : 'sr-only'}`}
    >
      {reconnecting && (
        <span className="flex items-center gap-2 rounded-full border border-warning bg-base-100 px-4 py-2 text-sm font-medium text-base-content shadow-lg">
          <span aria-hidden="true" className="loading loading-spinner loading-xs text-warning" />
          {RECONNECTING_TEXT}
        </span>
      )}
    </div>,
    host,
  );
}
