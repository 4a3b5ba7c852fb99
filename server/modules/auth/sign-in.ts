import type { TokenResponse } from '../../../shared/schemas/auth';
import type { SignInMethod } from '../../../shared/schemas/sessions';
import type { Db } from '../../db/client';
import * as users from '../users/users.service';
import { issueAccessToken } from './auth.tokens';

export interface SignInRequest {
  ip: string;
  userAgent: string;
}

/**
 * The last step of every sign-in (a password alone, a password and a code, a passkey): the login
 * is recorded and a session starts, labelled with how it signed in; a code and a passkey mark a
 * session that proved a second factor (REQUIRE_ADMIN_2FA asks for it; docs/two-factor.md).
 */
export async function signedIn(
  db: Db,
  secret: string,
  user: { id: number; token_version: number },
  request: SignInRequest,
  method: Exclude<SignInMethod, 'registration'>,
): Promise<TokenResponse> {
  await users.recordLogin(db, user.id);
  return { access_token: await issueAccessToken(db, secret, user, { ...request, method }), token_type: 'bearer' };
}
