import { browserSupportsWebAuthn } from '@simplewebauthn/browser';

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
