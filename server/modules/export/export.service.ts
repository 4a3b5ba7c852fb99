import { EXPORT } from '../../../shared/limits';
import type { DataExport } from '../../../shared/schemas/export';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import type { Viewer } from '../../viewer';
import { readExport } from './export.repo';

/** Notification data names other users by username; their ids stay out of the export. */
function withoutUserIds(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !key.endsWith('user_id')));
}

/**
 * GET /v1/users/me/export: everything the user made or received, as one document read in one
 * statement. Each list holds at most EXPORT.itemsPerSection rows (the newest); a list that had
 * more is named in `truncated`. Other people appear by username only (see export.repo.ts for
 * which of their answers are included).
 */
export async function exportMyData(db: Db, viewer: Viewer): Promise<DataExport> {
  const row = await readExport(db, viewer, EXPORT.itemsPerSection);
  if (!row) throw notFound('User not found', 'USER_NOT_FOUND');
  const truncated: string[] = [];
  const cap = <T>(section: string, items: T[]): T[] => {
    if (items.length <= EXPORT.itemsPerSection) return items;
    truncated.push(section);
    return items.slice(0, EXPORT.itemsPerSection);
  };
  const document: Omit<DataExport, 'truncated'> = {
    format: 'stacks-export',
    version: 1,
    exported_at: new Date().toISOString(),
    items_per_section: EXPORT.itemsPerSection,
    profile: {
      id: row.id,
      username: row.username,
      email: row.email,
      bio: row.bio,
      avatar_id: row.avatar_id,
      role: row.role,
      is_email_verified: row.is_email_verified,
      email_verified_at: row.email_verified_at,
      last_login_at: row.last_login_at,
      created_at: row.created_at,
    },
    socials: cap('socials', row.socials),
    friends: cap('friends', row.friends),
    friend_requests: {
      sent: cap('friend_requests.sent', row.friend_requests_sent),
      received: cap('friend_requests.received', row.friend_requests_received),
    },
    blocks: cap('blocks', row.blocks),
    mutes: cap('mutes', row.mutes),
    stacks: cap('stacks', row.stacks),
    answers: cap('answers', row.answers),
    comments: cap('comments', row.comments),
    groups: cap('groups', row.groups),
    group_invitations: {
      sent: cap('group_invitations.sent', row.group_invitations_sent),
      received: cap('group_invitations.received', row.group_invitations_received),
    },
    notifications: cap('notifications', row.notifications).map((n) => ({ ...n, data: withoutUserIds(n.data) })),
    invites: cap('invites', row.invites),
    reports: cap('reports', row.reports),
  };
  return { ...document, truncated };
}
