import { z } from 'zod';
import { LIMITS } from '../limits';
import { Id, pageFields } from './common';

/** What can be reported (docs/reports.md): a user, a stack or twisted stack, a comment, a group. */
export const ReportTargetType = z.enum(['user', 'stack', 'comment', 'group'], { error: 'target_type must be one of: user, stack, comment, group' });
export type ReportTargetType = z.infer<typeof ReportTargetType>;

/** The documented reasons, in the order the report dialog offers them. */
export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'sexual content', 'violence', 'other'] as const;
export const ReportReason = z
  .enum(REPORT_REASONS, { error: `reason must be one of: ${REPORT_REASONS.join(', ')}` })
  .describe('Why: spam, harassment, hate, sexual content, violence or other.');
export type ReportReason = z.infer<typeof ReportReason>;

/** How each reason reads on screen. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  'sexual content': 'Sexual content',
  violence: 'Violence or threats',
  other: 'Something else',
};

export const ReportStatus = z.enum(['open', 'resolved', 'dismissed'], { error: 'status must be one of: open, resolved, dismissed' });
export type ReportStatus = z.infer<typeof ReportStatus>;

export const REPORT_MESSAGES = {
  noteMax: `note must be no more than ${LIMITS.reportNoteMax} characters`,
  resolutionNoteMax: `resolution_note must be no more than ${LIMITS.reportNoteMax} characters`,
  self: 'You cannot report yourself or your own content',
  already: 'You have already reported this; the admins will look at it',
  thanks: 'Thanks, the admins will look at it.',
} as const;

export const CreateReportInput = z.object({
  target_type: ReportTargetType,
  target_id: Id.describe('The id of the user, stack (or twisted stack), comment or group.'),
  reason: ReportReason,
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(LIMITS.reportNoteMax, REPORT_MESSAGES.noteMax)
    .default('')
    .describe(`What the admins should know (at most ${LIMITS.reportNoteMax} characters).`),
});
export type CreateReportInput = z.infer<typeof CreateReportInput>;

// The target's content as it was when reported: one shape per target type. Loose objects, so that
// a snapshot stored before a field was added still reads.

export const UserSnapshot = z
  .looseObject({ username: z.string(), bio: z.string(), avatar_id: z.number().int() })
  .meta({ id: 'ReportUserSnapshot' });
export const StackSnapshot = z
  .looseObject({
    type: z.enum(['stack', 'twisted']),
    name: z.string().nullable(),
    positions: z.array(z.string()).describe('The items, in the order the owner listed them.'),
    owner_username: z.string(),
    mode: z.enum(['friend', 'group']),
    group_id: z.number().int().nullable(),
    group_name: z.string().nullable(),
    bot_name: z.string().nullable(),
    twist_description: z.string().nullable(),
    stack_id: z.number().int().nullable().describe('For a twisted stack: the original stack (which the sandbox call acts on).'),
  })
  .meta({ id: 'ReportStackSnapshot' });
export const CommentSnapshot = z
  .looseObject({
    text: z.string(),
    author_username: z.string(),
    stack_id: z.number().int().describe('The stack or twisted stack the comment is on.'),
    stack_type: z.enum(['stack', 'twisted']),
    stack_name: z.string().nullable(),
  })
  .meta({ id: 'ReportCommentSnapshot' });
export const GroupSnapshot = z
  .looseObject({ name: z.string(), description: z.string(), owner_username: z.string(), is_public: z.boolean() })
  .meta({ id: 'ReportGroupSnapshot' });
export type UserSnapshot = z.infer<typeof UserSnapshot>;
export type StackSnapshot = z.infer<typeof StackSnapshot>;
export type CommentSnapshot = z.infer<typeof CommentSnapshot>;
export type GroupSnapshot = z.infer<typeof GroupSnapshot>;

/**
 * What the reported target is now, for the admins' queue: whether it is gone, sandboxed, and for
 * how many users an admin hid it. A stack's state is its original's for a twisted stack (the
 * sandbox and hide calls act on the original), a comment's its own.
 */
export const ReportTargetState = z
  .object({
    deleted: z.boolean().describe('Gone: a deleted stack or comment, a deactivated account, a retired group.'),
    sandboxed: z.boolean().describe('A sandboxed stack (its original for a twisted stack) or comment; false for users and groups.'),
    hidden_for_users: z.number().int().describe('How many users the stack (its original for a twisted stack) was hidden for by someone else (an admin); 0 for other targets.'),
  })
  .meta({ id: 'ReportTargetState' });
export type ReportTargetState = z.infer<typeof ReportTargetState>;

export const Report = z
  .object({
    id: z.number().int(),
    reporter: z.string().describe("The reporter's username."),
    target_type: ReportTargetType,
    target_id: z.number().int(),
    reason: ReportReason,
    note: z.string(),
    snapshot: z
      .union([UserSnapshot, StackSnapshot, CommentSnapshot, GroupSnapshot])
      .describe("The target's content when it was reported, by target_type; it stays after the target is edited or deleted."),
    status: ReportStatus,
    resolution_note: z.string().nullable(),
    resolved_by: z.string().nullable().describe('The username of the admin who resolved or dismissed it.'),
    created_at: z.string(),
    resolved_at: z.string().nullable(),
    target_state: ReportTargetState.nullable().describe("The target as it is now (admins only; null for anyone else's view of their own reports)."),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof Report>;

export const ListReportsInput = z.object({
  status: ReportStatus.optional().describe('Only reports in this status; all statuses when omitted.'),
  ...pageFields({ limit: LIMITS.pageSizeReports }),
});
export type ListReportsInput = z.infer<typeof ListReportsInput>;

export const UpdateReportInput = z.object({
  id: Id,
  status: ReportStatus,
  resolution_note: z
    .string({ error: 'resolution_note must be text' })
    .trim()
    .max(LIMITS.reportNoteMax, REPORT_MESSAGES.resolutionNoteMax)
    .optional()
    .describe(`Told to the reporter in the REPORT_RESOLVED notification (at most ${LIMITS.reportNoteMax} characters).`),
});
export type UpdateReportInput = z.infer<typeof UpdateReportInput>;
