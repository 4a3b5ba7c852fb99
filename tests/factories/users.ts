import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import { SECURITY } from '../../shared/limits';
import type { Db } from '../../server/db/client';
import { createRegistrationCode } from '../../server/modules/codes/codes.service';

let sequence = 0;
/** Factory passwords are hashed with a low cost: test data only, the app itself uses BCRYPT_COST. */
const FACTORY_PASSWORD = 'password123';
const factoryHash = bcrypt.hashSync(FACTORY_PASSWORD, 4);

export interface FactoryUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token_version: number;
  role: 'USER' | 'ADMIN';
  /** A session made with the user (as a sign-in would): `t.tokenFor(user)` signs a token for it. */
  session_id: number;
}

export function uniqueName(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}${sequence}_${randomBytes(3).toString('hex')}`;
}

/** Inserts an active user straight into the database (unique name and e-mail unless given). */
export async function createUser(
  db: Db,
  overrides: Partial<{ username: string; email: string; role: 'USER' | 'ADMIN'; is_active: boolean; bio: string; avatar_id: number; verified: boolean }> = {},
): Promise<FactoryUser> {
  const username = overrides.username ?? uniqueName();
  const row = await db
    .insertInto('users')
    .values({
      username,
      email: overrides.email ?? `${username.toLowerCase()}@example.test`,
      password_hash: factoryHash,
      role: overrides.role ?? 'USER',
      is_active: overrides.is_active ?? true,
      bio: overrides.bio ?? '',
      avatar_id: overrides.avatar_id ?? 1,
      email_verified_at: overrides.verified === false ? null : new Date(),
      registration_code_id: null,
    })
    .returning(['id', 'username', 'email', 'token_version', 'role'])
    .executeTakeFirstOrThrow();
  const session = await createSession(db, row.id);
  return { ...row, password: FACTORY_PASSWORD, session_id: session };
}

/** A live session of the user, as a sign-in makes one (without its throttles and bounds); answers its id. */
export async function createSession(db: Db, userId: number, options: { userAgent?: string; ip?: string; secondFactor?: boolean } = {}): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      expires_at: new Date(Date.now() + SECURITY.accessTokenTtlSeconds * 1000),
      user_agent: options.userAgent ?? 'vitest',
      ip: options.ip ?? '127.0.0.1',
      second_factor: options.secondFactor ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createCode(db: Db, options: { maxUses?: number; expiresInDays?: number; createdBy?: number | null } = {}) {
  return createRegistrationCode(db, options);
}
