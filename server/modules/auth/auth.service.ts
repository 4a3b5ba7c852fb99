import bcrypt from 'bcrypt';
import type { LoginInput, RegisterInput, ResetPasswordInput } from '../../../shared/schemas/auth';
import { SECURITY } from '../../../shared/limits';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../errors';
import type { MailMessage } from '../../mail/mailer';
import { passwordResetMail, verificationMail } from '../../mail/templates';
import { assertUnderLimits, consumeOrRefuse, countAgainst, resetLimit } from '../../rate-limit/rate-limit.service';
import type { AppDeps } from '../../trpc/context';
import { assertCodeUsable, takeRegistrationCode } from '../codes/codes.service';
import * as notifications from '../notifications/notifications.repo';
import * as users from '../users/users.repo';
import { consumeMailToken, expireUnusedTokens, findMailToken, insertMailToken } from './auth.repo';
import { hashMailToken, newMailToken, signAccessToken } from './auth.tokens';

export const RECOVERY_MESSAGE = 'If the email address exists, a password reset link has been sent.';
const INVALID_CREDENTIALS = 'Incorrect username/email or password';

/** A valid hash to compare against when the user does not exist, so both failures take as long. */
let dummyHash: Promise<string> | undefined;

/** The account key is the user id when the name exists, so username and e-mail share one counter. */
const loginLimits = (account: string, ip: string) => [
  { key: `login:account:${account}`, max: SECURITY.loginFailuresPerAccount, windowSeconds: SECURITY.loginWindowSeconds },
  { key: `login:ip:${ip}`, max: SECURITY.loginFailuresPerIp, windowSeconds: SECURITY.loginWindowSeconds },
];

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
 * are one transaction: a failure anywhere leaves the code's uses as they were.
 */
export async function register(deps: AppDeps, input: RegisterInput, ip: string) {
  const { db, config } = deps;
  const guessLimit = [{ key: `register:ip:${ip}`, max: SECURITY.registerPerIp, windowSeconds: SECURITY.abuseWindowSeconds }];
  await assertUnderLimits(db, guessLimit);
  // A bad code is refused before the costly password hash (and counted as a guess).
  try {
    await assertCodeUsable(db, input.registration_code);
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_REGISTRATION_CODE') await countAgainst(db, guessLimit);
    throw error;
  }
  const taken = await users.takenFields(db, input.username, input.email);
  if (taken.username) throw usernameTaken();
  if (taken.email) throw emailTaken();

  const passwordHash = await bcrypt.hash(input.password, config.bcryptCost);
  let created: { user: Awaited<ReturnType<typeof users.insertUser>>; verifyToken: string; codeCreatedBy: number | null };
  try {
    created = await db.transaction().execute(async (trx) => {
      const code = await takeRegistrationCode(trx, input.registration_code);
      const user = await users.insertUser(trx, {
        username: input.username,
        email: input.email,
        password_hash: passwordHash,
        registration_code_id: code.id,
      });
      const verifyToken = await issueMailToken(trx, user.id, 'verify_email', SECURITY.verifyEmailTtlMs);
      // NEW_USER goes to whoever made the code, or to the admins when nobody did (DESIGN §3).
      const news = { user_id: user.id, username: user.username };
      if (code.created_by) await notifications.insertNotification(trx, code.created_by, 'NEW_USER', news);
      else await notifications.insertForAdmins(trx, 'NEW_USER', news, user.id);
      return { user, verifyToken, codeCreatedBy: code.created_by };
    });
  } catch (error) {
    // Wrong codes count per IP, so codes cannot be guessed by brute force.
    if (error instanceof AppError && error.code === 'INVALID_REGISTRATION_CODE') await countAgainst(db, guessLimit);
    const raced = takenByRace(error);
    if (raced) throw raced === 'email' ? emailTaken() : usernameTaken();
    throw error;
  }
  await sendAfterCommit(deps, verificationMail(created.user.email, created.user.username, config.appUrl, created.verifyToken));
  return { access_token: signAccessToken(config.jwtSecret, created.user), token_type: 'bearer' as const };
}

/**
 * Signs in by username or e-mail. Failures count per account and per IP; past the limit the
 * answer is 429 with Retry-After, even for the right password, until the window ends.
 */
export async function login(deps: AppDeps, input: LoginInput, ip: string) {
  const { db, config } = deps;
  const candidate = await users.findLoginCandidate(db, input.username_or_email);
  const limits = loginLimits(candidate ? `id:${candidate.id}` : `name:${input.username_or_email.toLowerCase()}`, ip);
  await assertUnderLimits(db, limits);

  dummyHash ??= bcrypt.hash('not a real password', config.bcryptCost);
  const matches = await bcrypt.compare(input.password, candidate?.password_hash ?? (await dummyHash));
  if (!candidate || !matches) {
    await countAgainst(db, limits);
    throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  if (!candidate.is_active) throw forbidden('This account has been deactivated', 'ACCOUNT_DEACTIVATED');

  await resetLimit(db, limits[0].key);
  await users.recordLogin(db, candidate.id);
  return { access_token: signAccessToken(config.jwtSecret, candidate), token_type: 'bearer' as const };
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

async function explainTokenFailure(db: Db, purpose: 'verify_email' | 'reset_password', hash: string): Promise<never> {
  const row = await findMailToken(db, purpose, hash);
  const texts = TOKEN_PROBLEMS[purpose];
  if (!row) throw badRequest('INVALID_TOKEN', texts.invalid);
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
  if (!consumed) await explainTokenFailure(db, 'verify_email', hash);
  return { message: 'Email verified successfully' };
}

/** Always the same answer, so the call cannot tell whether an address has an account. */
export async function requestPasswordReset(deps: AppDeps, email: string, ip: string) {
  const { db, config } = deps;
  await consumeOrRefuse(db, { key: `recovery:ip:${ip}`, max: SECURITY.recoveryPerIp, windowSeconds: SECURITY.abuseWindowSeconds });
  const user = await users.findActiveByEmail(db, email);
  if (user) {
    const token = await issueMailToken(db, user.id, 'reset_password', SECURITY.resetPasswordTtlMs);
    // Not awaited: waiting for the mail server would make answers for real addresses slower,
    // telling which addresses have accounts. sendAfterCommit logs its own failures.
    void sendAfterCommit(deps, passwordResetMail(user.email, user.username, config.appUrl, token));
  }
  return { message: RECOVERY_MESSAGE };
}

/** Sets a new password from a mailed link; every token issued before stops working. */
export async function resetPassword(deps: AppDeps, input: ResetPasswordInput) {
  const { db, config } = deps;
  const hash = hashMailToken(input.token);
  const passwordHash = await bcrypt.hash(input.password, config.bcryptCost);
  const done = await db.transaction().execute(async (trx) => {
    const row = await consumeMailToken(trx, 'reset_password', hash);
    if (!row) return false;
    await users.revokeTokensAndUpdate(trx, row.user_id, { password_hash: passwordHash });
    await expireUnusedTokens(trx, row.user_id, 'reset_password');
    return true;
  });
  if (!done) await explainTokenFailure(db, 'reset_password', hash);
  return { message: 'Your password has been reset. You can now log in.' };
}
