/*
 * The dashboard's addresses (docs/decisions/0036-addresses.md): every view has a path, and
 * the path says which view is shown. This module is the one place that maps a view to its path and
 * back; the dashboard, the share link and the route guards use it.
 */

/** The dashboard's fixed views: the three tabs (and Reports and Admin for admins) and settings. */
export type MainView = 'stacks' | 'groups' | 'users' | 'reports' | 'admin' | 'settings';

/** The views for admins only: anyone else who opens one is sent to /dashboard, as for an unknown view. */
export const ADMIN_VIEWS: readonly MainView[] = ['reports', 'admin'];

/** The admin console's sections (docs/admin.md), each at /dashboard/admin/{section}; /dashboard/admin shows the first. */
export const ADMIN_SECTIONS = ['codes', 'users', 'bots', 'notes', 'audit'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** What a transient tab shows (spec 1 §2): opened by the openUser, openBot, openGroup and openStack events. */
export type TransientRequest =
  | { kind: 'user'; id: number }
  | { kind: 'bot'; id: number }
  | { kind: 'group'; id: number }
  | {
      kind: 'stack';
      id: number;
      stackType: 'stack' | 'twisted';
      /**
       * The type is certain (the address named it): no fallback to a twisted stack of the same id
       * when the ordinary stack is not found (spec 1 §2's fallback is for the openStack event).
       */
      exact?: boolean;
    };
export type TransientKind = TransientRequest['kind'];

/** A dashboard address read: a fixed view, or a detail in a transient tab. */
export type DashboardRoute = { kind: 'main'; view: MainView; section?: AdminSection } | { kind: 'detail'; request: TransientRequest };

export const DASHBOARD_PATH = '/dashboard';

const MAIN_VIEWS: readonly MainView[] = ['stacks', 'groups', 'users', 'reports', 'admin', 'settings'];

/** The path segment of each detail kind; a stack's segment names its type. */
const DETAIL_SEGMENT = { user: 'users', bot: 'bots', group: 'groups', stack: 'stacks', twisted: 'twisted' } as const;

/** Ids are positive 32-bit integers, written canonically (no sign, no leading zero). */
const ID = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2_147_483_647;

/**
 * The route patterns under /dashboard, for the app's route table (client/src/app/app.tsx): one per
 * view. `routeOfPath` reads them; an id that is not canonical is refused there.
 */
export const DASHBOARD_ROUTE_PATTERNS: readonly string[] = [
  ...MAIN_VIEWS,
  ...ADMIN_SECTIONS.map((section) => `admin/${section}`),
  ...Object.values(DETAIL_SEGMENT).map((segment) => `${segment}/:id`),
];

export function isMainView(value: unknown): value is MainView {
  return typeof value === 'string' && (MAIN_VIEWS as readonly string[]).includes(value);
}

export function isAdminSection(value: unknown): value is AdminSection {
  return typeof value === 'string' && (ADMIN_SECTIONS as readonly string[]).includes(value);
}

/**
 * Reads a path: `/dashboard` (the Stacks tab), `/dashboard/{view}`, `/dashboard/admin/{section}`, or `/dashboard/{kind}/{id}`.
 * Anything else under /dashboard (an unknown segment, a bad id, a deeper path) is null.
 */
export function routeOfPath(pathname: string): DashboardRoute | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === DASHBOARD_PATH) return { kind: 'main', view: 'stacks' };
  const match = /^\/dashboard\/([a-z]+)(?:\/([^/]+))?$/.exec(path);
  if (!match) return null;
  const [, segment, rawId] = match;
  if (rawId === undefined) return isMainView(segment) ? { kind: 'main', view: segment } : null;
  if (segment === 'admin') return isAdminSection(rawId) ? { kind: 'main', view: 'admin', section: rawId } : null;
  if (!ID.test(rawId) || Number(rawId) > MAX_ID) return null;
  const id = Number(rawId);
  switch (segment) {
    case DETAIL_SEGMENT.user:
      return { kind: 'detail', request: { kind: 'user', id } };
    case DETAIL_SEGMENT.bot:
      return { kind: 'detail', request: { kind: 'bot', id } };
    case DETAIL_SEGMENT.group:
      return { kind: 'detail', request: { kind: 'group', id } };
    case DETAIL_SEGMENT.stack:
      return { kind: 'detail', request: { kind: 'stack', id, stackType: 'stack' } };
    case DETAIL_SEGMENT.twisted:
      return { kind: 'detail', request: { kind: 'stack', id, stackType: 'twisted' } };
    default:
      return null;
  }
}

export function pathOfView(view: MainView): string {
  return `${DASHBOARD_PATH}/${view}`;
}

export function pathOfRequest(request: TransientRequest): string {
  const segment = request.kind === 'stack' ? DETAIL_SEGMENT[request.stackType === 'twisted' ? 'twisted' : 'stack'] : DETAIL_SEGMENT[request.kind];
  return `${DASHBOARD_PATH}/${segment}/${request.id}`;
}

/** A section of the admin console. */
export function pathOfAdminSection(section: AdminSection): string {
  return `${pathOfView('admin')}/${section}`;
}

export function pathOfRoute(route: DashboardRoute): string {
  if (route.kind === 'detail') return pathOfRequest(route.request);
  return route.view === 'admin' && route.section ? pathOfAdminSection(route.section) : pathOfView(route.view);
}

/** The path of a stack or twisted stack's detail. */
export const stackPath = (id: number, type: 'stack' | 'twisted') => pathOfRequest({ kind: 'stack', id, stackType: type });

/**
 * The fixed view a detail belongs to, where its tab returns when nothing else is known (it was
 * opened by its address: a link, a reload): stacks to Stacks, groups to Groups, people and bots to
 * Users (bots are listed there).
 */
export function parentView(request: TransientRequest): MainView {
  switch (request.kind) {
    case 'stack':
      return 'stacks';
    case 'group':
      return 'groups';
    case 'user':
    case 'bot':
      return 'users';
  }
}

/** The history entry state the dashboard pushes with a detail it opened: the path it was opened from. */
export interface DashboardEntryState {
  from?: string;
}

export function entryStateOf(state: unknown): DashboardEntryState {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && routeOfPath(from) !== null ? { from } : {};
}
