import bcrypt from 'bcrypt';
import type { LoginInput, RegisterInput, ResetPasswordInput } from '../../../shared/schemas/auth';
import { SECURITY } from '../../../shared/limits';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../errors';
import { runInBackground } from '../../jobs/background';
import type { MailMessage } from '../../mail/mailer';
import { passwordResetMail, verificationMail } from '../../mail/templates';
import { consumeOrRefuse, releaseAttempt, reserveAttempt, resetLimit, type Limit } from '../../rate-limit/rate-limit.service';
import type { AppDeps } from '../../trpc/context';
import { assertCodeUsable, takeRegistrationCode } from '../codes/codes.service';
import * as friends from '../friends/friends.service';
import * as notifications from '../notifications/notifications.service';
import * as users from '../users/users.service';
import { consumeMailToken, expireUnusedTokens, findMailToken, insertMailToken, type MailTokenState } from './auth.repo';
import { hashMailToken, issueAccessToken, newMailToken } from './auth.tokens';
import { forgetChallengesOf } from './challenges.repo';
import { signedIn } from './sign-in';
import * as twoFactor from './two-factor.service';

export const RECOVERY_MESSAGE = 'If the email address exists, a password reset link has been sent.';
const INVALID_CREDENTIALS = 'Incorrect username/email or password';
/** Told only to someone who gave the account's password (spec 1 §2 Settings: a deactivated account cannot log in). */
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated, so it can no longer log in.';

/** A valid hash to compare against when the user does not exist, so both failures take as long. */
let dummyHash: Promise<string> | undefined;

/**
 * The login throttles (docs/limits-and-faults.md). The account is named by what was typed (lower-cased),
 * never by the user it resolves to: `pete` and `pete@example.com` have counters of their own, so
 * a throttled answer never tells whether an address belongs to an account. The per-name-and-IP
 * limit is the tight one, so a stranger elsewhere cannot lock the owner out; the per-name limit
 * across IPs is looser and only stops a distributed guess.
 */
function loginLimits(usernameOrEmail: string, ip: string): Limit[] {
  const name = usernameOrEmail.trim().toLowerCase();
  const window = SECURITY.loginWindowSeconds;
  return [
    { key: `login:name-ip:${name}:${ip}`, max: SECURITY.loginFailuresPerAccountAndIp, windowSeconds: window },
    { key: `login:ip:${ip}`, max: SECURITY.loginFailuresPerIp, windowSeconds: window },
    { key: `login:name:${name}`, max: SECURITY.loginFailuresPerAccount, windowSeconds: window },
  ];
}

const registerLimits = (ip: string): Limit[] => [{ key: `register:ip:${ip}`, max: SECURITY.registerPerIp, windowSeconds: SECURITY.abuseWindowSeconds }];

/**
 * Registration attempts that probe something secret count against the IP: a guessed code, and an
 * e-mail that already has an account (which a valid code would otherwise reveal at no cost).
 */
const isRegistrationProbe = (error: unknown) =>
  error instanceof AppError && (error.code === 'INVALID_REGISTRATION_CODE' || error.code === 'EMAIL_TAKEN');

/** Mail goes out after the transaction commits; a mail failure is logged, the account change stands. */
async function sendAfterCommit(deps: AppDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.logger.error({ err: error, to: message.to, subject: message.subject }, 'mail could not be sent');
  }
}

/** The field a concurrent sign-up took first (unique index violation), so the 409 names the right one. */
function takenByRace(error: unknown): 'username' | 'email' | undefined {
  if (typeof error !== 'object' || error === null || (error as { code?: string }).code !== '23505') return undefined;
  return (error as { constraint?: string }).constraint === 'users_email_lower_key' ? 'email' : 'username';
}

const usernameTaken = () => conflict('USERNAME_TAKEN', 'Username is already taken');
const emailTaken = () => conflict('EMAIL_TAKEN', 'An account with this email already exists');

async function issueMailToken(trx: Db, userId: number, purpose: 'verify_email' | 'reset_password', ttlMs: number) {
  const { token, hash } = newMailToken();
  await insertMailToken(trx, { user_id: userId, purpose, token_hash: hash, expires_at: new Date(Date.now() + ttlMs) });
  return token;
}

