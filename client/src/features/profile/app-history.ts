/**
 * Whether the browser's previous entry is one of this app's: React Router numbers the entries it
 * makes (`idx` in history.state, kept across reloads, the same on a replace), starting at 0 for the
 * entry the app was opened on. history.length cannot tell: it counts other sites' entries too, and
 * going back to one of those leaves the app.
 */
export function hasAppHistory(): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}
