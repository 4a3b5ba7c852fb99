import { ONBOARDING_VERSION } from '../../../../shared/limits';
import { TOUR_STEPS } from './tour-steps';

/** Local storage keys of spec 1 §3. */
const VERSION_KEY = 'onboarding_version';
const PROGRESS_KEY = 'onboarding_progress';
const COMPLETED_KEY = 'onboarding_completed';

/** The stored step index, or undefined when absent or not a step of this tour. */
function storedStep(): number | undefined {
  const value = localStorage.getItem(PROGRESS_KEY);
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const step = Number(value);
  return step < TOUR_STEPS.length ? step : undefined;
}

/**
 * Spec 1 §4 "Tour": a stored version other than the current one resets progress and completion
 * (a new tour is shown to everyone). The tour starts unless it was completed or the user prefers
 * reduced motion, resuming from a valid stored step, else from the first.
 */
export function shouldStartTour(prefersReducedMotion: boolean): { start: boolean; step: number } {
  if (localStorage.getItem(VERSION_KEY) !== ONBOARDING_VERSION) {
    localStorage.removeItem(PROGRESS_KEY);
    localStorage.removeItem(COMPLETED_KEY);
    localStorage.setItem(VERSION_KEY, ONBOARDING_VERSION);
  }
  if (localStorage.getItem(COMPLETED_KEY) === 'true' || prefersReducedMotion) return { start: false, step: 0 };
  return { start: true, step: storedStep() ?? 0 };
}

export function saveProgress(step: number): void {
  localStorage.setItem(PROGRESS_KEY, String(step));
}

/** Finished or skipped: the tour does not start again until reset or a new tour version. */
export function markCompleted(): void {
  localStorage.setItem(COMPLETED_KEY, 'true');
  localStorage.removeItem(PROGRESS_KEY);
}

/** Settings' 'Show tour again': the next start is from the first step. */
export function resetTour(): void {
  localStorage.removeItem(COMPLETED_KEY);
  localStorage.removeItem(PROGRESS_KEY);
  localStorage.setItem(VERSION_KEY, ONBOARDING_VERSION);
}
