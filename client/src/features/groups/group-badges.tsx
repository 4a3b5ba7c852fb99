import type { GroupSummary } from '../../../../shared/schemas/groups';

/** The create dialog's hints (spec 1 §2), also the badges' titles. */
export const RESTRICTED_HINT = 'Only the owner is allowed to invite users.';
export const READONLY_HINT = 'Only the owner can create new stacks.';

/**
 * What sets a group apart, as badges (spec 2 §2.5, §5): 'Private Group' when not public,
 * 'Restricted' when only the owner may invite, 'Read-only' when only the owner may add stacks.
 * Each says what it means in its title, in the create dialog's words.
 */
export function GroupBadges({ group, size }: { group: Pick<GroupSummary, 'is_public' | 'is_restricted' | 'is_readonly'>; size?: 'sm' }) {
  const sized = size === 'sm' ? 'badge-sm' : '';
  return (
    <>
      {!group.is_public && <span className={`badge ${sized} badge-warning badge-soft`}>Private Group</span>}
      {group.is_restricted && (
        <span className={`badge ${sized} badge-info badge-soft`} title={RESTRICTED_HINT}>
          Restricted
        </span>
      )}
      {group.is_readonly && (
        <span className={`badge ${sized} badge-info badge-soft`} title={READONLY_HINT}>
          Read-only
        </span>
      )}
    </>
  );
}