/**
 * Creates an account with a registration code. The code use, the user and the verification token
 * are one transaction: a failure anywhere leaves the code's uses as they were. The attempt is
 * reserved against the IP first; only probes (see isRegistrationProbe) keep it.
 */
export async function register(deps: AppDeps, input: RegisterInput, ip: string, userAgent = '') {
  const { db, config } = deps;
  const limits = registerLimits(ip);
  await reserveAttempt(db, limits);
  let created: { user: Awaited<ReturnType<typeof users.insertUser>>; verifyToken: string };
  try {
    created = await createAccount(deps, input);
  } catch (error) {
    if (!isRegistrationProbe(error)) await releaseAttempt(db, limits);
    throw error;
  }
  await releaseAttempt(db, limits);
  await sendAfterCommit(deps, verificationMail(created.user.email, created.user.username, config.appUrl, created.verifyToken));
  return { access_token: await issueAccessToken(db, config.jwtSecret, created.user, { ip, userAgent, method: 'registration' }), token_type: 'bearer' as const };
}

async function createAccount({ db, config }: AppDeps, input: RegisterInput) {
  // A bad code is refused before the costly password hash.
  await assertCodeUsable(db, input.registration_code);
  const taken = await users.takenFields(db, input.username, input.email);
  if (taken.username) throw usernameTaken();
  if (taken.email) throw emailTaken();

  const passwordHash = await bcrypt.hash(input.password, config.bcryptCost);
  try {
    return await db.transaction().execute(async (trx) => {
      const code = await takeRegistrationCode(trx, input.registration_code);
      const user = await users.insertUser(trx, {
        username: input.username,
        email: input.email,
        password_hash: passwordHash,
        registration_code_id: code.id,
      });
      const verifyToken = await issueMailToken(trx, user.id, 'verify_email', SECURITY.verifyEmailTtlMs);
      // A personal invite makes the inviter and the newcomer friends (docs/decisions/0026-personal-invites.md).
      if (code.is_invite && code.created_by) await friends.befriend(trx, code.created_by, user.id);
      // NEW_USER goes to whoever made the code, or to the admins when nobody did (DESIGN §3).
      const news = { user_id: user.id, username: user.username };
      if (code.created_by) await notifications.notify(trx, code.created_by, 'NEW_USER', news);
      else await notifications.notifyAdmins(trx, 'NEW_USER', news, user.id);
      return { user, verifyToken };
    });
  } catch (error) {
    const raced = takenByRace(error);
    if (raced) throw raced === 'email' ? emailTaken() : usernameTaken();
    throw error;
  }
}

/**
 * Signs in by username or e-mail; with two-factor sign-in on, answers an mfa_token for the second
 * step instead of an access token. The attempt is reserved under every login limit before bcrypt
 * runs, so parallel and batched guesses count like sequential ones; a success gives it back.
 * A deactivated account answers as a wrong password does unless the password is right: only then
 * 403 ACCOUNT_DEACTIVATED says so, so its state is told to no one who lacks its password.
 */
export async function login(deps: AppDeps, input: LoginInput, ip: string, userAgent = '') {
  const { db, config } = deps;
  const limits = loginLimits(input.username_or_email, ip);
  await reserveAttempt(db, limits);

  const candidate = await users.findLoginCandidate(db, input.username_or_email);
  dummyHash ??= bcrypt.hash('not a real password', config.bcryptCost);
  const matches = await bcrypt.compare(input.password, candidate?.password_hash ?? (await dummyHash));
  if (!candidate || !matches) throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');

  // The owner's own earlier slips from this IP are forgiven; elsewhere the success only gives its attempt back.
  await resetLimit(db, limits[0].key);
  await releaseAttempt(db, limits.slice(1));
  if (!candidate.is_active) throw forbidden(ACCOUNT_DEACTIVATED, 'ACCOUNT_DEACTIVATED');
  // With two-factor sign-in on, the password only opens the second step (docs/two-factor.md).
  if (await twoFactor.needsSecondStep(db, candidate.id)) return twoFactor.startSecondStep(db, candidate.id);
  return signedIn(db, config.jwtSecret, candidate, { ip, userAgent }, 'password');
}

