import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTRPC } from '../../lib/trpc';
import { FormSubmit, TextField } from './auth-card';
import { loginFailure } from './login-failure';

interface LoginSecondStepProps {
  /** The login's MfaChallenge token: not an access token; it is good for one sign-in within 5 minutes. */
  mfaToken: string;
  /** Called with the access token once the code is accepted. */
  onSignedIn(accessToken: string): void;
  /** Back to the password form. */
  onBack(): void;
}

/**
 * The second step of a sign-in with two-factor sign-in on (docs/two-factor.md): a code from the
 * authenticator app or a recovery code, sent with the login's mfa_token (POST /v1/auth/login/mfa).
 * The field takes focus as the step replaces the password form, so typing can go on at once.
 */
export function LoginSecondStep({ mfaToken, onSignedIn, onBack }: LoginSecondStepProps) {
  const trpc = useTRPC();
  const verify = useMutation(trpc.auth.loginMfa.mutationOptions());
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => codeRef.current?.focus(), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const { access_token } = await verify.mutateAsync({ mfa_token: mfaToken, code });
      onSignedIn(access_token);
    } catch (failure) {
      setError(loginFailure(failure));
      codeRef.current?.select();
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="Two-factor sign-in">
      <p id="second-step-hint">Enter the code from your authenticator app, or one of your recovery codes.</p>
      <TextField
        ref={codeRef}
        label="Code"
        id="mfa_code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        aria-describedby="second-step-hint"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <FormSubmit failure={error} busy={verify.isPending} label="Verify" busyLabel="Verifying..." />
      <div className="text-center">
        {/* The page's link colour: daisyUI's btn-link primary falls short of 4.5:1 on the dark card. */}
        <button type="button" className="link text-sm" onClick={onBack} disabled={verify.isPending}>
          Back
        </button>
      </div>
    </form>
  );
}
