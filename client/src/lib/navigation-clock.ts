import { TIMINGS } from '../../../shared/limits';

let lastNavigationAt = 0;

/** Called on every route change: errors right after a navigation are usually its own aborted calls. */
export function markNavigation(now = Date.now()): void {
  lastNavigationAt = now;
}

export function withinNavigationGrace(now = Date.now()): boolean {
  return now - lastNavigationAt < TIMINGS.errorPopupSuppressMs;
}
