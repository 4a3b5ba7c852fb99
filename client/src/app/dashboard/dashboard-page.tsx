import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { AppHeader } from '../../components/app-header';
import { ErrorBanner } from '../../components/error-banner';
import { useCurrentUser } from '../../lib/current-user';
import { emit, on, type AppEvents } from '../../lib/events';
import { useListFollowsCount, useRefreshNotifications, useUnreadCount } from '../../lib/notifications';
import { httpStatusOf } from '../../lib/trpc';
import { useNotificationsAutoOpen } from '../../features/notifications/auto-open';
import { BotDetailView } from '../../features/bots/bot-detail';
import { GroupDetailView } from '../../features/groups/group-detail';
import { GroupsTab } from '../../features/groups/groups-tab';
import { NotificationsPanel } from '../../features/notifications/notifications-panel';
import { ProfileView } from '../../features/profile/profile-view';
import { SettingsPanel } from '../../features/settings/settings-panel';
import { NewStackDialog } from '../../features/stacks/new-stack-dialog';
import { StackList } from '../../features/stacks/stack-list';
import { StackView } from '../../features/stacks/stack-view';
import { OnboardingTour } from '../../features/tour/onboarding-tour';
import { resetTour } from '../../features/tour/tour-storage';
import { UsersTab } from '../../features/users/users-tab';
import { DashboardHeader } from './header';
import { panelId, TabBar, tabId, type DashboardTab } from './tab-bar';
import { transientKey, transientLabel, type MainView, type TransientRequest, type TransientViewProps, type TransientViewRegistry } from './transient-tabs';

type MainTab = Exclude<MainView, 'settings'>;

const MAIN_TABS: { key: MainTab; label: string }[] = [
  { key: 'stacks', label: 'Stacks' },
  { key: 'groups', label: 'Groups' },
  { key: 'users', label: 'Users' },
];
/** Admins only (issue 15): the queue of reports, loaded when first shown. */
const ReportsQueue = lazy(() => import('../../features/reports/reports-queue').then((m) => ({ default: m.ReportsQueue })));
const ADMIN_TABS: { key: MainTab; label: string }[] = [{ key: 'reports', label: 'Reports' }];

/** A user's profile in a tab: labelled with the username once loaded (spec 1 §2). */
function ProfileTab({ request, onLoaded, onFailed, onClose, onLeave }: TransientViewProps<Extract<TransientRequest, { kind: 'user' }>>) {
  return (
    <ProfileView
      userId={request.id}
      onBack={onClose}
      onBlocked={() => onLeave('users')}
      onLoaded={(profile) => onLoaded(profile.username)}
      onNotFound={() => onLoaded(null)}
      onLoadFailed={() => onFailed('Failed to load user profile')}
    />
  );
}

/** A group's detail in a tab: labelled with the group name, or 'Group' (spec 1 §2). */
function GroupTab({ request, onLoaded, onFailed, onClose }: TransientViewProps<Extract<TransientRequest, { kind: 'group' }>>) {
  return (
    <GroupDetailView
      groupId={request.id}
      onLoaded={(name) => onLoaded(name)}
      onNotFound={() => onLoaded(null)}
      onLoadFailed={() => onFailed('Failed to load group profile')}
      onBack={onClose}
      onAddStack={(groupId) => emit('newStack', { mode: 'group', targetId: groupId })}
      onOpenUser={(userId) => emit('openUser', { userId })}
      onOpenBot={(botId) => emit('openBot', { botId })}
    />
  );
}

/**
 * A stack in a tab: opened as ordinary, else as twisted; labelled with its name's first 8
 * characters, after 'Twist: ' when it opened as a twisted stack.
 */
function StackTab({ request, onLoaded, onFailed, onClose }: TransientViewProps<Extract<TransientRequest, { kind: 'stack' }>>) {
  return <StackView id={request.id} type={request.stackType} onLoaded={(name, type) => onLoaded(name, type)} onLoadFailed={onFailed} onClose={onClose} />;
}

/** A bot's detail in a tab: labelled with the bot name (spec 1 §2). */
function BotTab({ request, onLoaded, onFailed, onClose }: TransientViewProps<Extract<TransientRequest, { kind: 'bot' }>>) {
  return (
    <BotDetailView
      botId={request.id}
      onLoaded={(name) => onLoaded(name)}
      onNotFound={() => onLoaded(null)}
      onLoadFailed={() => onFailed('Failed to load bot profile')}
      onBack={onClose}
      onOpenUser={(userId) => emit('openUser', { userId })}
      onOpenGroup={(groupId) => emit('openGroup', { groupId })}
    />
  );
}

