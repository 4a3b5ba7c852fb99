import type { GroupDetail } from '../../../../shared/schemas/groups';
import { Section } from './group-section';
import { PersonLink } from './person-link';

interface MembersSectionProps {
  group: GroupDetail;
  busy: boolean;
  onRemove(userId: number, username: string): void;
  onOpenUser(userId: number): void;
}

/** The members with their role; the owner can remove anyone but themself. */
export function MembersSection({ group, busy, onRemove, onOpenUser }: MembersSectionProps) {
  return (
    <Section title="Members">
      <ul className="divide-y divide-base-300 rounded-box bg-base-100 shadow-sm" aria-label="Members">
        {group.members.map((member) => (
          <li key={member.user_id} className="flex items-center gap-3 p-3">
            <PersonLink username={member.user.username} avatarId={member.user.avatar_id} onOpen={() => onOpenUser(member.user_id)} />
            <span className={`badge ${member.role === 'OWNER' ? 'badge-primary' : 'badge-ghost'}`}>{member.role === 'OWNER' ? 'Owner' : 'Member'}</span>
            {group.is_owner && member.role !== 'OWNER' && (
              <button
                type="button"
                className="btn btn-ghost btn-sm text-error"
                aria-label={`Remove ${member.user.username}`}
                disabled={busy}
                onClick={() => onRemove(member.user_id, member.user.username)}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
