import type { Dispatch, SetStateAction } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import { returnPath, tabPath, type DashboardNotice, type TransientTab } from './dashboard-tab-model';
import { transientLabel } from './transient-tabs';

/** What the dashboard's tab state gives the handlers of what a detail reports (use-dashboard-tabs.ts). */
export interface TabReportContext {
  tabs: TransientTab[];
  allTabs: TransientTab[];
  addressTab: TransientTab | null;
  /** The tabs whose address was pushed when they first loaded. */
  revealed: Set<string>;
  currentPath: string;
  isAdmin: boolean | undefined;
  setTabs: Dispatch<SetStateAction<TransientTab[]>>;
  setNotice(notice: DashboardNotice | null): void;
  go(path: string, options?: { replace?: boolean; from?: string }): void;
  navigate: NavigateFunction;
  isAddressed(tab: TransientTab): boolean;
  closeTab(key: string): void;
}

/**
 * What a detail in a tab reports back: it loaded (its tab opens, spec 1 §2), it failed to load (its
 * tab never opens; the notice offers Retry), or it is gone for good (its tab closes). Plain
 * functions over the current render's state, made again each render as the hook's own are.
 */
export function tabReports(context: TabReportContext) {
  const { tabs, allTabs, addressTab, revealed, currentPath, isAdmin, setTabs, setNotice, go, navigate, isAddressed, closeTab } = context;

  function tabLoaded(key: string, name: string | null, stackType?: 'stack' | 'twisted') {
    const tab = allTabs.find((t) => t.key === key);
    if (!tab) return;
    const inState = tab !== addressTab;
    const openedAs = tab.request.kind === 'stack' ? (stackType ?? tab.openedAs ?? tab.request.stackType) : undefined;
    const label = transientLabel(tab.request.kind, name, openedAs);
    const path = tabPath({ request: tab.request, openedAs });
    const firstLoad = tab.label === null && !revealed.has(key);
    if (firstLoad) revealed.add(key);
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
    if (isAddressed(tab)) void navigate(returnPath(tab, remaining, isAdmin), { replace: true });
  }

  /** A detail that is gone for good (a deleted stack): its tab closes and the notice says so, without Retry. */
  function tabGone(key: string, message: string) {
    if (!allTabs.some((t) => t.key === key)) return;
    setNotice({ message, retry: null });
    closeTab(key);
  }

  return { tabLoaded, tabFailed, tabGone };
}

