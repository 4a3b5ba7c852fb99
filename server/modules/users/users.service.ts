import { AGREEMENT, ONBOARDING_VERSION } from '../../../shared/limits';
import type { Preferences, UpdatePreferencesInput } from '../../../shared/schemas/preferences';
import type { SharedScore } from '../../../shared/schemas/agreement';
import { ID_MAX } from '../../../shared/schemas/common';
import { score } from '../../../shared/scoring';
import { checkSocial, type CurrentUser, type Social, type UserProfile } from '../../../shared/schemas/users';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { badRequest, notFound } from '../../errors';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import * as codes from '../codes/codes.service';
import type { Viewer } from '../../viewer';
import * as preferences from './preferences.repo';
import * as profiles from './profiles.repo';
import { findSharedAnswers } from './scores.repo';
import * as users from './users.repo';

type SocialRow = Omit<Social, 'link'>;

/** Adds the link the API shows for a stored handle. */
export function withLink(row: SocialRow): Social {
  const checked = checkSocial(row.platform, row.value);
  return { ...row, link: checked.ok ? checked.link : null };
}

/** GET /v1/users/me: the signed-in user and all of their socials. */
export async function getCurrentUser(db: Db, userId: number): Promise<CurrentUser> {
  const row = await users.findCurrentUser(db, userId);
  if (!row) throw notFound('User not found');
  return { ...row, created_at: toIso(row.created_at), socials: row.socials.map(withLink) };
}

function toPreferences(row: preferences.PreferencesRow): Preferences {
  const tour = row.tour_status && row.tour_version && row.tour_at ? { status: row.tour_status, version: row.tour_version, at: toIso(row.tour_at) } : null;
  return { theme: row.theme, tour };
}

/** GET /v1/users/me/preferences. */
export async function getPreferences(db: Db, userId: number): Promise<Preferences> {
  const row = await preferences.findPreferences(db, userId);
  if (!row) throw notFound('User not found');
  return toPreferences(row);
}

/**
 * PUT /v1/users/me/preferences: the fields given change (a tour's ending is recorded for the
 * current tour version, now); answers them all. Throttled like the other profile writes but on
 * its own budget (WRITE_THROTTLES.preferences): a theme is clicked through quickly.
 */
export async function setPreferences(db: Db, userId: number, input: UpdatePreferencesInput): Promise<Preferences> {
  const tour = input.tour === undefined || input.tour === null ? input.tour : { status: input.tour.status, version: ONBOARDING_VERSION };
  const row = await throttledWrite(db, 'preferences', userId, () => preferences.updatePreferences(db, userId, { theme: input.theme, tour }));
  return toPreferences(row);
}

/** Deactivates the account and revokes every token at once. */
export async function deactivate(db: Db, userId: number) {
  await users.revokeTokensAndUpdate(db, userId, { is_active: false });
  return { message: 'Your account has been deactivated' };
}

export function listUsers(db: Db, viewerId: number, options: { q?: string; offset: number; limit: number }) {
  return profiles.listVisibleUsers(db, viewerId, options);
}

/**
 * A profile; 404 for unknown, deactivated and blocked users alike (no existence leaks). Admins also
 * see who invited the user and whom the user invited (`invited_by`, `invited`); others never do.
 */
export async function getProfile(db: Db, viewerId: number, userId: number, viewerIsAdmin = false): Promise<UserProfile> {
  const row = await profiles.findVisibleProfile(db, viewerId, userId);
  if (!row) throw notFound('User not found', 'USER_NOT_FOUND');
  const { not_muted, ...fields } = row;
  // `muted` is the viewer's own setting: sent only when set, so a profile reads as before otherwise.
  const profile: UserProfile = { ...fields, friend_request_id: row.friend_request_id ?? null, ...(not_muted ? {} : { muted: true as const }), socials: row.socials.map(withLink) };
  return viewerIsAdmin ? { ...profile, ...(await codes.inviteLinks(db, userId)) } : profile;
}

/** Shared activity: stacks and twisted stacks both users answered, friend and group ones apart. */
export async function getSharedActivity(db: Db, viewerId: number, userId: number) {
  if (!(await profiles.isVisibleUser(db, viewerId, userId)) && viewerId !== userId) throw notFound('User not found', 'USER_NOT_FOUND');
  return profiles.countSharedStacks(db, viewerId, userId);
}

/**
 * GET /v1/users/{id}/scores: the friendship score of each stack (and twisted stack) both answered
 * that the viewer may see, the newest AGREEMENT.scoresMax by the later answer, sent oldest first.
 * 404 as the profile (unknown, deactivated, blocked either way); for oneself an empty list.
 */
