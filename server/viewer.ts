/** Who is asking, as the permission rules of stacks and bots see it. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
}

export const viewerOf = (user: { id: number; role: string }): Viewer => ({ id: user.id, isAdmin: user.role === 'ADMIN' });
