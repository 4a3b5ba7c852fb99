import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useToken } from '../lib/auth-token';
import { on } from '../lib/events';
import { markNavigation } from '../lib/navigation-clock';

/** Login required: a logged-out visitor goes to /login (also when the token disappears mid-visit). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  return token ? children : <Navigate to="/login" replace />;
}

/** Login and register: a logged-in user (also one who goes back onto them) goes to /dashboard. */
export function LoggedOutOnly({ children }: { children: ReactNode }) {
  const token = useToken();
  return token ? <Navigate to="/dashboard" replace /> : children;
}

/** Any other address: to the dashboard when logged in, else to login. */
export function FallbackRedirect() {
  const token = useToken();
  return <Navigate to={token ? '/dashboard' : '/login'} replace />;
}

/** Records navigation times (error overlay grace) and drops cached data of the previous user on logout. */
export function SessionWatcher() {
  const location = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => markNavigation(), [location.pathname]);
  useEffect(() => on('logout', () => queryClient.clear()), [queryClient]);
  return null;
}
