/** Spec 2 §9: a bot's weekdays are 0-6, Monday to Sunday. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Weekdays in short and in week order, e.g. 'Mon, Wed, Fri' (the admin console and its audit log). */
export function weekdaysShort(days: readonly number[]): string {
  return [...new Set(days)]
    .sort((a, b) => a - b)
    .map((day) => WEEKDAY_NAMES[day]?.slice(0, 3) ?? String(day))
    .join(', ');
}
