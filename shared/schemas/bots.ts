import { z } from 'zod';
import { LIMITS } from '../limits';
import { TAG_STATUSES } from '../tag-lifecycle';
import { Id, pageFields, UserRef } from './common';

/** Spec 2 §5 tag messages, shared by the tags editor and the server. */
export const BOT_MESSAGES = {
  tagMax: `Tag name must be ${LIMITS.tagMax} characters or less`,
  tagFormat: 'Invalid tag format. Tags must match pattern: text with optional (context) at the end. Commas are not allowed.',
  nameRequired: 'Bot name is required',
  nameMax: `Bot name must be ${LIMITS.botNameMax} characters or less`,
  bioMax: `Bot bio must be ${LIMITS.botBioMax} characters or less`,
  avatar: `avatar_id must be from ${LIMITS.avatarIdMin} to ${LIMITS.avatarIdMax}`,
  schedule: `schedule must list distinct weekdays from 0 (Monday) to ${LIMITS.weekdayMax} (Sunday)`,
} as const;

/** Text without commas or parentheses, then at most one trailing '(context)'. */
export const TAG_PATTERN = /^[^,()]+(\([^,()]+\))?$/;

/** A tag (spec 2 §5): trimmed, at most LIMITS.tagMax characters, the pattern above. */
export const TagName = z
  .string({ error: BOT_MESSAGES.tagFormat })
  .trim()
  .max(LIMITS.tagMax, BOT_MESSAGES.tagMax)
  .regex(TAG_PATTERN, BOT_MESSAGES.tagFormat);

/** The lifecycle and its transitions are in shared/tag-lifecycle.ts. */
export const TagStatus = z.enum(TAG_STATUSES).meta({ id: 'TagStatus' });
export type TagStatus = z.infer<typeof TagStatus>;

export const BotKeyword = z
  .object({
    id: z.number().int(),
    name: z.string(),
    status: TagStatus,
    is_available: z.boolean().describe('False for ACTIVE tags already used in the current rotation: they are not chosen again until every ACTIVE tag has been used.'),
  })
  .meta({ id: 'BotKeyword' });
export type BotKeyword = z.infer<typeof BotKeyword>;

const GroupRef = z.object({ id: z.number().int(), name: z.string() });

/** GET /v1/bots/{id}: the Bot of spec 2 §3. */
export const Bot = z
  .object({
    id: z.number().int(),
    name: z.string(),
    avatar_id: z.number().int().describe('Its picture is /assets/{avatar_id}.'),
    bio: z.string(),
    owner_id: z.number().int(),
    owner: z.object({ username: z.string(), avatar_id: z.number().int() }),
    friend_id: z.number().int().nullable().describe('The audience user of a user bot; null for a group bot.'),
    friend: UserRef.nullable(),
    group: GroupRef.nullable(),
    audience: z.discriminatedUnion('type', [z.object({ type: z.literal('user'), user: UserRef }), z.object({ type: z.literal('group'), group: GroupRef })]),
    data: z.object({ schedule: z.array(z.number().int()).describe(`Weekdays 0-${LIMITS.weekdayMax}, Monday = 0.`) }),
    keywords: z.array(BotKeyword),
    can_edit_tags: z.boolean().describe('The viewer may add and remove tags.'),
  })
  .meta({ id: 'Bot' });
export type Bot = z.infer<typeof Bot>;

/** A bot in lists: GET /v1/bots and a group's bots. */
export const BotSummary = z
  .object({ id: z.number().int(), name: z.string(), bio: z.string(), avatar_id: z.number().int() })
  .meta({ id: 'BotSummary' });
export type BotSummary = z.infer<typeof BotSummary>;

/** A bot run record (GET /v1/bots/{id}/responses). */
export const BotRun = z
  .object({
    id: z.number().int(),
    run_on: z.string().describe('The UTC day of the run, YYYY-MM-DD.'),
    success: z.boolean(),
    runtime: z.number().describe('Seconds.'),
    keywords_prompt: z.array(z.string()).describe('The tags the run used.'),
    raw_prompt: z.string().describe('What was asked of the generator.'),
    stack_id: z.number().int().nullable(),
    error: z.string().nullable(),
    started_at: z.string(),
    created_at: z.string().describe('Same as started_at.'),
  })
  .meta({ id: 'BotRun' });
export type BotRun = z.infer<typeof BotRun>;

export const BotIdInput = z.object({ id: Id });
export const BotResponsesInput = z.object({
  id: Id,
  ...pageFields({ limit: LIMITS.pageSizeBotRuns }),
});

const TagList = z.array(TagName).min(1, 'keywords must name at least one tag').max(LIMITS.tagsPerCallMax);

export const AddKeywordsInput = z.object({ id: Id, keywords: TagList });
export const RemoveKeywordsInput = z.object({
  id: Id,
  // The REST adapter reads DELETE input like a query string, where a one-element list arrives as its item.
  keywords: z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(TagName).max(LIMITS.tagsPerCallMax)).optional(),
  purge: z.boolean().optional().describe('Also remove every DISABLED tag.'),
});

export const Schedule = z
  .array(z.number({ error: BOT_MESSAGES.schedule }).int(BOT_MESSAGES.schedule).min(0, BOT_MESSAGES.schedule).max(LIMITS.weekdayMax, BOT_MESSAGES.schedule), { error: BOT_MESSAGES.schedule })
  .refine((days) => new Set(days).size === days.length, BOT_MESSAGES.schedule);

/** How a bot makes its stacks: `builtin` from the catalogue shipped with the app, `openai` from OPENAI_BASE_URL. */
export const BotGenerator = z.enum(['builtin', 'openai'], { error: 'generator must be builtin or openai' });
export type BotGenerator = z.infer<typeof BotGenerator>;

/** Spec 2 §6: Purge is for the bot's owner, and for the editors of a user bot (one with a friend_id). */
export function canPurgeTags(bot: { owner_id: number; friend_id: number | null }, viewerId: number | undefined): boolean {
  return bot.owner_id === viewerId || bot.friend_id !== null;
}

export const CreateBotInput = z
  .object({
    name: z.string({ error: BOT_MESSAGES.nameRequired }).trim().min(1, BOT_MESSAGES.nameRequired).max(LIMITS.botNameMax, BOT_MESSAGES.nameMax),
    bio: z.string().trim().max(LIMITS.botBioMax, BOT_MESSAGES.bioMax).default(''),
    avatar_id: z.number({ error: BOT_MESSAGES.avatar }).int(BOT_MESSAGES.avatar).min(LIMITS.avatarIdMin, BOT_MESSAGES.avatar).max(LIMITS.avatarIdMax, BOT_MESSAGES.avatar),
    owner_id: Id.describe('The user the bot belongs to; its stacks are posted in their name.'),
    audience: z.discriminatedUnion('type', [z.object({ type: z.literal('user'), user_id: Id }), z.object({ type: z.literal('group'), group_id: Id })], {
      error: 'audience must be {type: "user", user_id} or {type: "group", group_id}',
    }),
    schedule: Schedule.default([0, 1, 2, 3, 4, 5, 6]),
    tags: z.array(TagName).max(LIMITS.tagsPerCallMax).default([]),
    generator: BotGenerator.default('builtin').describe('builtin: the offline topic catalogue; openai: the OpenAI-compatible endpoint the server is configured with.'),
  })
  .meta({ id: 'CreateBotInput' });
export type CreateBotInput = z.infer<typeof CreateBotInput>;

export const CreateBotResult = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'CreateBotResult' });
