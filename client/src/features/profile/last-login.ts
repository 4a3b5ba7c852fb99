const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Spec 1 §2 Profile 'Last Login:': 'today', '1 day ago', 'N days ago', or a dash when absent.
 * Days are whole calendar days from the last_login date (YYYY-MM-DD) at local midnight to today's
 * local midnight; rounding absorbs the hour a daylight-saving change adds or removes.
 */
export function lastLoginText(lastLogin: string | null | undefined, now: Date = new Date()): string {
  const match = lastLogin ? DATE_PATTERN.exec(lastLogin) : null;
  if (!match) return '—';
  const then = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(then.getTime())) return '—';
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const days = Math.round((today.getTime() - then.getTime()) / DAY_MS);
  if (days <= 0) return 'today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
