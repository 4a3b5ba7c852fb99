import { useEffect, useState } from 'react';
import { on } from '../../lib/events';
import { useCurrentUser } from '../../lib/current-user';
import { httpStatusOf } from '../../lib/trpc';
import { SettingsPanel } from '../settings/settings-panel';
import { DashboardHeader } from './header';

type MainTab = 'stacks' | 'groups' | 'users';
type View = MainTab | 'settings';

const MAIN_TABS: { key: MainTab; label: string }[] = [
  { key: 'stacks', label: 'Stacks' },
  { key: 'groups', label: 'Groups' },
  { key: 'users', label: 'Users' },
];

/** Spec 1 §2 Dashboard: the header, the tabs and the current tab's content. */
export function DashboardPage() {
  const me = useCurrentUser();
  const [view, setView] = useState<View>('stacks');

  useEffect(() => on('navigateTab', ({ tab }) => setView(tab)), []);

  if (me.isError) {
    const message = httpStatusOf(me.error) === 401 ? 'Authentication failed. Please log in again.' : 'Failed to load user data';
    return (
      <div className="min-h-screen bg-base-200">
        <DashboardHeader />
        <div role="alert" className="alert alert-error mx-auto mt-8 max-w-xl">
          <span>{message}</span>
          <button type="button" className="btn btn-sm" onClick={() => window.location.reload()}>
            Retry
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-base-200">
      <DashboardHeader onOpenSettings={() => setView('settings')} />
      <div role="tablist" aria-label="Dashboard" className="tabs tabs-border bg-base-100 px-2">
        {MAIN_TABS.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={view === tab.key}
            className={`tab ${view === tab.key ? 'tab-active' : ''}`}
            onClick={() => setView(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <main className="p-4">
        {me.isPending ? (
          <p className="text-center opacity-70">Loading...</p>
        ) : view === 'settings' ? (
          <SettingsPanel user={me.data} />
        ) : (
          <section role="tabpanel" aria-label={MAIN_TABS.find((t) => t.key === view)?.label} className="mx-auto max-w-5xl">
            <p className="opacity-70">Welcome, {me.data.username}.</p>
          </section>
        )}
      </main>
    </div>
  );
}
