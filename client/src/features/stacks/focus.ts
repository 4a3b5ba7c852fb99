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

/**
 * After a view closed (its element gone), puts focus on the first of `selectors` that matches a
 * shown element, once the page has settled. Only when focus was lost with the view: a user who
 * already moved on keeps their place.
 */
export function focusAfterClose(selectors: string[]): void {
  requestAnimationFrame(() => {
    if (!focusIsLost()) return;
    for (const selector of selectors) {
      const candidate = Array.from(document.querySelectorAll<HTMLElement>(selector)).find((element) => element.closest('[hidden]') === null);
      if (candidate) {
        candidate.focus();
        if (document.activeElement === candidate) return;
      }
    }
  });
}
