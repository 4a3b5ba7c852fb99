import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { WebAuthnCredential, WebAuthnOptions } from '../../../shared/schemas/passkeys';

/** Whether this browser can create and use passkeys (WebAuthn); read at render, so tests can take it away. */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/**
 * Whether a WebAuthn ceremony ended because the person closed the browser's prompt, or it timed out
 * or was aborted: the browser reports all of these as NotAllowedError (or AbortError), and
 * @simplewebauthn/browser keeps that name on its own error (the original is its `cause`).
 */
export function ceremonyCancelled(error: unknown): boolean {
  const names = [(error as { name?: unknown } | null)?.name, ((error as { cause?: { name?: unknown } } | null)?.cause as { name?: unknown } | undefined)?.name];
  return names.some((name) => name === 'NotAllowedError' || name === 'AbortError');
}

/** The browser's part of a ceremony: the credential, or what to tell the person instead. */
export type PasskeyPrompt = { credential: WebAuthnCredential } | { problem: string };

/**
 * Shows the browser's passkey prompt for the server's options (making a passkey, or signing in
 * with one): a cancelled prompt answers `words.cancelled`, any other browser failure its message
 * (or `words.failed`). Errors of the server calls around it are the caller's.
 */
export async function passkeyPrompt(kind: 'register' | 'sign-in', optionsJSON: WebAuthnOptions, words: { cancelled: string; failed: string }): Promise<PasskeyPrompt> {
  try {
    // The JSON the server made for @simplewebauthn/browser; the shared schema only names its challenge.
    const credential =
      kind === 'register'
        ? await startRegistration({ optionsJSON: optionsJSON as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] })
        : await startAuthentication({ optionsJSON: optionsJSON as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
    return { credential: credential as WebAuthnCredential };
  } catch (failure) {
    if (ceremonyCancelled(failure)) return { problem: words.cancelled };
    console.error(`The passkey ${kind === 'register' ? 'could not be made' : 'sign-in failed'} in the browser`, failure);
    return { problem: failure instanceof Error && failure.message ? failure.message : words.failed };
  }
}
