import type { GroupDetail } from '../../../../shared/schemas/groups';
import { EmptyNote } from '../../components/query-state';
import { Section } from './group-section';
import { PersonLink } from './person-link';

interface InviteSectionProps {
  group: GroupDetail;
  /** Who has an invitation waiting (the server's, and those invited from here since). */
  pending: ReadonlySet<number>;
  busy: boolean;
  onInvite(userId: number, username: string): void;
  onOpenUser(userId: number): void;
}

/** My friends who are not members, each with Invite (or that an invitation waits). */
export function InviteSection({ group, pending, busy, onInvite, onOpenUser }: InviteSectionProps) {
  return (
    <Section title="Invite Friends">
      {group.non_members.length === 0 ? (
        <EmptyNote>No friends to invite.</EmptyNote>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box bg-base-100 shadow-sm" aria-label="Invite Friends">
          {group.non_members.map((friend) => (
            <li key={friend.id} className="flex flex-wrap items-center gap-3 p-3">
              <PersonLink username={friend.username} avatarId={friend.avatar_id} onOpen={() => onOpenUser(friend.id)} />
              {pending.has(friend.id) ? (
                <>
                  <span className="text-sm text-success">Invitation sent</span>
                  <button type="button" className="btn btn-sm" disabled>
                    Invited
                  </button>
                </>
              ) : (
                <button type="button" className="btn btn-primary btn-sm" aria-label={`Invite ${friend.username}`} disabled={busy} onClick={() => onInvite(friend.id, friend.username)}>
                  Invite
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
