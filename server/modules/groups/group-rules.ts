import { conflict, forbidden, type AppError } from '../../errors';

/**
 * The group rules the client shows as flags, once each: every function answers the error for the
 * first rule the viewer breaks, or null when the viewer may. The calls throw it; the flags
 * (`can_create_stack`, `can_retire`) show whether it is null.
 */

/** Members add stacks to a group; in a read-only group only its owner does (spec 2 §2.2, §5). */
export function createStackRefusal(group: { is_member: boolean; is_readonly: boolean; owner_id: number }, viewerId: number): AppError | null {
  if (!group.is_member) return forbidden('Only members can create stacks in this group', 'NOT_A_MEMBER');
  if (group.is_readonly && group.owner_id !== viewerId) return forbidden('Only the owner can create stacks in this read-only group', 'READ_ONLY_GROUP');
  return null;
}

/** The owner retires a group, and only while the owner is its only member (spec 2 §6). */
export function retireRefusal(group: { owner_id: number; member_count: number }, viewerId: number): AppError | null {
  if (group.owner_id !== viewerId) return forbidden('Only the group owner can retire a group', 'NOT_THE_OWNER');
  if (group.member_count > 1) return conflict('GROUP_HAS_MEMBERS', 'A group can be retired only when its owner is the only member');
  return null;
}
