import { startTransition, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  ADMIN_VIEWS,
  DASHBOARD_PATH,
  entryStateOf,
  isMainView,
  parentView,
  pathOfRequest,
  pathOfView,
  routeOfPath,
  type DashboardEntryState,
  type MainView,
  type TransientRequest,
} from '../../lib/dashboard-paths';
import { on } from '../../lib/events';
import { transientKey, transientLabel } from './transient-tabs';

/*
 * The dashboard's views and their addresses (docs/decisions/0036-addresses.md). The address
 * is the source of truth for which view shows: every way of moving (a tab, an app event, Back and
 * Forward, a reload, a link) changes the address, and the view follows it. What the address cannot
 * hold lives here: which transient tabs are open, their labels, and where each returns to.
 *
 * History: showing another view pushes an entry (opening a detail once it has loaded, selecting a
 * tab, settings); showing the view already shown adds nothing. Closing the shown tab goes back one
 * entry when that entry is the view it returns to (the tab was opened from there), else replaces its
 * entry with that view; closing a tab not shown leaves the address alone. Redirects (an address
 * that names nothing, a profile of one's own, a failure) replace.
 *
 * React Router applies a new address in a transition: each change of the tabs is made in one too,
 * so the tabs and the address change in the same render (never a closed tab's address without its
 * tab, which would open it again).
 */

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

interface Options {
  /** The current user's id, once loaded: their own profile is settings. */
  meId: number | undefined;
  /** Whether the current user may see Reports and the admin console; undefined until known. */
  isAdmin: boolean | undefined;
}

/**
 * Whether `target` is already shown by `here`: /dashboard is /dashboard/stacks, and the console
 * without a section (its tab) is whichever section shows; another section is another view.
 */
function sameView(target: { view: MainView; section?: string }, here: { view: MainView; section?: string }): boolean {
  return target.view === here.view && (target.section === undefined || target.section === here.section);
}

