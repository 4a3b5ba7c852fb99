import { z } from 'zod';
import { LIMITS } from '../limits';

/** Spec 1 §5 messages; the server answers with the same words as the form shows. */
export const MESSAGES = {
  usernameRequired: 'Username is required',
  usernameMin: `Username must be at least ${LIMITS.usernameMin} characters`,
  usernameMax: `Username must be no more than ${LIMITS.usernameMax} characters`,
  usernameChars: 'Username can only contain letters, numbers, underscores, and hyphens',
  usernameStart: 'Username must start with a letter or number',
  usernameEnd: 'Username must end with a letter or number',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: `Password must be at least ${LIMITS.passwordMin} characters`,
  passwordMaxBytes: `Password must be no more than ${LIMITS.passwordMaxBytes} bytes`,
  confirmRequired: 'Please confirm your password',
  confirmMismatch: 'Passwords do not match',
  codeRequired: 'Registration code is required',
  termsRequired: 'You must agree to the Terms of Service',
  rulesRequired: 'You must agree to the Community Rules',
  loginFieldRequired: 'Username or email is required',
  tokenRequired: 'Token is required',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const Username = z
  .string({ error: MESSAGES.usernameRequired })
  .min(1, MESSAGES.usernameRequired)
  .min(LIMITS.usernameMin, MESSAGES.usernameMin)
  .max(LIMITS.usernameMax, MESSAGES.usernameMax)
  .regex(/^[A-Za-z0-9_-]*$/, MESSAGES.usernameChars)
  .regex(/^([A-Za-z0-9].*)?$/, MESSAGES.usernameStart)
  .regex(/^(.*[A-Za-z0-9])?$/, MESSAGES.usernameEnd)
  .describe(`${LIMITS.usernameMin} to ${LIMITS.usernameMax} letters, digits, underscores or hyphens; starts and ends with a letter or digit.`);

export const Email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(LIMITS.emailMax, MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);

const byteLength = (value: string) => new TextEncoder().encode(value).length;

export const Password = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, MESSAGES.passwordMin)
  .refine((value) => byteLength(value) <= LIMITS.passwordMaxBytes, MESSAGES.passwordMaxBytes)
  .describe(`${LIMITS.passwordMin} characters at least, ${LIMITS.passwordMaxBytes} bytes at most (UTF-8).`);

export const RegistrationCode = z
  .string({ error: MESSAGES.codeRequired })
  .trim()
  .min(1, MESSAGES.codeRequired)
  .max(LIMITS.registrationCodeMax, 'Invalid registration code');

export const RegisterInput = z.object({
  username: Username,
  email: Email,
  password: Password,
  registration_code: RegistrationCode,
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const LoginInput = z.object({
  username_or_email: z.string({ error: MESSAGES.loginFieldRequired }).trim().min(1, MESSAGES.loginFieldRequired).max(LIMITS.emailMax),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(LIMITS.loginPasswordMax),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const TokenResponse = z
  .object({
    access_token: z.string().describe('A bearer token: send it as `Authorization: Bearer <token>`.'),
    token_type: z.literal('bearer'),
  })
  .meta({ id: 'Token' });
export type TokenResponse = z.infer<typeof TokenResponse>;

const Token = z.string({ error: MESSAGES.tokenRequired }).trim().min(1, MESSAGES.tokenRequired).max(LIMITS.tokenMax);

export const VerifyEmailInput = z.object({ token: Token });
export const RecoveryInput = z.object({ email: Email });
export const ResetPasswordInput = z.object({ token: Token, password: Password });
export const CheckResetTokenInput = z.object({ token: Token.describe('The token of the password reset link.') });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/**
 * The register form (spec 1 §2, §5): the API's rules plus the confirmation and both agreements.
 * Field names are the form's; `toRegisterInput` maps them to the API payload.
 */
export const RegisterForm = z
  .object({
    username: Username,
    email: Email,
    password: Password,
    confirmPassword: z.string().min(1, MESSAGES.confirmRequired),
    registrationCode: RegistrationCode,
    agreeTerms: z.boolean().refine((v) => v, MESSAGES.termsRequired),
    agreeRules: z.boolean().refine((v) => v, MESSAGES.rulesRequired),
  })
  .refine((form) => !form.confirmPassword || form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.confirmMismatch,
    when: () => true,
  });
export type RegisterForm = z.infer<typeof RegisterForm>;

export const toRegisterInput = (form: RegisterForm): RegisterInput => ({
  username: form.username,
  email: form.email,
  password: form.password,
  registration_code: form.registrationCode,
});

export const NewPasswordForm = z
  .object({ password: Password, confirmPassword: z.string().min(1, MESSAGES.confirmRequired) })
  .refine((form) => !form.confirmPassword || form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.confirmMismatch,
    when: () => true,
  });
