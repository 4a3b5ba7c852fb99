import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { SECURITY } from '../../../shared/limits';
import type { TokenResponse } from '../../../shared/schemas/auth';
import { MFA_EXPIRED_MESSAGE as MFA_EXPIRED, TWO_FACTOR, type LoginMfaInput, type MfaChallenge, type RecoveryCodes, type TwoFactorSetup, type TwoFactorStatus } from '../../../shared/schemas/two-factor';
import type { Db } from '../../db/client';
import { badRequest, conflict, unauthorized } from '../../errors';
import { consumeOrRefuse, releaseAttempt, reserveAttempt, resetLimit, type Limit } from '../../rate-limit/rate-limit.service';
import type { AppDeps } from '../../trpc/context';
import * as users from '../users/users.service';
import { hashSecret, newSecret } from './auth.tokens';
import { findChallenge, insertChallenge, takeChallenge } from './challenges.repo';
import { signedIn, type SignInRequest } from './sign-in';
import * as repo from './two-factor.repo';

/**
 * Two-factor sign-in (docs/two-factor.md): TOTP codes (RFC 6238, otplib) and single-use recovery
 * codes. A code is accepted once: a TOTP code only for a later time step than the last accepted
 * (a replay in the same 30 s window is refused), a recovery code only while unused. Wrong codes
 * count against the same kind of limits as wrong passwords.
 */

const ISSUER = 'Stacks';
/** One 30-second step either side of now: a phone's clock a little off still works. */
const EPOCH_TOLERANCE_SECONDS = 30;
/** Recovery codes: 10 characters of a 32-letter alphabet without look-alikes (50 bits), shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const INCORRECT_CODE = 'Incorrect code';


/** Spaces and dashes are only for reading: `ABCDE-FGHIJ`, `abcde fghij` and `abcdefghij` are one code. */
const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Limits on wrong codes, tightest first, as login's: a stranger elsewhere cannot lock the owner out. */
function codeLimits(userId: number, ip: string): Limit[] {
  const windowSeconds = SECURITY.loginWindowSeconds;
  return [
    { key: `code:user-ip:${userId}:${ip}`, max: SECURITY.codeFailuresPerAccountAndIp, windowSeconds },
    { key: `code:ip:${ip}`, max: SECURITY.codeFailuresPerIp, windowSeconds },
    { key: `code:user:${userId}`, max: SECURITY.codeFailuresPerAccount, windowSeconds },
  ];
}

/** Checks a six-digit code against a secret and uses its time step up; false when wrong or replayed. */
async function acceptTotp(db: Db, userId: number, secret: string, lastStep: number, code: string): Promise<boolean> {
  if (!/^[0-9]{6}$/.test(code)) return false;
  const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS, afterTimeStep: lastStep });
  return result.valid && 'timeStep' in result && (await repo.advanceStep(db, userId, result.timeStep));
}

type CodeOwner = { id: number; secret: string; lastStep: number };

/** Whether `rawCode` is a right code of the account (TOTP, or an unused recovery code when `recovery`), using it up if so. */
async function acceptCode(db: Db, user: CodeOwner, rawCode: string, recovery: boolean): Promise<boolean> {
  const code = normalise(rawCode);
  if (await acceptTotp(db, user.id, user.secret, user.lastStep, code)) return true;
  return recovery && code.length === 10 && repo.useRecoveryCode(db, user.id, hashSecret(code));
}

/**
 * Runs `attempt` (which answers whether the code was right) under the code limits: the attempt is
 * reserved first, a wrong code keeps it, a right one gives it back and forgives this IP's earlier
 * slips. An attempt that throws before judging the code (`attempt` throws) gives its place back.
 * Throws `wrong()` for a wrong code.
 */
async function underCodeLimits(db: Db, userId: number, ip: string, wrong: () => Error, attempt: () => Promise<boolean>): Promise<void> {
  const limits = codeLimits(userId, ip);
  await reserveAttempt(db, limits);
  let accepted: boolean;
  try {
    accepted = await attempt();
  } catch (error) {
    if (!(error instanceof WrongCode)) await releaseAttempt(db, limits);
    throw error instanceof WrongCode ? wrong() : error;
  }
  if (!accepted) throw wrong();
  await resetLimit(db, limits[0].key);
  await releaseAttempt(db, limits.slice(1));
}

/** Thrown inside a transaction to roll it back for a wrong code (underCodeLimits answers it as `wrong()`). */
class WrongCode extends Error {}

/** Checks a code (TOTP, or a recovery code when `recovery` is allowed) under the code limits; throws `wrong()` for a wrong code. */
function checkCode(db: Db, user: CodeOwner, rawCode: string, ip: string, options: { recovery: boolean; wrong: () => Error }): Promise<void> {
  return underCodeLimits(db, user.id, ip, options.wrong, () => acceptCode(db, user, rawCode, options.recovery));
}

const wrongCode = () => badRequest('INVALID_CODE', INCORRECT_CODE);
const alreadyOn = () => conflict('TWO_FACTOR_ON', 'Two-factor sign-in is already on');
const notOn = () => conflict('TWO_FACTOR_OFF', 'Two-factor sign-in is off');

/** The enabled secret of an account, or 409 when two-factor sign-in is off. */
async function enabledSecret(db: Db, userId: number) {
  const totp = await repo.findTotp(db, userId);
  if (!totp?.enabled_at) throw notOn();
  return { id: userId, secret: totp.secret, lastStep: totp.last_step };
}