const TOKEN_PROBLEMS = {
  verify_email: {
    invalid: 'Invalid verification link',
    used: 'This verification link has already been used',
    expired: 'This verification link has expired',
  },
  reset_password: {
    invalid: 'Invalid password reset link',
    used: 'This password reset link has already been used',
    expired: 'This password reset link has expired',
  },
} as const;

/** Why a token cannot be used. A deactivated account's links are as unknown as a made-up one. */
function explainTokenFailure(purpose: 'verify_email' | 'reset_password', row: MailTokenState | undefined): never {
  const texts = TOKEN_PROBLEMS[purpose];
  if (!row || !row.user_active) throw badRequest('INVALID_TOKEN', texts.invalid);
  if (row.used_at) throw badRequest('TOKEN_USED', texts.used);
  throw badRequest('TOKEN_EXPIRED', texts.expired);
}

export async function verifyEmail(db: Db, token: string) {
  const hash = hashMailToken(token);
  const consumed = await db.transaction().execute(async (trx) => {
    const row = await consumeMailToken(trx, 'verify_email', hash);
    if (row) await users.markEmailVerified(trx, row.user_id);
    return row;
  });
  if (!consumed) explainTokenFailure('verify_email', await findMailToken(db, 'verify_email', hash));
  return { message: 'Email verified successfully' };
}

/**
 * Always the same answer, in the same time, so the call cannot tell whether an address has an
 * account: after the throttle, the lookup, the token and the mail all happen after the response.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, ip: string) {
  const { db, config, logger } = deps;
  await consumeOrRefuse(db, { key: `recovery:ip:${ip}`, max: SECURITY.recoveryPerIp, windowSeconds: SECURITY.abuseWindowSeconds });
  runInBackground(logger, 'password recovery', async () => {
    const user = await users.findActiveByEmail(db, email);
    if (!user) return;
    const token = await issueMailToken(db, user.id, 'reset_password', SECURITY.resetPasswordTtlMs);
    await sendAfterCommit(deps, passwordResetMail(user.email, user.username, config.appUrl, token));
  });
  return { message: RECOVERY_MESSAGE };
}

/**
 * Whether a password reset link can still be used, without using it: the reset page asks when it
 * opens, so a used or expired link is reported before the user types a password. It answers as
 * the reset itself would (invalid, used, expired) and says nothing about any e-mail address.
 */
export async function checkResetToken(db: Db, token: string) {
  const found = await findMailToken(db, 'reset_password', hashMailToken(token));
  if (!found?.usable) explainTokenFailure('reset_password', found);
  return { message: 'This password reset link can be used' };
}

/**
 * Sets a new password from a mailed link; every token issued before stops working. Throttled per
 * IP like recovery, and the token is checked (a cheap hash lookup) before the costly bcrypt, so a
 * bogus token costs no hashing.
 */
export async function resetPassword(deps: AppDeps, input: ResetPasswordInput, ip: string) {
  const { db, config } = deps;
  const limits = [{ key: `reset:ip:${ip}`, max: SECURITY.resetPerIp, windowSeconds: SECURITY.abuseWindowSeconds }];
  await reserveAttempt(db, limits);
  const hash = hashMailToken(input.token);
  const found = await findMailToken(db, 'reset_password', hash);
  if (!found?.usable) explainTokenFailure('reset_password', found);
  const passwordHash = await bcrypt.hash(input.password, config.bcryptCost);
  const done = await db.transaction().execute(async (trx) => {
    const row = await consumeMailToken(trx, 'reset_password', hash);
    if (!row) return false;
    await users.setPassword(trx, row.user_id, passwordHash);
    await expireUnusedTokens(trx, row.user_id, 'reset_password');
    // A second step begun with the old password cannot be finished (two-factor sign-in itself stays on).
    await forgetChallengesOf(trx, row.user_id);
    return true;
  });
  // Used by a concurrent reset between the check and now.
  if (!done) explainTokenFailure('reset_password', await findMailToken(db, 'reset_password', hash));
  await releaseAttempt(db, limits);
  return { message: 'Your password has been reset. You can now log in.' };
}
