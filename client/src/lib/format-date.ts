const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A moment as the reader's locale writes a day and a time ('23 Nov 2026, 14:05'): several stacks,
 * comments or notifications can happen on one day, so the day alone does not order them.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}