async function freshRecoveryCodes(db: Db, userId: number): Promise<RecoveryCodes> {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, newRecoveryCode);
  await repo.replaceRecoveryCodes(db, userId, codes.map((code) => hashSecret(normalise(code))));
  return { recovery_codes: codes };
}

export async function status(db: Db, userId: number): Promise<TwoFactorStatus> {
  const enabled = await repo.isTotpEnabled(db, userId);
  return { enabled, recovery_codes_left: enabled ? await repo.unusedRecoveryCodes(db, userId) : 0 };
}

/**
 * Starts turning two-factor sign-in on: a new secret, kept unconfirmed until a code from the app
 * proves it was scanned. Asking again replaces the unconfirmed secret (a new QR code).
 */
export async function setup(db: Db, user: { id: number; username: string }): Promise<TwoFactorSetup> {
  if (await repo.isTotpEnabled(db, user.id)) throw alreadyOn();
  await consumeOrRefuse(db, { key: `totp-setup:user:${user.id}`, max: SECURITY.totpSetupsPerUser, windowSeconds: SECURITY.abuseWindowSeconds });
  const secret = generateSecret();
  // Two calls racing with an enable: the enabled secret is never replaced.
  if (!(await repo.savePendingSecret(db, user.id, secret))) throw alreadyOn();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.username, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: otpauthUrl, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Turns two-factor sign-in on with a code from the app; answers the recovery codes, once. */
export async function confirm(db: Db, userId: number, code: string, ip: string): Promise<RecoveryCodes> {
  const totp = await repo.findTotp(db, userId);
  if (totp?.enabled_at) throw alreadyOn();
  if (!totp) throw conflict('TWO_FACTOR_NOT_STARTED', 'Start turning on two-factor sign-in first');
  await checkCode(db, { id: userId, secret: totp.secret, lastStep: totp.last_step }, code, ip, { recovery: false, wrong: wrongCode });
  return db.transaction().execute(async (trx) => {
    if (!(await repo.enableTotp(trx, userId))) throw alreadyOn();
    return freshRecoveryCodes(trx, userId);
  });
}

/** Turns two-factor sign-in off; needs a current code (or a recovery code). */
export async function disable(db: Db, userId: number, code: string, ip: string): Promise<void> {
  await checkCode(db, await enabledSecret(db, userId), code, ip, { recovery: true, wrong: wrongCode });
  await db.transaction().execute((trx) => repo.deleteTotp(trx, userId));
}

/** New recovery codes for old ones (all of which stop working); needs a current code. */
export async function regenerateRecoveryCodes(db: Db, userId: number, code: string, ip: string): Promise<RecoveryCodes> {
  await checkCode(db, await enabledSecret(db, userId), code, ip, { recovery: true, wrong: wrongCode });
  return db.transaction().execute((trx) => freshRecoveryCodes(trx, userId));
}

/** Whether a password sign-in of this account must go on to a second step. */
export const needsSecondStep = (db: Db, userId: number) => repo.isTotpEnabled(db, userId);

/**
 * The first step of a two-step sign-in went right: an mfa_token (random; only its hash is kept)
 * lets the second step name the account for 5 minutes. It is not an access token: no route but
 * the second step reads it.
 */
export async function startSecondStep(db: Db, userId: number): Promise<MfaChallenge> {
  const { token, hash } = newSecret();
  await insertChallenge(db, { purpose: 'mfa', tokenHash: hash, userId, ttlSeconds: TWO_FACTOR.mfaTokenTtlSeconds });
  return { mfa_required: true, mfa_token: token };
}

/**
 * The second step: a TOTP or recovery code for the account the mfa_token names. A wrong code
 * keeps the token (the person may try again, within the code limits); the right one uses it up
 * and starts a session marked as signed in with a second factor. The token is taken and the code
 * spent in one transaction, so of attempts at once on one token (a double submit, a retry loop)
 * one is judged at a time: the first right code wins and spends only its own code, the others are
 * refused as expired with theirs unspent, and a wrong code rolls back and leaves the token.
 */
export async function finishSecondStep(deps: AppDeps, input: LoginMfaInput, request: SignInRequest): Promise<TokenResponse> {
  const { db, config } = deps;
  const tokenHash = hashSecret(input.mfa_token);
  const expired = () => unauthorized(MFA_EXPIRED, 'MFA_EXPIRED');
  const challenge = await findChallenge(db, 'mfa', tokenHash);
  const user = challenge?.user_id ? await users.findSignInUser(db, challenge.user_id) : undefined;
  if (!user?.is_active) throw expired();
  const totp = await repo.findTotp(db, user.id);
  // Two-factor sign-in was turned off between the steps: the password alone is no longer enough proof here.
  if (!totp?.enabled_at) throw expired();
  const owner = { id: user.id, secret: totp.secret, lastStep: totp.last_step };
  await underCodeLimits(db, user.id, request.ip, () => unauthorized(INCORRECT_CODE, 'INVALID_CODE'), () =>
    db.transaction().execute(async (trx) => {
      if (!(await takeChallenge(trx, 'mfa', tokenHash))) throw expired();
      if (!(await acceptCode(trx, owner, input.code, true))) throw new WrongCode();
      return true;
    }),
  );
  return signedIn(db, config.jwtSecret, user, request, 'two_factor');
}
