import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Avatar } from '../../components/avatar';
import { ErrorBanner } from '../../components/error-banner';
import { QueryState } from '../../components/query-state';
import { useMuteActions } from '../../lib/mutes';
import { useTRPC } from '../../lib/trpc';

/** Settings → Muted users (docs/mute.md): the users I muted, each with Unmute. */
export function MutedUsers() {
  const trpc = useTRPC();
  const list = useQuery(trpc.mutes.list.queryOptions());
  const { unmute, busy } = useMuteActions();
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState<{ id: number; username: string } | null>(null);

  async function run(user: { id: number; username: string }) {
    setFailed(null);
    setStatus('');
    try {
      await unmute(user.id);
      setStatus(`You unmuted ${user.username}.`);
    } catch (error) {
      console.error('Failed to unmute user', error);
      setFailed(user);
    }
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-base-content/70">Their stacks, comments and notifications are hidden from you. They are not told, and stay your friends and fellow members.</p>
      {failed && <ErrorBanner message="Failed to unmute user" onRetry={() => void run(failed)} onDismiss={() => setFailed(null)} retrying={busy} />}
      <QueryState query={list} inline error="Failed to load muted users" empty="You have not muted anyone.">
        {(users) => (
          <ul className="divide-y divide-base-300" aria-label="Muted users">
            {users.map((user) => (
              <li key={user.id} className="flex items-center gap-3 py-2">
                <Avatar kind="user" username={user.username} avatarId={user.avatar_id} size="sm" />
                <span className="min-w-0 flex-1 font-medium wrap-anywhere">{user.username}</span>
                <button type="button" className="btn btn-sm" onClick={() => void run(user)} disabled={busy} aria-label={`Unmute ${user.username}`}>
                  Unmute
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <p role="status" className="text-sm text-base-content/80">
        {status}
      </p>
    </div>
  );
}
