import { z } from 'zod';
import { Id } from './common';

/**
 * Passkeys (docs/passkeys.md): WebAuthn credentials, discoverable, so signing in needs no
 * username. A passkey sign-in counts as two factors. The options and responses are the JSON forms
 * of WebAuthn's PublicKeyCredential*Options and PublicKeyCredential, as @simplewebauthn/browser
 * makes and reads them.
 */

export const PASSKEYS = {
  /** Passkeys one account may hold. */
  perUser: 10,
  nameMax: 60,
  /** A ceremony must finish within this many seconds of its options. */
  challengeTtlSeconds: 5 * 60,
  /** Bounds of a response's short fields (transport names, the attachment) and of its transports list. */
  shortFieldMax: 32,
  transportsMax: 10,
} as const;

export const Passkey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable().describe('The last sign-in with it; null before the first.'),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof Passkey>;

export const PasskeyList = z.object({ items: z.array(Passkey) }).meta({ id: 'PasskeyList' });

const b64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*$/, 'Not base64url');

/** WebAuthn options as JSON (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON). */
export const WebAuthnOptions = z
  .looseObject({ challenge: z.string().describe('Single use; expires after 5 minutes.') })
  .describe('Pass to startRegistration / startAuthentication of @simplewebauthn/browser (or navigator.credentials).')
  .meta({ id: 'WebAuthnOptions' });
export type WebAuthnOptions = z.infer<typeof WebAuthnOptions>;

/** A PublicKeyCredential as JSON (RegistrationResponseJSON or AuthenticationResponseJSON). */
export const WebAuthnCredential = z
  .object({
    id: b64url(1024),
    rawId: b64url(1024),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: b64url(4096),
      attestationObject: b64url(16_384).optional(),
      authenticatorData: b64url(4096).optional(),
      signature: b64url(4096).optional(),
      userHandle: b64url(1024).optional(),
      transports: z.array(z.string().max(PASSKEYS.shortFieldMax)).max(PASSKEYS.transportsMax).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url(4096).optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(PASSKEYS.shortFieldMax).optional(),
  })
  .meta({ id: 'WebAuthnCredential' });
export type WebAuthnCredential = z.infer<typeof WebAuthnCredential>;

export const PasskeyName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PASSKEYS.nameMax, `Name must be no more than ${PASSKEYS.nameMax} characters`);

export const AddPasskeyInput = z.object({ name: PasskeyName, response: WebAuthnCredential });
export type AddPasskeyInput = z.infer<typeof AddPasskeyInput>;

export const PasskeySignInInput = z.object({ response: WebAuthnCredential });
export type PasskeySignInInput = z.infer<typeof PasskeySignInInput>;

export const PasskeyIdInput = z.object({ id: Id });
