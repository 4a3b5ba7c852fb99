import { randomBytes } from 'node:crypto';
import { generate, generateSecret } from 'otplib';
import type { WebAuthnOptions } from '../../shared/schemas/passkeys';
import type { Db } from '../../server/db/client';
import { hashSecret } from '../../server/modules/auth/auth.tokens';
import { SoftAuthenticator } from '../helpers/soft-authenticator';

/** Second factors straight in the database, for tests whose subject is something else (the authorization matrix). */


/** Gives the user an authenticator secret (enabled or waiting for its first code) and answers a code it accepts now. */
export async function totpInDb(db: Db, userId: number, options: { enabled: boolean }): Promise<string> {
  const secret = generateSecret();
  const enabledAt = options.enabled ? new Date() : null;
  await db
    .insertInto('totp_secrets')
    .values({ user_id: userId, secret, enabled_at: enabledAt, last_step: 0 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, enabled_at: enabledAt, last_step: 0 }))
    .execute();
  return generate({ secret });
}

export async function challengeInDb(db: Db, purpose: 'mfa' | 'passkey_register' | 'passkey_sign_in', userId: number | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('sign_in_challenges').values({ purpose, token_hash: hashSecret(token), user_id: userId, expires_at: new Date(Date.now() + 300_000) }).execute();
  return token;
}

/** The options a registration of `userId` answers, as the server would have made them (rp id from `origin`). */
export async function registrationOptionsInDb(db: Db, userId: number, origin: string): Promise<WebAuthnOptions> {
  const challenge = await challengeInDb(db, 'passkey_register', userId);
  return { challenge, rp: { id: new URL(origin).hostname }, user: { id: Buffer.from(String(userId)).toString('base64url') } } as WebAuthnOptions;
}

/** A passkey of the user made by a software authenticator, and a sign-in response of it ready to send. */
export async function passkeySignInInDb(db: Db, userId: number, origin: string) {
  const authenticator = new SoftAuthenticator(origin);
  const registration = authenticator.create(await registrationOptionsInDb(db, userId, origin));
  const { id } = await insertPasskeyRow(db, userId, authenticator, registration.id);
  const challenge = await challengeInDb(db, 'passkey_sign_in', null);
  return { passkeyId: id, response: authenticator.get({ challenge, rpId: new URL(origin).hostname } as WebAuthnOptions) };
}

async function insertPasskeyRow(db: Db, userId: number, authenticator: SoftAuthenticator, credentialId: string) {
  const credential = authenticator.credentials.at(-1);
  if (!credential) throw new Error('the authenticator has made no credential');
  return db
    .insertInto('passkeys')
    .values({ user_id: userId, credential_id: credentialId, public_key: Buffer.from(credential.cose), counter: 0, transports: ['internal'], name: 'Test key' })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A passkey row of the user (its key is never used). */
export function passkeyInDb(db: Db, userId: number) {
  return db
    .insertInto('passkeys')
    .values({ user_id: userId, credential_id: randomBytes(16).toString('base64url'), public_key: randomBytes(77), counter: 0, transports: [], name: 'Spare key' })
    .returning('id')
    .executeTakeFirstOrThrow();
}
