import { startTransition, useEffect, useEffectEvent } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import { ADMIN_VIEWS, DASHBOARD_PATH, pathOfView, type DashboardRoute, type MainView, type TransientRequest } from '../../lib/dashboard-paths';
import { on } from '../../lib/events';

interface DashboardEventsOptions {
  route: DashboardRoute | null;
  meId: number | undefined;
  isAdmin: boolean | undefined;
  locationKey: string;
  navigate: NavigateFunction;
  showView(view: MainView): void;
  openTransient(request: TransientRequest): void;
}

/**
 * The dashboard's two effects: addresses corrected once the user is known (Reports and the console
 * are for admins; one's own profile is settings), and the spec's window events, which move the
 * address like the tab bar does. Both read the latest render's state (`useEffectEvent`).
 */
export function useDashboardEvents({ route, meId, isAdmin, locationKey, navigate, showView, openTransient }: DashboardEventsOptions) {
  const correctAddress = useEffectEvent(() => {
    if (route?.kind === 'main' && ADMIN_VIEWS.includes(route.view) && isAdmin === false) void navigate(DASHBOARD_PATH, { replace: true });
    if (route?.kind === 'detail' && route.request.kind === 'user' && route.request.id === meId) void navigate(pathOfView('settings'), { replace: true });
  });
  useEffect(() => correctAddress(), [locationKey, meId, isAdmin]);

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
}
