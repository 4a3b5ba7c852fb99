import { sql, type RawBuilder } from 'kysely';
import { notBlockedBetween } from './blocks';

/**
 * Profile visibility (DESIGN §3 Accounts, Social graph): who may see a user at all, and which of
 * their socials. A deactivated account disappears from lists; a block hides both ways (404).
 */

/** User row `alias` is visible to the viewer: active, and neither has blocked the other. */
export const userVisibleTo = (viewerId: number, alias = 'u'): RawBuilder<boolean> =>
  sql<boolean>`(${sql.raw(alias)}.is_active and ${notBlockedBetween(viewerId, sql.ref(`${alias}.id`))})`;

/**
 * Social row `s` of user row `u` is visible to the viewer: public ones to all, `friends` ones to
 * friends (`friendStatus`, the viewer's friend status towards `u`), `private` ones to the owner.
 */
export const socialVisibleTo = (viewerId: number, friendStatus: RawBuilder<string>): RawBuilder<boolean> =>
  sql<boolean>`(s.visibility = 'public' or (s.visibility = 'friends' and ${friendStatus} = 'friends') or u.id = ${viewerId})`;
