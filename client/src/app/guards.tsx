import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { sessionEndReason, useToken } from '../lib/auth-token';
import { on } from '../lib/events';
import { markNavigation } from '../lib/navigation-clock';
import { loginPathFor, nextPathFrom } from '../lib/safe-redirect';

/**
 * Login required: a logged-out visitor goes to /login (also when the token disappears mid-visit).
 * The address they were on goes along as `?next=`, so login brings them back to it: a link opened
 * while signed out, or a session that expired. Not after the user's own Log Out: whoever logs in
 * next starts at the dashboard.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (token) return children;
  const back = sessionEndReason() === 'logout' ? null : `${location.pathname}${location.search}`;
  return <Navigate to={loginPathFor(back)} replace />;
}

/**
 * Login and register: a logged-in user (also one who goes back onto them) goes to /dashboard, or
 * to the same-site address `?next=` names.
 */
export function LoggedOutOnly({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  return token ? <Navigate to={nextPathFrom(location.search)} replace /> : children;
}

/** Any other address: to the dashboard when logged in, else to login. */
export function FallbackRedirect() {
  const token = useToken();
  return <Navigate to={token ? '/dashboard' : '/login'} replace />;
}

/** The page an address belongs to: '/dashboard/stacks/4' and '/dashboard/groups' are both 'dashboard'. */
const pageOf = (pathname: string) => pathname.split('/')[1] ?? '';

/**
 * Records navigation times (error overlay grace) and drops cached data of the previous user on
 * logout. Only a change of page counts as a navigation: moving between the dashboard's views
 * aborts no calls, so it must not hide a real failure for 5 s.
 */
export function SessionWatcher() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const page = pageOf(location.pathname);
  useEffect(() => markNavigation(), [page]);
  useEffect(() => on('logout', () => queryClient.clear()), [queryClient]);
  return null;
}
