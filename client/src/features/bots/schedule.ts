import { WEEKDAY_NAMES as WEEKDAYS } from '../../../../shared/weekdays';

/**
 * Spec 2 §2.7 Schedule: 'Runs every day.' for all seven days, otherwise the days in week order,
 * e.g. 'Runs Monday and Tuesday.' or 'Runs Monday, Wednesday and Friday.'
 */
export function scheduleSentence(days: readonly number[]): string {
  const valid = [...new Set(days)].filter((day) => Number.isInteger(day) && day >= 0 && day <= 6).sort((a, b) => a - b);
  if (valid.length === WEEKDAYS.length) return 'Runs every day.';
  if (valid.length === 0) return 'Runs on no days.';
  const names = valid.map((day) => WEEKDAYS[day]);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Runs ${list}.`;
}
