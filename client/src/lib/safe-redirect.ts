/*
 * Where login goes afterwards (docs/decisions/0036-addresses.md): a signed-out visitor sent
 * to /login carries the address they wanted as `?next=`, and after login the app goes there. The
 * value comes from the address bar, so anyone can write it: only a path of this site is followed,
 * never another origin (no open redirect).
 */

export const NEXT_PARAM = 'next';

/** A base no real address has, to resolve a path against and check that it stayed on it. */
const PROBE_ORIGIN = 'https://stacks.invalid';

/**
 * The same-site path `raw` names, or null when it is not one: it must begin with a single '/'
 * ('//evil' and '/\evil' are other hosts to a browser), hold no backslash, whitespace or control
 * character (URL parsers drop or reinterpret them: '/\t/evil' is '//evil'), and still be a path
 * of this origin once resolved ('/.//evil' resolves to '//evil'). 'https://…' and 'javascript:'
 * do not begin with '/'. The answer is the resolved path, query and fragment.
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  if (raw[0] !== '/' || raw[1] === '/' || raw[1] === '\\') return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? null : path;
}

/** The login address that comes back to `path` afterwards (plain /login when there is nowhere to come back to). */
export function loginPathFor(path: string | null | undefined): string {
  const next = safeRedirectPath(path);
  return next && next !== '/dashboard' ? `/login?${NEXT_PARAM}=${encodeURIComponent(next)}` : '/login';
}

/** The path `?next=` of `search` names when it is safe, else `fallback`. */
export function nextPathFrom(search: string, fallback = '/dashboard'): string {
  return safeRedirectPath(new URLSearchParams(search).get(NEXT_PARAM)) ?? fallback;
}
