import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import { AppHeader } from '../../components/app-header';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingNote } from '../../components/query-state';
import type { CurrentUser } from '../../../../shared/schemas/users';
import { useCurrentUser } from '../../lib/current-user';
import { ADMIN_SECTIONS, DASHBOARD_PATH, type AdminSection } from '../../lib/dashboard-paths';
import { emit, on, type AppEvents } from '../../lib/events';
import { useListFollowsCount, useRefreshNotifications, useUnreadCount } from '../../lib/notifications';
import { httpStatusOf } from '../../lib/trpc';
import { useNotificationsAutoOpen } from '../../features/notifications/auto-open';
import { BotDetailView } from '../../features/bots/bot-detail';
import { GroupDetailView } from '../../features/groups/group-detail';
import { GroupsTab } from '../../features/groups/groups-tab';
import { NotificationsPanel } from '../../features/notifications/notifications-panel';
import { ProfileView } from '../../features/profile/profile-view';
import { PushControls } from '../../features/push/push-controls';
import { SettingsPanel } from '../../features/settings/settings-panel';
import { NewStackDialog } from '../../features/stacks/new-stack-dialog';
import { StackList } from '../../features/stacks/stack-list';
import { StackView } from '../../features/stacks/stack-view';
import { OnboardingTour } from '../../features/tour/onboarding-tour';
import { resetTour } from '../../features/tour/tour-storage';
import { UsersTab } from '../../features/users/users-tab';
import { DashboardHeader } from './header';
import { panelId, TabBar, tabId, type DashboardTab } from './tab-bar';
import { type MainView, type TransientRequest, type TransientViewProps, type TransientViewRegistry } from './transient-tabs';
import { useDashboardTabs } from './use-dashboard-tabs';

type MainTab = Exclude<MainView, 'settings'>;

