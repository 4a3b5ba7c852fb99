import { useEffect, useRef, type KeyboardEvent } from 'react';

export interface DashboardTab {
  key: string;
  label: string;
  /** A transient tab: it gets a 'Close {label}' button beside it. */
  closable: boolean;
  /** The onboarding tour's anchor. */
  tourId?: string;
}

const domId = (key: string) => key.replace(/[^A-Za-z0-9_-]/g, '-');
/** The id of a tab, which its panel names in aria-labelledby. */
export const tabId = (key: string) => `tab-${domId(key)}`;
/** The id of a tab's panel, which the tab names in aria-controls. */
export const panelId = (key: string) => `panel-${domId(key)}`;

interface TabBarProps {
  tabs: DashboardTab[];
  /** The selected tab's key; null (settings) selects none. */
  selected: string | null;
  onSelect(key: string): void;
  onClose(key: string): void;
  /**
   * Whether the panels are on the page. They are not while the signed-in user is still loading (a
   * slow network, or offline: docs/pwa.md); a tab then names no panel (aria-controls must name an
   * element that exists).
   */
  panelsShown?: boolean;
}

/**
 * The dashboard's tabs (spec 1 §2) by the WAI-ARIA tabs pattern: one tab stop (the selected tab),
 * arrow keys, Home and End move and select. The tablist holds only its tabs: a transient tab's close
 * button is a sibling outside it (a button inside a tablist or a tab is invalid), placed beside its
 * tab by flex order. The bar scrolls sideways on a phone, and keeps the selected tab in view.
 */
export function TabBar({ tabs, selected, onSelect, onClose, panelsShown = true }: TabBarProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterClose = useRef(false);
  const selectedIndex = tabs.findIndex((tab) => tab.key === selected);
  // With no tab selected (settings), the first tab is the way into the list.
  const tabStop = selectedIndex >= 0 ? selected : (tabs[0]?.key ?? null);

  // At 375 px the bar scrolls sideways: the tab that becomes selected is brought into view.
  useEffect(() => {
    if (selected !== null) buttons.current.get(selected)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  // A closed tab's button is gone with it: focus goes to the tab shown now, not to the page.
  useEffect(() => {
    if (!focusAfterClose.current) return;
    focusAfterClose.current = false;
    if (tabStop !== null) buttons.current.get(tabStop)?.focus();
  }, [tabs.length, tabStop]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = tabs[next].key;
    onSelect(key);
    buttons.current.get(key)?.focus();
  }

  return (
    <div className="flex flex-nowrap items-stretch overflow-x-auto border-b border-base-300 bg-base-100 px-2" data-testid="tab-bar">
      <div role="tablist" aria-label="Dashboard" className="contents">
        {tabs.map((tab, index) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) buttons.current.set(tab.key, element);
                else buttons.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={isSelected}
              aria-controls={panelsShown ? panelId(tab.key) : undefined}
              tabIndex={tab.key === tabStop ? 0 : -1}
              style={{ order: index * 2 }}
              className={`relative flex min-h-10 max-w-56 shrink-0 scroll-mt-20 items-center py-1 text-left text-sm leading-tight wrap-anywhere outline-offset-[-4px] focus-visible:outline-2 focus-visible:outline-current ${
                tab.closable ? 'pl-3 pr-1' : 'px-3'
              } ${
                isSelected
                  ? 'font-semibold text-base-content after:absolute after:inset-x-2 after:bottom-0 after:h-[3px] after:rounded-full after:bg-current'
                  : 'text-base-content/80 hover:text-base-content'
              }`}
              onClick={() => onSelect(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              data-tour={tab.tourId}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, index) =>
        tab.closable ? (
          <button
            key={tab.key}
            type="button"
            className="btn btn-ghost btn-xs btn-circle mr-1 shrink-0 self-center"
            style={{ order: index * 2 + 1 }}
            aria-label={`Close ${tab.label}`}
            title={`Close ${tab.label}`}
            onClick={() => {
              focusAfterClose.current = true;
              onClose(tab.key);
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null,
      )}
    </div>
  );
}
