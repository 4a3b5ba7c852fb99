import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard, FormSubmit, TextField } from './auth-card';
import { sessionEndReason, SESSION_EXPIRED_MESSAGE, storeToken } from '../../lib/auth-token';
import { retryAfterSeconds, waitInWords } from '../../lib/retry-after';
import { nextPathFrom } from '../../lib/safe-redirect';
import { errorDetail, httpStatusOf, useTRPC } from '../../lib/trpc';

/**
 * Spec 1 §8: the server's detail, or 'Login failed'. A throttled login (429) says how long to wait,
 * from its Retry-After.
 */
function loginFailure(failure: unknown): string {
  const wait = httpStatusOf(failure) === 429 ? retryAfterSeconds(failure) : undefined;
  if (wait !== undefined) return `Too many attempts. Try again in ${waitInWords(wait)}.`;
  return errorDetail(failure) ?? 'Login failed';
}

/**
 * Spec 1 §2 Login. After login the app goes to /dashboard, or to the same-site address `?next=`
 * names (a link opened while signed out, the view a session expired on). A session the server ended
 * (401) is explained above the form; the user's own Log Out is not.
 */
export function LoginPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const location = useLocation();
  const [expired] = useState(() => sessionEndReason() === 'expired');
  const login = useMutation(trpc.auth.login.mutationOptions());
  const [usernameOrEmail, setUsernameOrEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const { access_token } = await login.mutateAsync({ username_or_email: usernameOrEmail, password });
      storeToken(access_token);
      navigate(nextPathFrom(location.search), { replace: true });
    } catch (failure) {
      setError(loginFailure(failure));
    }
  }

  return (
    <AuthCard title="Login">
      {expired && (
        <p role="alert" className="alert alert-warning alert-soft mb-3">
          {SESSION_EXPIRED_MESSAGE}
        </p>
      )}
      <form onSubmit={onSubmit} className="space-y-3">
        <TextField
          label="Username or email"
          id="username_or_email"
          name="username_or_email"
          autoComplete="username"
          required
          value={usernameOrEmail}
          onChange={(e) => setUsernameOrEmail(e.target.value)}
        />
        <TextField label="Password" id="password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <FormSubmit failure={error} busy={login.isPending} label="Login" busyLabel="Logging in..." />
      </form>
      <div className="mt-2 flex flex-col items-center gap-1 text-sm">
        <Link className="link" to="/reset-password">
          Forgot username or password?
        </Link>
        <Link className="link link-primary" to="/register">
          Create an account
        </Link>
        <Link className="link" to="/terms-of-service" target="_blank" rel="noopener">
          Terms of Service
        </Link>
      </div>
    </AuthCard>
  );
}
