import { startTransition, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { entryStateOf, isMainView, pathOfView, routeOfPath, type DashboardEntryState, type MainView, type TransientRequest } from '../../lib/dashboard-paths';
import { addressedTab, findTab, returnPath, sameView, tabPath, type DashboardNotice, type TransientTab } from './dashboard-tab-model';
import { tabReports } from './tab-reports';
import { transientKey } from './transient-tabs';
import { useDashboardEvents } from './use-dashboard-events';

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

interface Options {
  /** The current user's id, once loaded: their own profile is settings. */
  meId: number | undefined;
  /** Whether the current user may see Reports and the admin console; undefined until known. */
  isAdmin: boolean | undefined;
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
  const addressTab = route?.kind === 'detail' ? addressedTab(route.request, tabs, meId, entry) : null;
  /** The open tabs, and the one the address names while it loads (it joins them once it has loaded). */
  const allTabs = addressTab ? [...tabs, addressTab] : tabs;
  const routeTab = route?.kind === 'detail' ? findTab(allTabs, route.request) : undefined;
  /** The key of the view shown: a main view, a loaded tab's key, or null while the addressed detail loads. */
  const shown: string | null = route === null ? null : route.kind === 'main' ? route.view : routeTab?.label != null ? routeTab.key : null;

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

  /** Close, Back, or a detail that left (`next`: blocking returns to the Users tab, spec 1 §4). */
  function closeTab(key: string, next?: MainView) {
    const tab = allTabs.find((t) => t.key === key);
    if (!tab) return;
    const remaining = tabs.filter((t) => t.key !== key);
    setTabs(remaining);
    if (!isAddressed(tab)) return;
    if (next) return void navigate(pathOfView(next), { replace: true });
    const back = returnPath(tab, remaining, isAdmin);
    // This entry was pushed from `back` (the entry before it): going back there leaves no dead entry.
    if (entry.from === back) {
      setClosing({ locationKey: location.key, to: back });
      void navigate(-1);
    } else {
      void navigate(back, { replace: true });
    }
  }

  const reports = tabReports({ tabs, allTabs, addressTab, revealed: revealed.current, currentPath, isAdmin, setTabs, setNotice, go, navigate, isAddressed, closeTab });
  useDashboardEvents({ route, meId, isAdmin, locationKey: location.key, navigate, showView, openTransient });

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
    tabLoaded: together(reports.tabLoaded),
    tabFailed: together(reports.tabFailed),
    tabGone: together(reports.tabGone),
  };
}
