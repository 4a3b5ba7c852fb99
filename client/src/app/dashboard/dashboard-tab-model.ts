import { ADMIN_VIEWS, parentView, pathOfRequest, pathOfView, routeOfPath, type DashboardEntryState, type MainView, type TransientRequest } from '../../lib/dashboard-paths';
import { transientKey } from './transient-tabs';

/* The dashboard's transient tabs as data, and the pure rules about them (use-dashboard-tabs.ts holds the state). */

export interface TransientTab {
  key: string;
  request: TransientRequest;
  /** Null while the detail loads: the tab is not shown yet. */
  label: string | null;
  /** The path of the view to go back to when the tab closes. */
  returnTo: string;
  /**
   * 'event': opened by an app event; its address is pushed once it has loaded (spec 1 §2: a tab
   * opens only then). 'address': the address named it first (a link, a reload, Back or Forward).
   */
  origin: 'event' | 'address';
  /** The type a stack opened as: openStack's 'stack' may turn out to be twisted, and its address then says so. */
  openedAs?: 'stack' | 'twisted';
}

/** A tab's address: a stack's names the type it opened as. */
export function tabPath(tab: Pick<TransientTab, 'request' | 'openedAs'>): string {
  const { request, openedAs } = tab;
  return pathOfRequest(request.kind === 'stack' && openedAs ? { ...request, stackType: openedAs } : request);
}

/** The open (or opening) tab that shows `request`: the same key, or the same address. */
export function findTab(tabs: TransientTab[], request: TransientRequest): TransientTab | undefined {
  const key = transientKey(request);
  const path = pathOfRequest(request);
  return tabs.find((tab) => tab.key === key || tabPath(tab) === path);
}

/** A message above the view: a detail that failed to load (with Retry) or is gone (without). */
export interface DashboardNotice {
  message: string;
  retry: TransientRequest | null;
}

/**
 * Whether `target` is already shown by `here`: /dashboard is /dashboard/stacks, and the console
 * without a section (its tab) is whichever section shows; another section is another view.
 */
export function sameView(target: { view: MainView; section?: string }, here: { view: MainView; section?: string }): boolean {
  return target.view === here.view && (target.section === undefined || target.section === here.section);
}

/**
 * The tab of a detail the address names that no open tab shows (a link, a reload, Back or Forward
 * to a closed tab): it loads while the address stays, and opens once loaded. None for one's own
 * profile, which is settings.
 */
export function addressedTab(request: TransientRequest, tabs: TransientTab[], meId: number | undefined, entry: DashboardEntryState): TransientTab | null {
  if (findTab(tabs, request)) return null;
  if (request.kind === 'user' && (meId === undefined || request.id === meId)) return null;
  // The address names the type: a stack found missing is gone, not tried as a twisted stack.
  const exact: TransientRequest = request.kind === 'stack' ? { ...request, exact: true } : request;
  return { key: transientKey(request), request: exact, label: null, returnTo: entry.from ?? pathOfView(parentView(request)), origin: 'address' };
}

/** Where closing `tab` goes: the view it returns to while that is still there, else the fixed view it belongs to. */
export function returnPath(tab: TransientTab, remaining: TransientTab[], isAdmin: boolean | undefined): string {
  const target = routeOfPath(tab.returnTo);
  const open =
    target !== null &&
    (target.kind === 'main' ? !ADMIN_VIEWS.includes(target.view) || isAdmin === true : remaining.some((t) => t.label !== null && findTab([t], target.request)));
  return open ? tab.returnTo : pathOfView(parentView(tab.request));
}
