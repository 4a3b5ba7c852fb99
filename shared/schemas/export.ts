import { z } from 'zod';
import { RequestStatus } from './common';
import { InviteState } from './invites';
import { Role, SocialPlatform, SocialVisibility } from './users';

/**
 * GET /v1/users/me/export: everything the signed-in user made or received, as one JSON document.
 * Other people appear by username only: never their e-mail, their socials, their ids, or a
 * ranking the user could not see in the app.
 */

const at = z.string().describe('ISO-8601, UTC.');
const atOrNull = z.string().nullable().describe('ISO-8601, UTC, or null.');
const username = z.string().describe('Another user, by username.');

const ExportProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  bio: z.string(),
  avatar_id: z.number().int(),
  role: Role,
  is_email_verified: z.boolean(),
  email_verified_at: atOrNull,
  last_login_at: atOrNull,
  created_at: at,
});

const ExportSocial = z.object({
  platform: SocialPlatform,
  value: z.string(),
  visibility: SocialVisibility,
  is_verified: z.boolean(),
  created_at: at,
  updated_at: at,
});

const ExportPerson = z.object({ username, since: at });

const ExportRequest = z.object({ username, status: RequestStatus, created_at: at, responded_at: atOrNull });

const ExportAnswer = z.object({
  username,
  ranking: z.array(z.string()).describe('The positions as this user ranked them, best first.'),
  answered_at: at,
});

const ExportStack = z.object({
  id: z.number().int(),
  type: z.enum(['stack', 'twisted']),
  original_stack_id: z.number().int().nullable().describe('For a twisted stack: the stack it twists.'),
  name: z.string().nullable(),
  twist_description: z.string().nullable(),
  positions: z.array(z.string()),
  audience: z.object({
    type: z.enum(['friend', 'group']),
    username: z.string().nullable().describe('A friend stack: the friend.'),
    group_name: z.string().nullable().describe('A group stack: the group.'),
  }),
  bot_name: z.string().nullable().describe('Set when one of your bots made it.'),
  is_sandboxed: z.boolean(),
  created_at: at,
  answers: z
    .array(ExportAnswer)
    .describe("Your answer, and others' answers where the app shows them to you: after you answered, while you may see the stack, not of blocked users."),
});

const ExportMyAnswer = z.object({
  stack_id: z.number().int(),
  type: z.enum(['stack', 'twisted']),
  stack_name: z.string().nullable(),
  ranking: z.array(z.string()).describe('Your ranking, best first.'),
  answered_at: at,
});

const ExportComment = z.object({
  id: z.number().int(),
  stack_id: z.number().int(),
  description: z.string(),
  is_sandboxed: z.boolean(),
  created_at: at,
  updated_at: at,
});

const ExportGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(['OWNER', 'MEMBER']),
  joined_at: at,
  is_public: z.boolean(),
  is_restricted: z.boolean(),
  is_readonly: z.boolean(),
  is_retired: z.boolean(),
});

const ExportGroupInvitation = z.object({ group_name: z.string(), username, status: RequestStatus, created_at: at, responded_at: atOrNull });

const ExportNotification = z.object({
  id: z.number().int(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()).describe('As in GET /v1/users/notifications, without other users\' ids.'),
  is_read: z.boolean(),
  created_at: at,
});

const ExportInvite = z.object({ code: z.string(), state: InviteState, created_at: at, expires_at: at, joined: z.string().nullable() });

const ExportReport = z.object({
  id: z.number().int(),
  target_type: z.string(),
  target_id: z.number().int(),
  reason: z.string(),
  note: z.string(),
  status: z.string(),
  resolution_note: z.string().nullable(),
  created_at: at,
  resolved_at: atOrNull,
});

/** The lists of the document, each capped at EXPORT.itemsPerSection rows. */
export const EXPORT_SECTIONS = [
  'socials',
  'friends',
  'friend_requests.sent',
  'friend_requests.received',
  'blocks',
  'mutes',
  'stacks',
  'answers',
  'comments',
  'groups',
  'group_invitations.sent',
  'group_invitations.received',
  'notifications',
  'invites',
  'reports',
] as const;

export const DataExport = z
  .object({
    format: z.literal('stacks-export'),
    version: z.literal(1),
    exported_at: at,
    items_per_section: z.number().int().describe('The most rows any list holds.'),
    truncated: z.array(z.string()).describe('Lists that had more rows than items_per_section (their newest rows are kept).'),
    profile: ExportProfile,
    socials: z.array(ExportSocial),
    friends: z.array(ExportPerson),
    friend_requests: z.object({ sent: z.array(ExportRequest), received: z.array(ExportRequest) }),
    blocks: z.array(ExportPerson).describe('Users you blocked, and since when.'),
    mutes: z.array(ExportPerson).describe('Users you muted, and since when.'),
    stacks: z.array(ExportStack).describe('Stacks and twisted stacks you made (or your bots made), newest first.'),
    answers: z.array(ExportMyAnswer).describe('Your answers to any stack, newest first.'),
    comments: z.array(ExportComment).describe('Your comments, newest first.'),
    groups: z.array(ExportGroup).describe('Groups you belong to, with your role.'),
    group_invitations: z.object({ sent: z.array(ExportGroupInvitation), received: z.array(ExportGroupInvitation) }),
    notifications: z.array(ExportNotification),
    invites: z.array(ExportInvite),
    reports: z.array(ExportReport).describe('Reports you filed, with their outcome.'),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof DataExport>;

/** The export's file name, as the server's Content-Disposition and the client's download name it. */
export const exportFileName = (name: string, exportedAt: string) => `stacks-export-${name}-${exportedAt.slice(0, 10)}.json`;