export async function getSharedScores(db: Db, viewer: Viewer, userId: number): Promise<SharedScore[]> {
  if (viewer.id === userId) return [];
  if (!(await profiles.isVisibleUser(db, viewer.id, userId))) throw notFound('User not found', 'USER_NOT_FOUND');
  const rows = await findSharedAnswers(db, viewer, userId, AGREEMENT.scoresMax);
  return rows.reverse().map((row) => ({
    stack_id: row.stack_id,
    name: row.name,
    type: row.type,
    is_twisted: row.is_twisted,
    answered_at: toIso(row.answered_at),
    score: score(row.my_ranking, row.their_ranking),
  }));
}

// Avatar, bio and socials share one throttle (WRITE_THROTTLES.profile): each is a small overwrite
// that nobody is told of, bounded only so that a script cannot keep the database busy with them.

export async function setAvatar(db: Db, userId: number, avatarId: number) {
  return throttledWrite(db, 'profile', userId, () => profiles.setAvatar(db, userId, avatarId));
}

export async function setBio(db: Db, userId: number, bio: string) {
  return throttledWrite(db, 'profile', userId, () => profiles.setBio(db, userId, bio));
}

/** PUT /v1/users/me/socials: one entry per platform, validated and normalised as spec 1 §5 says. */
export async function upsertSocial(db: Db, userId: number, input: { platform: string; value: string; visibility: 'public' | 'friends' | 'private' }): Promise<Social> {
  const checked = checkSocial(input.platform, input.value);
  if (!checked.ok) throw badRequest('INVALID_SOCIAL', checked.message);
  const row = await throttledWrite(db, 'profile', userId, () =>
    profiles.upsertSocial(db, userId, { platform: input.platform as 'telegram' | 'signal', value: checked.value, visibility: input.visibility }),
  );
  return { ...row, link: checked.link };
}

/** DELETE /v1/users/me/socials/{id}: by numeric id or by platform name; only one's own. */
export async function deleteSocial(db: Db, userId: number, idOrPlatform: string) {
  let by: { id: number } | { platform: 'telegram' | 'signal' };
  if (idOrPlatform === 'telegram' || idOrPlatform === 'signal') by = { platform: idOrPlatform };
  else if (/^[1-9]\d{0,9}$/.test(idOrPlatform) && Number(idOrPlatform) <= ID_MAX) by = { id: Number(idOrPlatform) };
  else throw badRequest('INVALID_SOCIAL_ID', 'id must be a social id, "telegram" or "signal"');
  const deleted = await throttledWrite(db, 'profile', userId, async () => {
    const row = await profiles.deleteSocial(db, userId, by);
    if (!row) throw notFound('Social not found', 'SOCIAL_NOT_FOUND');
    return row;
  });
  return { message: `Removed ${deleted.platform} social` };
}

// For other domains (auth, codes, friends, groups): the users domain's records, read and written
// through here rather than through its repos.

/** Whether the viewer may see the user: active, and not blocked either way. */
export function isVisibleUser(db: Db, viewerId: number, userId: number): Promise<boolean> {
  return profiles.isVisibleUser(db, viewerId, userId);
}

/** Users of any state; the first-run code is made only while there are none. */
export function countUsers(db: Db): Promise<number> {
  return users.countUsers(db);
}

/** Login accepts either name, in any letter case. */
export function findLoginCandidate(db: Db, usernameOrEmail: string) {
  return users.findLoginCandidate(db, usernameOrEmail);
}

export function findSignInUser(db: Db, userId: number) {
  return users.findSignInUser(db, userId);
}

export function findActiveByEmail(db: Db, email: string) {
  return users.findActiveByEmail(db, email);
}

/** Which of the two are taken already (any letter case). */
export function takenFields(db: Db, username: string, email: string) {
  return users.takenFields(db, username, email);
}

export function insertUser(db: Db, values: Parameters<typeof users.insertUser>[1]) {
  return users.insertUser(db, values);
}

export function recordLogin(db: Db, userId: number) {
  return users.recordLogin(db, userId);
}

export function markEmailVerified(db: Db, userId: number) {
  return users.markEmailVerified(db, userId);
}

/** A new password hash; every earlier token stops working. */
export function setPassword(db: Db, userId: number, passwordHash: string) {
  return users.revokeTokensAndUpdate(db, userId, { password_hash: passwordHash });
}

/** The CLI's `users:role`: sets a user's role by username; undefined when nobody has that name. */
export function setRoleByUsername(db: Db, username: string, role: 'USER' | 'ADMIN') {
  return users.setRoleByUsername(db, username, role);
}

// The admin console's accounts (docs/admin.md).
export { findUser as findAccount, findUserIdByUsername, listUsers as listAccounts, setRole } from './accounts.repo';

/** An admin deactivates an account: as its own deactivation, its tokens and streams stop at once. */
export async function deactivateAccount(db: Db, userId: number): Promise<void> {
  await users.revokeTokensAndUpdate(db, userId, { is_active: false });
}
