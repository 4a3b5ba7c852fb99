import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard, FormSubmit, TextField } from './auth-card';
import { sessionEndReason, SESSION_EXPIRED_MESSAGE, storeToken } from '../../lib/auth-token';
import { nextPathFrom } from '../../lib/safe-redirect';
import { useTRPC } from '../../lib/trpc';
import { loginFailure } from './login-failure';
import { LoginSecondStep } from './login-second-step';
import { PasskeySignIn } from './passkey-sign-in';

/**
 * Spec 1 §2 Login. After login the app goes to /dashboard, or to the same-site address `?next=`
 * names (a link opened while signed out, the view a session expired on). A session the server ended
 * (401) is explained above the form; the user's own Log Out is not. With two-factor sign-in on, the
 * password answers a challenge and the form gives way to the code step; a passkey signs in alone.
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
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const cameBack = useRef(false);

  // Back from the code step: the password is asked again, so it takes the focus.
  useEffect(() => {
    if (mfaToken === null && cameBack.current) passwordRef.current?.focus();
  }, [mfaToken]);

  function signedIn(accessToken: string) {
    storeToken(accessToken);
    navigate(nextPathFrom(location.search), { replace: true });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const answer = await login.mutateAsync({ username_or_email: usernameOrEmail, password });
      if ('mfa_required' in answer) setMfaToken(answer.mfa_token);
      else signedIn(answer.access_token);
    } catch (failure) {
      setError(loginFailure(failure));
    }
  }

  function backToPassword() {
    cameBack.current = true;
    setMfaToken(null);
    setPassword('');
  }

  if (mfaToken !== null) {
    return (
      <AuthCard title="Login">
        <LoginSecondStep mfaToken={mfaToken} onSignedIn={signedIn} onBack={backToPassword} />
      </AuthCard>
    );
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
        <TextField ref={passwordRef} label="Password" id="password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <FormSubmit failure={error} busy={login.isPending} label="Login" busyLabel="Logging in..." />
      </form>
      <PasskeySignIn onSignedIn={signedIn} />
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