const MAIN_TABS: { key: MainTab; label: string }[] = [
  { key: 'stacks', label: 'Stacks' },
  { key: 'groups', label: 'Groups' },
  { key: 'users', label: 'Users' },
];
/** Admins only (docs/reports.md): the queue of reports, loaded when first shown. */
const ReportsQueue = lazy(() => import('../../features/reports/reports-queue').then((m) => ({ default: m.ReportsQueue })));
/** Admins only (docs/admin.md): registration codes, users, bots, release notes and the audit log, loaded when first shown. */
const AdminConsole = lazy(() => import('../../features/admin/admin-console').then((m) => ({ default: m.AdminConsole })));
const ADMIN_TABS: { key: MainTab; label: string }[] = [
  { key: 'reports', label: 'Reports' },
  { key: 'admin', label: 'Admin' },
];

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
function StackTab({ request, onLoaded, onFailed, onGone, onClose }: TransientViewProps<Extract<TransientRequest, { kind: 'stack' }>>) {
  return (
    <StackView
      id={request.id}
      type={request.stackType}
      exactType={request.exact}
      onLoaded={(name, type) => onLoaded(name, type)}
      onLoadFailed={onFailed}
      onGone={onGone}
      onClose={onClose}
    />
  );
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

/** Spec 1 §2 Dashboard: the header, the tabs (fixed and transient) and the current view. */
export function DashboardPage() {
  const me = useCurrentUser();
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const [tourRun, setTourRun] = useState(0);
  /** Null until the tour has decided whether it runs: the panel's automatic opening waits for it. */
  const [tourActive, setTourActive] = useState<boolean | null>(null);
  const [newStack, setNewStack] = useState<AppEvents['newStack'] | null>(null);
  const unread = useUnreadCount(me.isSuccess);
  const refreshNotifications = useRefreshNotifications();
  const meId = me.data?.id;
  const isAdmin = me.data ? me.data.role === 'ADMIN' : undefined;
  const dashboard = useDashboardTabs({ meId, isAdmin });
  const { tabs, shown: view, notice } = dashboard;

  useNotificationsAutoOpen(meId, unread.data?.unread_count, () => setNotificationsOpen(true), tourActive !== false);
  useListFollowsCount(unread.data?.unread_count);

  useEffect(() => {
    if (unread.isError) console.error('Failed to load the unread count', unread.error);
  }, [unread.isError, unread.error]);

  // Events the dashboard itself answers; the navigation events are the tabs hook's.
  useEffect(() => {
    const offs = [on('notificationRefresh', () => void refreshNotifications()), on('newStack', (request) => setNewStack(request))];
    return () => offs.forEach((off) => off());
  }, [refreshNotifications]);

  const showTourAgain = () => {
    resetTour();
    setTourRun((n) => n + 1);
  };

  // An address under /dashboard that names no view.
  if (dashboard.route === null) return <Navigate to={DASHBOARD_PATH} replace />;

  if (me.isError) return <UserLoadFailure error={me.error} />;

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
        onOpenSettings={() => dashboard.showView('settings')}
      />
      <TabBar tabs={barTabs} selected={selectedTab} onSelect={dashboard.selectTab} onClose={(key) => dashboard.closeTab(key)} panelsShown={!me.isPending} />
      <main id="dashboard-panel" className="mx-auto w-full max-w-7xl space-y-4 p-4 sm:px-6">
        {notice && (
          <ErrorBanner
            message={notice.message}
            onDismiss={dashboard.dismissNotice}
            onRetry={
              notice.retry
                ? () => {
                    const request = notice.retry!;
                    dashboard.dismissNotice();
                    dashboard.openTransient(request);
                  }
                : undefined
            }
          />
        )}
        {me.isPending ? (
          <LoadingNote />
        ) : (
          <>
            {/* The address names a detail still loading (a link, a reload): its tab opens once it has. */}
            {dashboard.loadingDetail && <LoadingNote />}
            {view === 'settings' && <SettingsPanel user={me.data} onShowTour={showTourAgain} pushDeviceControls={<PushControls />} />}
            <MainPanels tabs={mainTabs} view={view} me={me.data} dashboard={dashboard} adminSection={dashboard.route?.kind === 'main' ? dashboard.route.section : undefined} />
            <TransientPanels tabs={tabs} view={view} dashboard={dashboard} />
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
      <OnboardingTour userLoaded={me.isSuccess} onNavigate={(next) => dashboard.showView(next, { replace: true })} forceStart={tourRun} onActiveChange={setTourActive} />
    </div>
  );
}

/** Spec 1 §8: the current user could not be loaded; Retry reloads the page. */
function UserLoadFailure({ error }: { error: unknown }) {
  const message = httpStatusOf(error) === 401 ? 'Authentication failed. Please log in again.' : 'Failed to load user data';
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

type Dashboard = ReturnType<typeof useDashboardTabs>;

/** The fixed tabs' panels; only the shown one is mounted. */
function MainPanels({
  tabs,
  view,
  me,
  dashboard,
  adminSection,
}: {
  tabs: { key: MainTab; label: string }[];
  view: string | null;
  me: CurrentUser;
  dashboard: Dashboard;
  adminSection: AdminSection | undefined;
}) {
  return tabs.map((tab) => (
    <section key={tab.key} id={panelId(tab.key)} role="tabpanel" aria-labelledby={tabId(tab.key)} hidden={view !== tab.key}>
      {view === tab.key && tab.key === 'stacks' && <StackList onOpenStack={(id, type) => emit('openStack', { id, type })} />}
      {view === tab.key && tab.key === 'groups' && (
        <>
          <h1 className="sr-only">Groups</h1>
          <GroupsTab onOpenGroup={(groupId) => dashboard.openTransient({ kind: 'group', id: groupId })} />
        </>
      )}
      {view === tab.key && tab.key === 'users' && (
        <>
          <h1 className="sr-only">Users</h1>
          <UsersTab me={me} onOpenSettings={() => dashboard.showView('settings')} />
        </>
      )}
      {view === tab.key && tab.key === 'reports' && (
        <Suspense fallback={<LoadingNote />}>
          <ReportsQueue />
        </Suspense>
      )}
      {view === tab.key && tab.key === 'admin' && (
        <Suspense fallback={<LoadingNote />}>
          <AdminConsole section={adminSection ?? ADMIN_SECTIONS[0]} meId={me.id} />
        </Suspense>
      )}
    </section>
  ));
}

/** The open details' panels (profiles, groups, bots, stacks); a tab shows once its detail has loaded. */
function TransientPanels({ tabs, view, dashboard }: { tabs: Dashboard['tabs']; view: string | null; dashboard: Dashboard }) {
  return tabs.map((tab) => {
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
          onLoaded={(name, stackType) => dashboard.tabLoaded(tab.key, name, stackType)}
          onFailed={(message) => dashboard.tabFailed(tab.key, message)}
          onGone={(message) => dashboard.tabGone(tab.key, message)}
          onClose={() => dashboard.closeTab(tab.key)}
          onLeave={(next) => dashboard.closeTab(tab.key, next)}
        />
      </section>
    );
  });
}
