import type { UserProfile } from '../../../../shared/schemas/users';
import { emit } from '../../lib/events';

function UserLink({ id, username }: { id: number; username: string }) {
  return (
    <button type="button" className="link link-primary wrap-anywhere" onClick={() => emit('openUser', { userId: id })}>
      {username}
    </button>
  );
}

/**
 * Admins only (docs/decisions/0026-personal-invites.md): who invited this user and whom they invited. The server sends
 * `invited_by` and `invited` to admins alone; for anyone else this shows nothing.
 */
export function InviteLinks({ profile }: { profile: UserProfile }) {
  const { invited_by: invitedBy, invited } = profile;
  if (invitedBy === undefined && invited === undefined) return null;
  return (
    <div className="space-y-1 text-sm" aria-label="Invitations (admins only)" role="group">
      <p>
        {invitedBy ? (
          <>
            Invited by <UserLink id={invitedBy.id} username={invitedBy.username} />
          </>
        ) : (
          <span className="text-base-content/70">Not invited by anyone.</span>
        )}
      </p>
      {invited && invited.length > 0 && (
        <p>
          Invited:{' '}
          {invited.map((user, index) => (
            <span key={user.id}>
              {index > 0 && ', '}
              <UserLink id={user.id} username={user.username} />
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
