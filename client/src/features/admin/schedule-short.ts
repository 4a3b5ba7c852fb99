import { WEEKDAY_NAMES, weekdaysShort } from '../../../../shared/weekdays';

/** A schedule in short: 'Every day', 'No days', or 'Mon, Wed, Fri'. */
export function scheduleShort(days: readonly number[]): string {
  const distinct = new Set(days).size;
  if (distinct === WEEKDAY_NAMES.length) return 'Every day';
  if (distinct === 0) return 'No days';
  return weekdaysShort(days);
}
