import type { CurrentUser } from '../../../shared/schemas/users';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import * as users from './users.repo';

const SOCIAL_LINKS = {
  telegram: (value: string) => `https://t.me/${value}`,
  signal: (value: string) => `https://signal.me/#u/${value}`,
} as const;

export function socialLink(platform: 'telegram' | 'signal', value: string): string {
  return SOCIAL_LINKS[platform](value);
}

/** GET /v1/users/me: the signed-in user and all of their socials. */
export async function getCurrentUser(db: Db, userId: number): Promise<CurrentUser> {
  const row = await users.findCurrentUser(db, userId);
  if (!row) throw notFound('User not found');
  return {
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    socials: row.socials.map((s) => ({ ...s, link: socialLink(s.platform, s.value) })),
  };
}

/** Deactivates the account and revokes every token at once. */
export async function deactivate(db: Db, userId: number) {
  await users.revokeTokensAndUpdate(db, userId, { is_active: false });
  return { message: 'Your account has been deactivated' };
}
