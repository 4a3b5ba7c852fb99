import { useEffect, type RefObject } from 'react';

/** Focus has nowhere to be: on the body, on nothing, or on an element no longer shown. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || active.closest('[hidden]') !== null;
}

/**
 * Moves focus to `ref` (a heading with tabIndex -1, say) when the view it belongs to shows: at once
 * if it is shown when it mounts, else as soon as its `hidden` ancestors (a tab panel waiting for its
 * content) let it show. On the first showing it takes focus unless the user is on a tab of a tab
 * list or in an open dialog; when shown again later, only if focus was lost (the view it replaced
 * held it).
 */
export function useFocusOnShow(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let shownBefore = false;
    let wasHidden = true;
    const check = () => {
      const hidden = element.closest('[hidden]') !== null;
      if (!hidden && wasHidden) {
        const active = document.activeElement;
        const busyElsewhere = active?.closest('[role="tab"], dialog[open]') != null;
        if (focusIsLost() || (!shownBefore && !busyElsewhere)) element.focus({ preventScroll: false });
        shownBefore = true;
      }
      wasHidden = hidden;
    };
    check();
    const observer = new MutationObserver(check);
    for (let node = element.parentElement; node; node = node.parentElement) observer.observe(node, { attributes: true, attributeFilter: ['hidden'] });
    return () => observer.disconnect();
  }, [ref]);
}

/** How long a closed view waits for the place it came from to show again before falling back. */
export const FOCUS_RETURN_WAIT_MS = 1500;

function shownMatch(selector: string): HTMLElement | undefined {
  return Array.from(document.querySelectorAll<HTMLElement>(selector)).find((element) => element.closest('[hidden]') === null);
}

function focusFirst(selectors: string[]): boolean {
  for (const selector of selectors) {
    const candidate = shownMatch(selector);
    if (candidate) {
      candidate.focus();
      if (document.activeElement === candidate) return true;
    }
  }
  return false;
}

/**
 * After a view closed, puts focus on the first of `selectors` that matches a shown element. Closing
 * can go back in history: the view goes away, and the one it returns to renders, only once the
 * browser has popped the entry, which may take several frames on a busy machine. So the first
 * selector (the preferred target) is looked for on every frame for up to FOCUS_RETURN_WAIT_MS, and
 * only then do the others (fallbacks) count. It acts only while focus is lost or still where it was
 * when the view closed (the Close button of a view not yet gone): a user who already moved on keeps
 * their place.
 */
export function focusAfterClose(selectors: string[]): void {
  const [preferred, ...fallbacks] = selectors;
  const focusedAtClose = document.activeElement;
  const deadline = performance.now() + FOCUS_RETURN_WAIT_MS;
  const attempt = () => {
    const waiting = document.activeElement === focusedAtClose && focusedAtClose !== document.body;
    if (!waiting && !focusIsLost()) return;
    if (preferred !== undefined && focusFirst([preferred])) return;
    if (performance.now() < deadline) requestAnimationFrame(attempt);
    else if (focusIsLost()) focusFirst(fallbacks);
  };
  requestAnimationFrame(attempt);
}
