import { useState } from 'react';
import type { UserProfile } from '../../../../shared/schemas/users';
import { useMuteActions } from '../../lib/mutes';

/**
 * The profile's Mute / Unmute button (docs/mute.md), beside Block: it acts at once (a mute is
 * quiet and undone here or in Settings, so it asks nothing) and says what happened in a status line.
 */
export function MuteControl({ user }: { user: Pick<UserProfile, 'id' | 'username' | 'muted'> }) {
  const { mute, unmute, busy } = useMuteActions();
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const muted = user.muted === true;

  async function toggle() {
    setStatus(null);
    try {
      if (muted) {
        await unmute(user.id);
        setStatus({ text: `You unmuted ${user.username}.` });
      } else {
        await mute(user.id);
        setStatus({ text: `You muted ${user.username}: their stacks, comments and notifications are hidden from you. They are not told.` });
      }
    } catch (error) {
      console.error(muted ? 'Failed to unmute user' : 'Failed to mute user', error);
      setStatus({ text: muted ? 'Failed to unmute user' : 'Failed to mute user', error: true });
    }
  }

  return (
    <div className="flex flex-wrap items-center justify-end gap-2" role="group" aria-label="Mute">
      <p role="status" className={`min-w-0 flex-1 text-sm wrap-anywhere ${status?.error ? 'text-error' : 'text-base-content/80'}`}>
        {status?.text}
      </p>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => void toggle()} disabled={busy} aria-pressed={muted}>
        {muted ? 'Unmute' : 'Mute'}
      </button>
    </div>
  );
}
