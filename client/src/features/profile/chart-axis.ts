/** Where the labels are read: the reader's locale and time zone; tests pin both. */
export interface AxisFormat {
  locale?: string;
  timeZone?: string;
}

/**
 * The time axis's labels, oldest and newest: the days when the points span several days; when they
 * all fall on one day, the day with the time, then the time (with seconds if the minutes are the
 * same), so the two ends never read alike. One label when all fall within one second.
 */
export function axisLabels(firstIso: string, lastIso: string, format: AxisFormat = {}): string[] {
  const { locale, timeZone } = format;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const dayTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const first = new Date(firstIso);
  const last = new Date(lastIso);
  if (day.format(first) !== day.format(last)) return [day.format(first), day.format(last)];
  const short = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  if (short.format(first) !== short.format(last)) return [dayTime.format(first), short.format(last)];
  const daySeconds = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  const seconds = new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone });
  // Within one second the two ends would read alike: one label says when.
  if (seconds.format(first) === seconds.format(last)) return [daySeconds.format(first)];
  return [daySeconds.format(first), seconds.format(last)];
}
