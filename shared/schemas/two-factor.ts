import { z } from 'zod';
import { TokenResponse } from './auth';

/**
 * Two-factor sign-in (docs/two-factor.md): a TOTP code from an authenticator app (RFC 6238), or
 * one of ten single-use recovery codes, asked after the password.
 */

export const TWO_FACTOR = {
  /** Recovery codes made at a time; each works once. */
  recoveryCodes: 10,
  /** A sign-in's second step must come within this many seconds of its password. */
  mfaTokenTtlSeconds: 5 * 60,
  /** Longest code accepted (a recovery code with spaces); longest mfa_token (they are 43 characters). */
  codeMax: 32,
  mfaTokenMax: 200,
} as const;

/** The answer to an unknown, expired or used mfa_token. */
export const MFA_EXPIRED_MESSAGE = 'The sign-in has expired. Please log in again.';

/** A six-digit TOTP code, or a recovery code (`xxxxx-xxxxx`); spaces and dashes are ignored. */
export const SecondFactorCode = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(TWO_FACTOR.codeMax, 'Incorrect code')
  .describe('A six-digit code from the authenticator app, or one of the recovery codes.');

export const CodeInput = z.object({ code: SecondFactorCode });
export type CodeInput = z.infer<typeof CodeInput>;

export const TwoFactorStatus = z
  .object({
    enabled: z.boolean().describe('Sign-in asks for a code after the password.'),
    recovery_codes_left: z.number().int().describe('Unused recovery codes (0 when two-factor sign-in is off).'),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorSetup = z
  .object({
    secret: z.string().describe('The base32 secret, for typing into an app by hand.'),
    otpauth_url: z.string().describe('The otpauth:// address the QR code holds.'),
    qr_code: z.string().describe('The QR code of `otpauth_url`, as a data: URL of an SVG image.'),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

export const RecoveryCodes = z
  .object({ recovery_codes: z.array(z.string()).describe('Shown this once: only their hashes are kept. Each works once.') })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** What POST /v1/auth/login answers instead of a token when the account has two-factor sign-in on. */
export const MfaChallenge = z
  .object({
    mfa_required: z.literal(true),
    mfa_token: z.string().describe('Send it with a code to POST /v1/auth/login/mfa within 5 minutes. It is not an access token.'),
  })
  .meta({ id: 'MfaChallenge' });
export type MfaChallenge = z.infer<typeof MfaChallenge>;

export const LoginResponse = z.union([TokenResponse, MfaChallenge]).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const LoginMfaInput = z.object({
  mfa_token: z.string({ error: MFA_EXPIRED_MESSAGE }).min(1, MFA_EXPIRED_MESSAGE).max(TWO_FACTOR.mfaTokenMax, MFA_EXPIRED_MESSAGE),
  code: SecondFactorCode,
});
export type LoginMfaInput = z.infer<typeof LoginMfaInput>;
