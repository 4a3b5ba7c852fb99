/**
 * After an action removed the control that had the focus (a list row signed out or removed, a
 * button swapped for another as a state changed), the browser leaves the focus on the page itself
 * and a keyboard user starts over from the top. Once React has drawn the change, this puts it on
 * `target` instead, unless something else has taken it meanwhile.
 */
export function refocusIfLost(target: () => HTMLElement | null | undefined): void {
  setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    target()?.focus();
  }, 0);
}
