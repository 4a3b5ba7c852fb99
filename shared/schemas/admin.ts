/**
 * The admin console's API (docs/admin.md): registration codes, users, bots, release notes and the
 * audit log. Every call is for admins only (403 for anyone else); every change writes one audit
 * entry (docs/decisions/0037-admin-audit-log.md).
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { BotGenerator, BotKeyword, Schedule, TagName } from './bots';
import { Id, pageFields } from './common';

export const ADMIN_MESSAGES = {
  uses: `uses must be a whole number from 1 to ${LIMITS.codeUsesMax}`,
  expiresDays: `expires_days must be a whole number from 1 to ${LIMITS.codeExpiryDaysMax}`,
  notesRequired: 'Release notes cannot be empty',
  notesMax: `Release notes must be ${LIMITS.releaseNotesMax} characters or fewer`,
  role: 'role must be ADMIN or USER',
} as const;

const NameRef = z.object({ id: z.number().int(), username: z.string() }).meta({ id: 'AdminUserRef' });

// ── Registration codes ────────────────────────────────────────────────────────────────────────

export const CODE_STATUSES = ['active', 'used_up', 'expired', 'revoked'] as const;

export const AdminCode = z
  .object({
    id: z.number().int(),
    code: z.string(),
    max_uses: z.number().int(),
    uses: z.number().int().describe('How many accounts registered with it.'),
    expires_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
    created_by: NameRef.nullable().describe('The admin who made it; null for a code made by the CLI or at first start.'),
    status: z.enum(CODE_STATUSES).describe('revoked wins over used_up, which wins over expired.'),
    // Optional in the schema only, so that clients written before it still type-check: the server always sends it.
    used_up: z
      .boolean()
      .optional()
      .describe('Every use was taken (uses = max_uses), whatever the status says (a used-up code revoked earlier reads `revoked`); always sent. Such a code cannot be revoked (409 CODE_USED_UP): offer no Revoke for it.'),
  })
  .meta({ id: 'AdminCode' });
export type AdminCode = z.infer<typeof AdminCode>;

export const ListCodesInput = z.object({ ...pageFields({ limit: LIMITS.pageSizeAdmin, offsetMax: LIMITS.adminOffsetMax }) });

export const CreateCodeInput = z
  .object({
    uses: z.number({ error: ADMIN_MESSAGES.uses }).int(ADMIN_MESSAGES.uses).min(1, ADMIN_MESSAGES.uses).max(LIMITS.codeUsesMax, ADMIN_MESSAGES.uses).default(1),
    expires_days: z
      .number({ error: ADMIN_MESSAGES.expiresDays })
      .int(ADMIN_MESSAGES.expiresDays)
      .min(1, ADMIN_MESSAGES.expiresDays)
      .max(LIMITS.codeExpiryDaysMax, ADMIN_MESSAGES.expiresDays)
      .nullable()
      .default(null)
      .describe('Days until it expires; null (the default): never.'),
  })
  .meta({ id: 'CreateCodeInput' });
export type CreateCodeInput = z.infer<typeof CreateCodeInput>;

export const CodeIdInput = z.object({ id: Id });

// ── Users ─────────────────────────────────────────────────────────────────────────────────────

export const AdminUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    role: z.enum(['USER', 'ADMIN']),
    is_active: z.boolean(),
    email_verified: z.boolean(),
    created_at: z.string(),
    last_login_at: z.string().nullable(),
    invited_by: NameRef.nullable().describe('Who made the code this user registered with (an invite or an admin-made code); null for a CLI code.'),
    invited_count: z.number().int().describe('How many accounts registered with codes this user made.'),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserDetail = AdminUser.extend({
  invited: z.array(NameRef).describe(`Who registered with codes this user made, oldest first (at most ${LIMITS.adminInviteesMax}).`),
}).meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const ListAdminUsersInput = z.object({
  q: z.string().trim().max(LIMITS.usernameMax).optional().describe('Part of a username or e-mail address (case-insensitive).'),
  ...pageFields({ limit: LIMITS.pageSizeAdmin, offsetMax: LIMITS.adminOffsetMax }),
});

export const AdminUserIdInput = z.object({ id: Id });
export const SetRoleInput = z.object({ id: Id, role: z.enum(['USER', 'ADMIN'], { error: ADMIN_MESSAGES.role }) });

// ── Bots ──────────────────────────────────────────────────────────────────────────────────────

export const AdminBot = z
  .object({
    id: z.number().int(),
    name: z.string(),
    bio: z.string(),
    avatar_id: z.number().int(),
    owner: NameRef,
    audience: z.discriminatedUnion('type', [
      z.object({ type: z.literal('user'), user: NameRef }),
      z.object({ type: z.literal('group'), group: z.object({ id: z.number().int(), name: z.string() }) }),
    ]),
    schedule: z.array(z.number().int()).describe(`Weekdays 0-${LIMITS.weekdayMax}, Monday = 0.`),
    generator: BotGenerator,
    keywords: z.array(BotKeyword),
    last_run: z
      .object({ run_on: z.string(), success: z.boolean(), stack_id: z.number().int().nullable(), error: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'AdminBot' });
export type AdminBot = z.infer<typeof AdminBot>;

export const ListAdminBotsInput = z.object({ ...pageFields({ limit: LIMITS.pageSizeAdmin, offsetMax: LIMITS.adminOffsetMax }) });
export const AdminBotIdInput = z.object({ id: Id });

const TagEdits = z.array(TagName).max(LIMITS.tagsPerCallMax);

export const UpdateBotInput = z
  .object({
    id: Id,
    schedule: Schedule.optional(),
    add_tags: TagEdits.optional().describe('Tags to add (ACTIVE).'),
    remove_tags: TagEdits.optional().describe('Tags to remove.'),
  })
  .meta({ id: 'UpdateBotInput' });
export type UpdateBotInput = z.infer<typeof UpdateBotInput>;

export const RunBotInput = z.object({
  id: Id,
  force: z.boolean().default(false).describe("Delete today's run record first, so the bot runs again today."),
});

// ── Release notes ─────────────────────────────────────────────────────────────────────────────

export const ReleaseNotesInput = z
  .object({
    message: z.string({ error: ADMIN_MESSAGES.notesRequired }).trim().min(1, ADMIN_MESSAGES.notesRequired).max(LIMITS.releaseNotesMax, ADMIN_MESSAGES.notesMax),
  })
  .meta({ id: 'ReleaseNotesInput' });

export const ReleaseNotesResult = z.object({ recipients: z.number().int().describe('Active users notified.') }).meta({ id: 'ReleaseNotesResult' });

// ── Audit log ─────────────────────────────────────────────────────────────────────────────────

export const AUDIT_SOURCES = ['web', 'rest', 'cli'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];
export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Every action the audit log records, by name (`GET /v1/admin/audit?action=`). */
export const AUDIT_ACTIONS = [
  'codes.create',
  'codes.revoke',
  'users.role',
  'users.deactivate',
  'users.second_factors_reset',
  'bots.create',
  'bots.update',
  'bots.run',
  'bots.purge',
  'bots.tags.add',
  'bots.tags.remove',
  'release_notes.broadcast',
  'reports.update',
  'database.backup',
  'database.restore',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: NameRef.nullable().describe('The admin; null for the CLI, which runs as whoever has the shell.'),
    source: z.enum(AUDIT_SOURCES).describe('web: the app (tRPC); rest: a REST call; cli: npm run cli.'),
    action: z.enum(AUDIT_ACTIONS),
    target_type: z.string().nullable().describe('code, user, bot, report, database; null when there is none.'),
    target_id: z.string().nullable().describe('The target id as text (a code id, a user id, a bot id, a file name).'),
    outcome: z.enum(AUDIT_OUTCOMES),
    detail: z.string().nullable().describe('What was done (e.g. "5 uses, expires in 7 days"), or why it failed.'),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const ListAuditInput = z.object({
  actor: z.string().trim().min(1).max(LIMITS.usernameMax).optional().describe("The actor's id or username."),
  action: z.enum(AUDIT_ACTIONS, { error: 'action must be one of the audit log actions' }).optional(),
  ...pageFields({ limit: LIMITS.pageSizeAdmin, offsetMax: LIMITS.adminOffsetMax }),
});
