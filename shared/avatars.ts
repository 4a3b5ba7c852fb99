/**
 * Where avatars live. Users' are made by the app (DiceBear, offline) from username + avatar_id,
 * groups' from the group name; bot avatars are nine shipped images at /assets/{avatar_id}.
 */
export const userAvatarUrl = (username: string, avatarId: number) =>
  `/avatars/users/${avatarId}/${encodeURIComponent(username)}.svg`;

export const groupAvatarUrl = (name: string) => `/avatars/groups/${encodeURIComponent(name)}.svg`;

export const botAvatarUrl = (avatarId: number) => `/assets/${avatarId}`;
