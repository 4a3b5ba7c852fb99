import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { SECURITY } from '../../../shared/limits';
import type { TokenResponse } from '../../../shared/schemas/auth';
import { PASSKEYS, type AddPasskeyInput, type Passkey, type WebAuthnCredential, type WebAuthnOptions } from '../../../shared/schemas/passkeys';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { badRequest, conflict, notFound, unauthorized } from '../../errors';
import { consumeOrRefuse, releaseAttempt, reserveAttempt, type Limit } from '../../rate-limit/rate-limit.service';
import type { AppDeps } from '../../trpc/context';
import * as users from '../users/users.service';
import { hashSecret } from './auth.tokens';
import { insertChallenge, takeChallenge } from './challenges.repo';
import * as repo from './passkeys.repo';
import { signedIn, type SignInRequest } from './sign-in';

/**
 * Passkeys (docs/passkeys.md), with @simplewebauthn/server: discoverable WebAuthn credentials,
 * verified with user verification, so a passkey sign-in counts as two factors (something held,
 * and the PIN or biometric that unlocked it). The relying party is APP_URL: its host name is the
 * rp id, its origin the only one accepted. Each ceremony's challenge is stored (hashed) for 5
 * minutes and used once; the response names it in its clientDataJSON.
 */

const RP_NAME = 'Stacks';


export function relyingParty(config: Pick<AppConfig, 'appUrl'>): { rpID: string; origin: string } {
  const url = new URL(config.appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The WebAuthn user handle of an account (base64url): its id's digits, no personal data. */
const userHandleOf = (userId: number) => Buffer.from(String(userId)).toString('base64url');

const CHALLENGE_EXPIRED = 'The passkey request has expired. Please try again.';
const challengeExpired = () => badRequest('PASSKEY_CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
const refused = () => badRequest('PASSKEY_REFUSED', 'The passkey could not be verified');
const signInRefused = () => unauthorized('The passkey could not be verified', 'PASSKEY_REFUSED');

/** The challenge a response answers (from its clientDataJSON), or undefined when that cannot be read. */
function challengeOf(credential: WebAuthnCredential): string | undefined {
  try {
    const challenge = decodeClientDataJSON(credential.response.clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

function toPasskey(row: { id: number; name: string; created_at: Date; last_used_at: Date | null }): Passkey {
  return { id: row.id, name: row.name, created_at: toIso(row.created_at), last_used_at: row.last_used_at ? toIso(row.last_used_at) : null };
}

export async function list(db: Db, userId: number): Promise<{ items: Passkey[] }> {
  const rows = await repo.listPasskeys(db, userId, PASSKEYS.perUser);
  return { items: rows.map(toPasskey) };
}

const tooMany = () => conflict('PASSKEY_LIMIT', `You can have at most ${PASSKEYS.perUser} passkeys`);

/** Options to make a new passkey for the signed-in account (its existing ones excluded). */
export async function registrationOptions({ db, config }: AppDeps, user: { id: number; username: string }): Promise<WebAuthnOptions> {
  await consumeOrRefuse(db, { key: `passkey-register:user:${user.id}`, max: SECURITY.passkeyRegistrationOptionsPerUser, windowSeconds: SECURITY.abuseWindowSeconds });
  const existing = await repo.listPasskeys(db, user.id, PASSKEYS.perUser);
  if (existing.length >= PASSKEYS.perUser) throw tooMany();
  const { rpID } = relyingParty(config);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.username,
    userID: Buffer.from(userHandleOf(user.id), 'base64url'),
    attestationType: 'none',
    timeout: PASSKEYS.challengeTtlSeconds * 1000,
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await insertChallenge(db, { purpose: 'passkey_register', tokenHash: hashSecret(options.challenge), userId: user.id, ttlSeconds: PASSKEYS.challengeTtlSeconds });
  return options as unknown as WebAuthnOptions;
}

/** Verifies a new passkey against its options' challenge and keeps it under the given name. */
export async function add({ db, config }: AppDeps, userId: number, input: AddPasskeyInput): Promise<Passkey> {
  const challenge = challengeOf(input.response);
  if (!challenge || !(await takeChallenge(db, 'passkey_register', hashSecret(challenge), userId))) throw challengeExpired();
  const { rpID, origin } = relyingParty(config);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    throw refused();
  }
  if (!verification.verified) throw refused();
  const { credential } = verification.registrationInfo;
  try {
    return await db.transaction().execute(async (trx) => {
      await repo.lockAccount(trx, userId);
      if ((await repo.countPasskeys(trx, userId)) >= PASSKEYS.perUser) throw tooMany();
      const row = await repo.insertPasskey(trx, {
        user_id: userId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      });
      return toPasskey(row);
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict('PASSKEY_EXISTS', 'This passkey is already registered');
    throw error;
  }
}

export async function remove(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.deletePasskey(db, userId, id))) throw notFound('Passkey not found', 'PASSKEY_NOT_FOUND');
}

/** Options to sign in with any passkey of this site: discoverable, so no username is asked. */
export async function signInOptions({ db, config }: AppDeps, ip: string): Promise<WebAuthnOptions> {
  await consumeOrRefuse(db, { key: `passkey-sign-in:ip:${ip}`, max: SECURITY.passkeySignInOptionsPerIp, windowSeconds: SECURITY.abuseWindowSeconds });
  const options = await generateAuthenticationOptions({ rpID: relyingParty(config).rpID, userVerification: 'required', timeout: PASSKEYS.challengeTtlSeconds * 1000 });
  await insertChallenge(db, { purpose: 'passkey_sign_in', tokenHash: hashSecret(options.challenge), userId: null, ttlSeconds: PASSKEYS.challengeTtlSeconds });
  return options as unknown as WebAuthnOptions;
}

/**
 * Signs in with a passkey: the challenge is used up first, then the credential is looked up by its
 * id and its signature and counter verified. Failures count against the IP like wrong passwords;
 * every failure answers the same 401, so it never tells whether a credential id is known.
 */
export async function signIn({ db, config }: AppDeps, response: WebAuthnCredential, request: SignInRequest): Promise<TokenResponse> {
  const limits: Limit[] = [{ key: `passkey:ip:${request.ip}`, max: SECURITY.passkeyFailuresPerIp, windowSeconds: SECURITY.loginWindowSeconds }];
  await reserveAttempt(db, limits);
  const challenge = challengeOf(response);
  if (!challenge || !(await takeChallenge(db, 'passkey_sign_in', hashSecret(challenge)))) throw unauthorized(CHALLENGE_EXPIRED, 'PASSKEY_CHALLENGE_EXPIRED');
  const passkey = await repo.findByCredentialId(db, response.id);
  const user = passkey ? await users.findSignInUser(db, passkey.user_id) : undefined;
  if (!passkey || !user?.is_active) throw signInRefused();
  // A discoverable credential names its account too (the user handle we gave it): both must agree.
  if (response.response.userHandle !== undefined && response.response.userHandle !== userHandleOf(user.id)) throw signInRefused();
  const { rpID, origin } = relyingParty(config);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: passkey.credential_id, publicKey: new Uint8Array(passkey.public_key), counter: passkey.counter, transports: passkey.transports as never },
      requireUserVerification: true,
    });
  } catch {
    throw signInRefused();
  }
  if (!verification.verified) throw signInRefused();
  await repo.recordUse(db, passkey.id, verification.authenticationInfo.newCounter);
  await releaseAttempt(db, limits);
  return signedIn(db, config.jwtSecret, user, request, 'passkey');
}
