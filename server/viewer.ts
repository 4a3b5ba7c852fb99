import { isAdminRole } from './policy/admin';

/** Who is asking, as the permission rules (server/policy) see it. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
}

export const viewerOf = (user: { id: number; role: string }): Viewer => ({ id: user.id, isAdmin: isAdminRole(user.role) });