/** Detail views by kind. */
const TRANSIENT_VIEWS: TransientViewRegistry = {
  user: ProfileTab,
  bot: BotTab,
  group: GroupTab,
  stack: StackTab,
};

interface TransientTab {
  key: string;
  request: TransientRequest;
  /** Null while the detail loads: the tab is not shown yet. */
  label: string | null;
  /** The view to go back to when the tab closes. */
  returnTo: string;
}

function isMainView(value: unknown): value is MainView {
  return value === 'stacks' || value === 'groups' || value === 'users' || value === 'reports' || value === 'settings';
}

/** Spec 1 §2 Dashboard: the header, the tabs (fixed and transient) and the current view. */
export function DashboardPage() {
  const me = useCurrentUser();
  const location = useLocation();
  const requestedTab = (location.state as { tab?: unknown } | null)?.tab;
  const [view, setView] = useState<string>(isMainView(requestedTab) ? requestedTab : 'stacks');
  const [tabs, setTabs] = useState<TransientTab[]>([]);
  const [failure, setFailure] = useState<{ message: string; request: TransientRequest } | null>(null);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const [tourRun, setTourRun] = useState(0);
  /** Null until the tour has decided whether it runs: the panel's automatic opening waits for it. */
  const [tourActive, setTourActive] = useState<boolean | null>(null);
  const [newStack, setNewStack] = useState<AppEvents['newStack'] | null>(null);
  const unread = useUnreadCount(me.isSuccess);
  const refreshNotifications = useRefreshNotifications();
  const meId = me.data?.id;

  useNotificationsAutoOpen(meId, unread.data?.unread_count, () => setNotificationsOpen(true), tourActive !== false);
  useListFollowsCount(unread.data?.unread_count);

  useEffect(() => {
    if (unread.isError) console.error('Failed to load the unread count', unread.error);
  }, [unread.isError, unread.error]);

  function openTransient(request: TransientRequest) {
    if (request.kind === 'user' && request.id === meId) {
      setView('settings');
      return;
    }
    setFailure(null);
    const key = transientKey(request);
    const existing = tabs.find((tab) => tab.key === key);
    if (existing) {
      if (existing.label !== null) setView(key);
      return;
    }
    setTabs((all) => [...all, { key, request, label: null, returnTo: view }]);
  }

  function closeTab(key: string, next?: string) {
    const tab = tabs.find((t) => t.key === key);
    const remaining = tabs.filter((t) => t.key !== key);
    setTabs(remaining);
    if (next) setView(next);
    else if (view === key) {
      const back = tab?.returnTo;
      setView(back && (isMainView(back) || remaining.some((t) => t.key === back && t.label !== null)) ? back : 'users');
    }
  }

  function tabLoaded(key: string, name: string | null, stackType?: 'stack' | 'twisted') {
    const tab = tabs.find((t) => t.key === key);
    if (!tab) return;
    const label = transientLabel(tab.request.kind, name, stackType ?? (tab.request.kind === 'stack' ? tab.request.stackType : undefined));
    if (tab.label === label) return;
    setTabs((all) => all.map((t) => (t.key === key ? { ...t, label } : t)));
    // Spec 1 §2: a transient tab opens only once its detail has loaded, and then it is shown.
    if (tab.label === null) setView(key);
  }

  function tabFailed(key: string, message: string) {
    const tab = tabs.find((t) => t.key === key);
    // A tab already open shows its own failure; a pending one never opens.
    if (!tab || tab.label !== null) return;
    setTabs((all) => all.filter((t) => t.key !== key));
    setFailure({ message, request: tab.request });
  }

  // Subscribed on every render so the handlers always see the current tabs and view.
  useEffect(() => {
    const offs = [
      on('navigateTab', ({ tab }) => setView(tab)),
      on('openUser', ({ userId }) => openTransient({ kind: 'user', id: userId })),
      on('openBot', ({ botId }) => openTransient({ kind: 'bot', id: botId })),
      on('openGroup', ({ groupId }) => openTransient({ kind: 'group', id: groupId })),
      on('openStack', ({ id, type }) => openTransient({ kind: 'stack', id, stackType: type })),
      on('notificationRefresh', () => void refreshNotifications()),
      on('newStack', (request) => setNewStack(request)),
    ];
    return () => offs.forEach((off) => off());
  });

  const showTourAgain = () => {
    resetTour();
    setTourRun((n) => n + 1);
  };

  if (me.isError) {
    const message = httpStatusOf(me.error) === 401 ? 'Authentication failed. Please log in again.' : 'Failed to load user data';
    return (
      <div className="min-h-screen bg-base-200">
        <AppHeader />
        <div role="alert" className="alert alert-error mx-auto mt-8 max-w-xl">
          <span>{message}</span>
          <button type="button" className="btn btn-sm" onClick={() => window.location.reload()}>
            Retry
          </button>
        </div>
      </div>
    );
  }

  const counts = unread.data;
  const mainTabs = me.data?.role === 'ADMIN' ? [...MAIN_TABS, ...ADMIN_TABS] : MAIN_TABS;
  const openTabs = tabs.filter((tab) => tab.label !== null);
  const barTabs: DashboardTab[] = [
    ...mainTabs.map((tab) => ({ key: tab.key, label: tab.label, closable: false, tourId: `tab-${tab.key}` })),
    ...openTabs.map((tab) => ({ key: tab.key, label: tab.label ?? '', closable: true })),
  ];
  const selectedTab = barTabs.some((tab) => tab.key === view) ? view : null;

  return (
    <div className="min-h-screen bg-base-200">
      <DashboardHeader
        unreadCount={counts?.unread_count ?? 0}
        hasRequests={(counts?.pending_friend_requests ?? 0) + (counts?.pending_group_requests ?? 0) > 0}
        onOpenNotifications={() => setNotificationsOpen(true)}
        onOpenSettings={() => setView('settings')}
      />
      <TabBar tabs={barTabs} selected={selectedTab} onSelect={setView} onClose={(key) => closeTab(key)} />
      <main id="dashboard-panel" className="mx-auto w-full max-w-7xl space-y-4 p-4 sm:px-6">
        {failure && (
          <ErrorBanner
            message={failure.message}
            onDismiss={() => setFailure(null)}
            onRetry={() => {
              const request = failure.request;
              setFailure(null);
              openTransient(request);
            }}
          />
        )}
        {me.isPending ? (
          <p className="text-center text-base-content/70">Loading...</p>
        ) : (
          <>
            {view === 'settings' && <SettingsPanel user={me.data} onShowTour={showTourAgain} />}
            {mainTabs.map((tab) => (
              <section key={tab.key} id={panelId(tab.key)} role="tabpanel" aria-labelledby={tabId(tab.key)} hidden={view !== tab.key}>
                {view === tab.key && tab.key === 'stacks' && <StackList onOpenStack={(id, type) => emit('openStack', { id, type })} />}
                {view === tab.key && tab.key === 'groups' && (
                  <>
                    <h1 className="sr-only">Groups</h1>
                    <GroupsTab onOpenGroup={(groupId) => openTransient({ kind: 'group', id: groupId })} />
                  </>
                )}
                {view === tab.key && tab.key === 'users' && (
                  <>
                    <h1 className="sr-only">Users</h1>
                    <UsersTab me={me.data} onOpenSettings={() => setView('settings')} />
                  </>
                )}
                {view === tab.key && tab.key === 'reports' && (
                  <Suspense fallback={<p className="text-center text-base-content/70">Loading...</p>}>
                    <ReportsQueue />
                  </Suspense>
                )}
              </section>
            ))}
            {tabs.map((tab) => {
              const View = TRANSIENT_VIEWS[tab.request.kind] as ComponentType<TransientViewProps>;
              return (
                <section
                  key={tab.key}
                  id={panelId(tab.key)}
                  role="tabpanel"
                  aria-labelledby={tab.label === null ? undefined : tabId(tab.key)}
                  hidden={view !== tab.key || tab.label === null}
                >
                  <View
                    request={tab.request}
                    onLoaded={(name, stackType) => tabLoaded(tab.key, name, stackType)}
                    onFailed={(message) => tabFailed(tab.key, message)}
                    onClose={() => closeTab(tab.key)}
                    onLeave={(next) => closeTab(tab.key, next)}
                  />
                </section>
              );
            })}
          </>
        )}
      </main>
      <NotificationsPanel open={notificationsOpen} onClose={() => setNotificationsOpen(false)} />
      {newStack && (
        <NewStackDialog
          key={`${newStack.mode}:${newStack.targetId ?? ''}`}
          mode={newStack.mode}
          open
          presetTargetId={newStack.targetId}
          onClose={() => setNewStack(null)}
          onCreated={(id) => {
            setNewStack(null);
            emit('openStack', { id, type: 'stack' });
          }}
        />
      )}
      <OnboardingTour userLoaded={me.isSuccess} onNavigate={(next) => setView(next)} forceStart={tourRun} onActiveChange={setTourActive} />
    </div>
  );
}