export function useDashboardTabs({ meId, isAdmin }: Options) {
  const location = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<TransientTab[]>([]);
  const [notice, setNotice] = useState<DashboardNotice | null>(null);
  /**
   * A tab closed by going back one entry: the browser moves a moment later, and until then the
   * address still names the closed tab. Meanwhile the view it returns to shows.
   */
  const [closing, setClosing] = useState<{ locationKey: string; to: string } | null>(null);
  /** The tabs whose address was pushed when they first loaded: a second 'loaded' before the re-render pushes nothing. */
  const revealed = useRef(new Set<string>());

  // Once the browser has moved, the closing is over: were it kept, coming Forward to that entry again would show the wrong view.
  if (closing !== null && closing.locationKey !== location.key) setClosing(null);

  const currentPath = location.pathname;
  const route = routeOfPath(closing?.locationKey === location.key ? closing.to : currentPath);
  const entry = entryStateOf(location.state);
  const addressTab = route?.kind === 'detail' ? addressedTab(route.request) : null;
  /** The open tabs, and the one the address names while it loads (it joins them once it has loaded). */
  const allTabs = addressTab ? [...tabs, addressTab] : tabs;
  const routeTab = route?.kind === 'detail' ? findTab(allTabs, route.request) : undefined;
  /** The key of the view shown: a main view, a loaded tab's key, or null while the addressed detail loads. */
  const shown: string | null = route === null ? null : route.kind === 'main' ? route.view : routeTab?.label != null ? routeTab.key : null;

  /**
   * The tab of a detail the address names that no open tab shows (a link, a reload, Back or Forward
   * to a closed tab): it loads while the address stays, and opens once loaded. None for one's own
   * profile, which is settings.
   */
  function addressedTab(request: TransientRequest): TransientTab | null {
    if (findTab(tabs, request)) return null;
    if (request.kind === 'user' && (meId === undefined || request.id === meId)) return null;
    // The address names the type: a stack found missing is gone, not tried as a twisted stack.
    const exact: TransientRequest = request.kind === 'stack' ? { ...request, exact: true } : request;
    return { key: transientKey(request), request: exact, label: null, returnTo: entry.from ?? pathOfView(parentView(request)), origin: 'address' };
  }

  /** Whether the address names `tab` (it is shown, or loading to be shown). */
  const isAddressed = (tab: TransientTab) => route?.kind === 'detail' && findTab([tab], route.request) !== undefined;

  /** Shows the view at `path`: nothing when it shows already, else a new entry (or this one replaced). */
  function go(path: string, options: { replace?: boolean; from?: string } = {}) {
    const target = routeOfPath(path);
    const here = routeOfPath(currentPath);
    if (path === currentPath || (target?.kind === 'main' && here?.kind === 'main' && sameView(target, here))) return;
    const state: DashboardEntryState | undefined = options.from ? { from: options.from } : undefined;
    navigate(path, { replace: options.replace, state });
  }

  function showView(view: MainView, options: { replace?: boolean } = {}) {
    go(pathOfView(view), options);
  }

  /** The tab bar's choice: a main view, or an open tab. */
  function selectTab(key: string) {
    if (isMainView(key)) return showView(key);
    const tab = tabs.find((t) => t.key === key);
    if (tab) go(tabPath(tab));
  }

  /** The openUser, openBot, openGroup and openStack events (and Retry): the tab opens once the detail has loaded. */
  function openTransient(request: TransientRequest) {
    if (request.kind === 'user' && request.id === meId) return showView('settings');
    setNotice(null);
    const existing = findTab(tabs, request);
    if (existing) {
      if (existing.label === null) return;
      const path = tabPath(existing);
      if (path === currentPath) return;
      // Opened again from here: closing it now comes back here.
      setTabs((all) => all.map((tab) => (tab.key === existing.key ? { ...tab, returnTo: currentPath } : tab)));
      return go(path, { from: currentPath });
    }
    const tab: TransientTab = { key: transientKey(request), request, label: null, returnTo: currentPath, origin: 'event' };
    revealed.current.delete(tab.key);
    setTabs((all) => (findTab(all, request) ? all : [...all, tab]));
  }

  /** Where closing `tab` goes: the view it returns to while that is still there, else the fixed view it belongs to. */
  function returnPath(tab: TransientTab, remaining: TransientTab[]): string {
    const target = routeOfPath(tab.returnTo);
    const open =
      target !== null &&
      (target.kind === 'main' ? !ADMIN_VIEWS.includes(target.view) || isAdmin === true : remaining.some((t) => t.label !== null && findTab([t], target.request)));
    return open ? tab.returnTo : pathOfView(parentView(tab.request));
  }

  /** Close, Back, or a detail that left (`next`: blocking returns to the Users tab, spec 1 §4). */
  function closeTab(key: string, next?: MainView) {
    const tab = allTabs.find((t) => t.key === key);
    if (!tab) return;
    const remaining = tabs.filter((t) => t.key !== key);
    setTabs(remaining);
    if (!isAddressed(tab)) return;
    if (next) return void navigate(pathOfView(next), { replace: true });
    const back = returnPath(tab, remaining);
    // This entry was pushed from `back` (the entry before it): going back there leaves no dead entry.
    if (entry.from === back) {
      setClosing({ locationKey: location.key, to: back });
      void navigate(-1);
    } else {
      void navigate(back, { replace: true });
    }
  }

  function tabLoaded(key: string, name: string | null, stackType?: 'stack' | 'twisted') {
    const tab = allTabs.find((t) => t.key === key);
    if (!tab) return;
    const inState = tab !== addressTab;
    const openedAs = tab.request.kind === 'stack' ? (stackType ?? tab.openedAs ?? tab.request.stackType) : undefined;
    const label = transientLabel(tab.request.kind, name, openedAs);
    const path = tabPath({ request: tab.request, openedAs });
    const firstLoad = tab.label === null && !revealed.current.has(key);
    if (firstLoad) revealed.current.add(key);
    // openStack's 'stack' that turned out to be a twisted stack already open in a tab: that tab it is.
    const twin = tabs.find((t) => t.key !== key && t.label !== null && tabPath(t) === path);
    if (twin) {
      if (inState) setTabs((all) => all.filter((t) => t.key !== key));
      if (firstLoad && tab.origin === 'event') go(path, { from: currentPath });
      return;
    }
    if (!inState) setTabs((all) => (all.some((t) => t.key === key) ? all : [...all, { ...tab, label, openedAs }]));
    else if (tab.label !== label || tab.openedAs !== openedAs) setTabs((all) => all.map((t) => (t.key === key ? { ...t, label, openedAs } : t)));
    // Spec 1 §2: a transient tab opens only once its detail has loaded, and then it is shown.
    if (firstLoad && tab.origin === 'event') go(path, { from: currentPath });
  }

  /** A detail that failed to load: its tab never opens; the notice offers Retry. */
  function tabFailed(key: string, message: string) {
    const tab = allTabs.find((t) => t.key === key);
    // A tab already open shows its own failure; a pending one never opens.
    if (!tab || tab.label !== null) return;
    const remaining = tabs.filter((t) => t.key !== key);
    setTabs(remaining);
    setNotice({ message, retry: tab.request });
    // The address named it: the view it returns to shows under the notice.
    if (isAddressed(tab)) void navigate(returnPath(tab, remaining), { replace: true });
  }

  /** A detail that is gone for good (a deleted stack): its tab closes and the notice says so, without Retry. */
  function tabGone(key: string, message: string) {
    if (!allTabs.some((t) => t.key === key)) return;
    setNotice({ message, retry: null });
    closeTab(key);
  }

  /** Addresses to correct once the user is known: Reports and the console are for admins; one's own profile is settings. */
  const correctAddress = useEffectEvent(() => {
    if (route?.kind === 'main' && ADMIN_VIEWS.includes(route.view) && isAdmin === false) void navigate(DASHBOARD_PATH, { replace: true });
    if (route?.kind === 'detail' && route.request.kind === 'user' && route.request.id === meId) void navigate(pathOfView('settings'), { replace: true });
  });
  useEffect(() => correctAddress(), [location.key, meId, isAdmin]);

  // The spec's window events move the address like the tab bar does.
  const onNavigateTab = useEffectEvent((view: MainView) => showView(view));
  const onOpen = useEffectEvent((request: TransientRequest) => startTransition(() => openTransient(request)));
  useEffect(() => {
    const offs = [
      on('navigateTab', ({ tab }) => onNavigateTab(tab)),
      on('openUser', ({ userId }) => onOpen({ kind: 'user', id: userId })),
      on('openBot', ({ botId }) => onOpen({ kind: 'bot', id: botId })),
      on('openGroup', ({ groupId }) => onOpen({ kind: 'group', id: groupId })),
      on('openStack', ({ id, type }) => onOpen({ kind: 'stack', id, stackType: type })),
    ];
    return () => offs.forEach((off) => off());
  }, []);

  /** The same function, its updates made in one transition with the navigation it starts. */
  const together =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) =>
      startTransition(() => fn(...args));

  return {
    /** The address read; null when it names nothing (the page redirects to /dashboard). */
    route,
    tabs: allTabs,
    shown,
    /** The address names a detail that is still loading. */
    loadingDetail: route?.kind === 'detail' && shown === null,
    notice,
    dismissNotice: () => setNotice(null),
    showView,
    selectTab,
    openTransient: together(openTransient),
    closeTab: together(closeTab),
    tabLoaded: together(tabLoaded),
    tabFailed: together(tabFailed),
    tabGone: together(tabGone),
  };
}
