import { isAdminRole } from './policy/admin';

/** Who is asking, as the permission rules (server/policy) see it. */
export interface Viewer {
  id: number;
  /** May use admin powers: an admin, signed in with a second factor when REQUIRE_ADMIN_2FA asks for one. */
  isAdmin: boolean;
  /** An admin whose session lacks the second factor REQUIRE_ADMIN_2FA asks for: powers refuse with ADMIN_2FA_REQUIRED. */
  adminNeedsSecondFactor?: boolean;
}

/**
 * The viewer of a signed-in user. With `requireSecondFactor` (REQUIRE_ADMIN_2FA), an admin's
 * session that was not signed in with a second factor has no admin powers (docs/two-factor.md).
 */
export function viewerOf(user: { id: number; role: string; second_factor?: boolean }, requireSecondFactor = false): Viewer {
  const admin = isAdminRole(user.role);
  const locked = admin && requireSecondFactor && !user.second_factor;
  return locked ? { id: user.id, isAdmin: false, adminNeedsSecondFactor: true } : { id: user.id, isAdmin: admin };
}
