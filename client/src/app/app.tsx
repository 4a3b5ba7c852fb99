import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ConnectionStatus } from './connection-status';
import { ServerErrorOverlay } from './server-error-overlay';
import { UpdatePrompt } from './update-prompt';
import { LoadingNote } from '../components/query-state';
import { LoginPage } from '../features/auth/login-page';
import { DASHBOARD_ROUTE_PATTERNS } from '../lib/dashboard-paths';
import { LiveEvents } from './live-events';
import { FallbackRedirect, LoggedOutOnly, RequireAuth, SessionWatcher } from './guards';
import { Providers } from './providers';
import { PushSession } from '../features/push/push-session';

// Pages a visitor may never open are loaded on demand, keeping the first bundle small.
const RegisterPage = lazy(() => import('../features/auth/register-page').then((m) => ({ default: m.RegisterPage })));
const RegistrationCompletePage = lazy(() =>
  import('../features/auth/registration-complete-page').then((m) => ({ default: m.RegistrationCompletePage })),
);
const VerifyEmailPage = lazy(() => import('../features/auth/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const DashboardPage = lazy(() => import('./dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const ProfilePage = lazy(() => import('../features/profile/profile-page').then((m) => ({ default: m.ProfilePage })));
const TermsPage = lazy(() => import('../features/legal/terms-page').then((m) => ({ default: m.TermsPage })));
const UnsubscribePage = lazy(() => import('../features/settings/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })));
const RulesPage = lazy(() => import('../features/legal/rules-page').then((m) => ({ default: m.RulesPage })));

/** The route table of spec 1 §2, with its guards; the dashboard's views have addresses under /dashboard (docs/addresses.md). */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingNote className="p-8 text-center opacity-70" />}>
      <SessionWatcher />
      <LiveEvents />
      <PushSession />
      <Routes>
        <Route path="/" element={<Navigate to="/login" replace />} />
        <Route path="/login" element={<LoggedOutOnly><LoginPage /></LoggedOutOnly>} />
        <Route path="/register" element={<LoggedOutOnly><RegisterPage /></LoggedOutOnly>} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/registration-complete" element={<RegistrationCompletePage />} />
        <Route path="/terms-of-service" element={<TermsPage />} />
        <Route path="/rules" element={<RulesPage />} />
        {/* A notification mail's unsubscribe link: public, changes nothing until its button is pressed (docs/notification-settings.md). */}
        <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
        {/* /dashboard and every view's address under it (docs/addresses.md): one page, the address picks the view. */}
        <Route path="/dashboard" element={<RequireAuth><DashboardPage /></RequireAuth>}>
          <Route index element={null} />
          {DASHBOARD_ROUTE_PATTERNS.map((pattern) => <Route key={pattern} path={pattern} element={null} />)}
        </Route>
        <Route path="/users/:userId" element={<RequireAuth><ProfilePage /></RequireAuth>} />
        <Route path="*" element={<FallbackRedirect />} />
      </Routes>
      <ServerErrorOverlay />
      <ConnectionStatus />
      <UpdatePrompt />
    </Suspense>
  );
}

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
