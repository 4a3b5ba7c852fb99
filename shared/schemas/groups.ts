import { z } from 'zod';
import { LIMITS } from '../limits';
import { BotSummary } from './bots';
import { Id, pageFields, RequestAnswer, RequestParties, UserRef } from './common';

export const GROUP_MESSAGES = {
  nameRequired: 'Group name is required',
  nameMax: `Group name must be no more than ${LIMITS.groupNameMax} characters`,
  descriptionMax: `Description must be no more than ${LIMITS.groupDescriptionMax} characters`,
} as const;

export const GroupName = z
  .string({ error: GROUP_MESSAGES.nameRequired })
  .trim()
  .min(1, GROUP_MESSAGES.nameRequired)
  .max(LIMITS.groupNameMax, GROUP_MESSAGES.nameMax);

export const GroupDescription = z.string({ error: 'description must be text' }).trim().max(LIMITS.groupDescriptionMax, GROUP_MESSAGES.descriptionMax);

export const CreateGroupInput = z.object({
  name: GroupName,
  description: GroupDescription.default(''),
  is_public: z.boolean().default(true),
  is_restricted: z.boolean().default(false).describe('Only the owner may invite.'),
  is_readonly: z.boolean().default(false).describe('Only the owner may create stacks.'),
});
export type CreateGroupInput = z.infer<typeof CreateGroupInput>;

export const CreateGroupResult = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'CreateGroupResult' });

/** A group as listed (overview, my groups, public groups). */
export const GroupSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    owner_id: z.number().int(),
    owner: z.string().describe("The owner's username."),
    member_count: z.number().int(),
    board_count: z.number().int().describe('Stacks in the group.'),
    is_public: z.boolean(),
    is_restricted: z.boolean(),
    is_readonly: z.boolean(),
    is_member: z.boolean(),
    can_create_stack: z.boolean().describe('The viewer may add a stack to this group: a member, and in a read-only group its owner.'),
  })
  .meta({ id: 'GroupSummary' });
export type GroupSummary = z.infer<typeof GroupSummary>;

export const GroupMember = z
  .object({
    id: z.number().int().describe('Same as user_id.'),
    user_id: z.number().int(),
    role: z.enum(['OWNER', 'MEMBER']),
    user: z.object({ username: z.string(), avatar_id: z.number().int() }),
  })
  .meta({ id: 'GroupMember' });
export type GroupMember = z.infer<typeof GroupMember>;

export const GroupBlock = z
  .object({ user_id: z.number().int(), username: z.string(), avatar_id: z.number().int(), created_at: z.string() })
  .meta({ id: 'GroupBlock' });

/**
 * GET /v1/groups/{id}. Members get the member-only fields; others get them empty
 * (`is_member` false): no members, bots or candidates for non-members (spec 2 §6).
 */
export const GroupDetail = GroupSummary.extend({
  current_user_id: z.number().int(),
  members: z.array(GroupMember),
  bots: z.array(BotSummary),
  non_members: z.array(UserRef).describe("The viewer's friends who are not members (invitation candidates)."),
  pending_invitation_user_ids: z.array(z.number().int()),
  blocks: z.array(GroupBlock).describe('Removed (blocked) users; the owner only.'),
  is_owner: z.boolean(),
  is_invited: z.boolean().describe('The viewer has an open invitation to this group.'),
  can_invite: z.boolean(),
  can_retire: z.boolean().describe('The viewer may retire the group: its owner, while the only member.'),
}).meta({ id: 'GroupDetail' });
export type GroupDetail = z.infer<typeof GroupDetail>;

export const GroupIdInput = z.object({ id: Id });
export const ListGroupsInput = z.object(pageFields({ limit: LIMITS.pageSizeMax }));
export const InviteInput = z.object({ id: Id, userId: Id });
export const GroupUserInput = z.object({ id: Id, userId: Id });
export const AddGroupBlockInput = z.object({
  id: Id,
  group_id: Id.optional().describe('If given, must equal the id in the path.'),
  user_id: Id,
});
export const SetDescriptionInput = z.object({ id: Id, description: GroupDescription });
export const SetDescriptionResult = z.object({ id: z.number().int(), description: z.string() }).meta({ id: 'SetDescriptionResult' });
export const InviteResult = z.object({ message: z.string(), request_id: z.number().int() }).meta({ id: 'InviteResult' });

export const GroupsOverview = z
  .object({ my_groups: z.array(GroupSummary), public_groups: z.array(GroupSummary) })
  .meta({ id: 'GroupsOverview' });

/** A group invitation: a request to join the group. */
export const GroupRequest = RequestParties.extend({ group_id: z.number().int(), group_name: z.string() }).meta({ id: 'GroupRequest' });

/** PUT /v1/users/groups/requests/{id}: the answer and its group. */
export const GroupRequestAnswer = z.object({ id: z.number().int(), status: RequestAnswer, group_id: z.number().int() }).meta({ id: 'GroupRequestAnswer' });
