import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { passkeyPrompt, passkeysSupported } from '../../lib/passkey-ceremony';
import { useTRPC } from '../../lib/trpc';
import { loginFailure } from './login-failure';

export const PASSKEY_CANCELLED = 'The passkey sign-in was cancelled.';

/**
 * "Sign in with a passkey" under the login form (docs/passkeys.md): the server's request options,
 * the browser's passkey prompt (discoverable credentials: no username is asked), then the signed
 * answer back for a token. Shown only where the browser has WebAuthn.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn(accessToken: string): void }) {
  const trpc = useTRPC();
  const options = useMutation(trpc.passkeys.signInOptions.mutationOptions());
  const signIn = useMutation(trpc.passkeys.signIn.mutationOptions());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [supported] = useState(passkeysSupported);
  if (!supported) return null;

  async function run() {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const prompt = await passkeyPrompt('sign-in', await options.mutateAsync(), { cancelled: PASSKEY_CANCELLED, failed: 'The passkey sign-in failed.' });
      if ('problem' in prompt) {
        setError(prompt.problem);
        return;
      }
      const { access_token } = await signIn.mutateAsync({ response: prompt.credential });
      onSignedIn(access_token);
    } catch (failure) {
      setError(loginFailure(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 space-y-3">
      <div className="divider my-0 text-sm text-base-content/70">or</div>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      {/* Not disabled while the prompt is up: after a cancel the focus is still on it, to try again. */}
      <button type="button" className="btn btn-outline w-full" onClick={() => void run()} aria-busy={busy}>
        {busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </button>
    </div>
  );
}
