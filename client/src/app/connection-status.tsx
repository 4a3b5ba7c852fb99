import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useConnectionState } from '../lib/connection';

export const RECONNECTING_TEXT = 'Reconnecting…';
/** While the browser has no network (docs/pwa.md: the app starts offline from the service worker's copy). */
export const OFFLINE_TEXT = 'You are offline';

function subscribeToNetwork(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has no network at all (navigator.onLine, followed live). */
export function useBrowserOffline(): boolean {
  return useSyncExternalStore(
    subscribeToNetwork,
    () => !navigator.onLine,
    () => false,
  );
}

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
export function useStatusHost(watching: boolean): HTMLElement {
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
 * While the server cannot be reached, a small "Reconnecting…" status in a corner, or "You are
 * offline" when the browser has no network at all (also when the app started offline, from the
 * service worker's copy: docs/pwa.md). It is no dialog: it takes no focus, lets clicks through (pointer-events: none) and blocks neither the
 * tabs nor typing; it goes by itself when the server answers again (lib/connection.ts). The region
 * (role="status", read out politely) is always there, empty while connected, so its text is
 * announced when it appears. Mount once, beside the temporary-issue overlay.
 */
export function ConnectionStatus() {
  const reconnecting = useConnectionState() === 'reconnecting';
  const offline = useBrowserOffline();
  const shown = reconnecting || offline;
  const host = useStatusHost(shown);
  const inDialog = host !== document.body;
  return createPortal(
    <div
      role="status"
      data-connection-status={offline ? 'offline' : reconnecting ? 'reconnecting' : 'online'}
      className={`pointer-events-none fixed left-4 z-[30000] ${inDialog ? 'top-4' : 'bottom-4'} ${shown ? '' : 'sr-only'}`}
    >
      {shown && (
        <span className="flex items-center gap-2 rounded-full border border-warning bg-base-100 px-4 py-2 text-sm font-medium text-base-content shadow-lg">
          {offline ? (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 text-warning" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M2 8.8a15 15 0 0 1 4.2-2.6M9.8 5.2A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 3.6-2.2M15.5 10.3a10 10 0 0 1 3.5 2.2M8.5 16.1a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
            </svg>
          ) : (
            <span aria-hidden="true" className="loading loading-spinner loading-xs text-warning" />
          )}
          {offline ? OFFLINE_TEXT : RECONNECTING_TEXT}
        </span>
      )}
    </div>,
    host,
  );
}
