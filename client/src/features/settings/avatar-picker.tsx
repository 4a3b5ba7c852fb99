import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { Avatar } from '../../components/avatar';
import { useTRPC } from '../../lib/trpc';
import { OutcomeMessage } from '../../components/outcome-message';
import { useSettingsSave } from './use-settings-save';

const AVATAR_IDS = Array.from({ length: LIMITS.avatarIdMax - LIMITS.avatarIdMin + 1 }, (_, i) => LIMITS.avatarIdMin + i);

/** Spec 1 §2 Settings 'Choose Avatar': avatars 1 to 9 in a 3-column grid. */
export function AvatarPicker({ username, avatarId }: { username: string; avatarId: number }) {
  const trpc = useTRPC();
  const setAvatar = useMutation(trpc.users.setAvatar.mutationOptions());
  const { run, outcome, dismiss } = useSettingsSave('Failed to update avatar');
  const [lastTried, setLastTried] = useState(avatarId);
  // Shown as chosen from the click until the refreshed user confirms it (or the call fails).
  const [chosen, setChosen] = useState<number | null>(null);
  const current = chosen ?? avatarId;

  async function choose(id: number) {
    setChosen(id);
    setLastTried(id);
    await run(async () => {
      await setAvatar.mutateAsync({ avatar_id: id });
      return 'Updated avatar';
    });
    setChosen(null);
  }

  return (
    <div className="space-y-3">
      <div className="grid w-full max-w-xs grid-cols-3 gap-3" role="group" aria-label="Choose Avatar">
        {AVATAR_IDS.map((id) => (
          <button
            key={id}
            type="button"
            aria-label={`Avatar ${id}`}
            aria-pressed={current === id}
            disabled={setAvatar.isPending}
            onClick={() => void choose(id)}
            className={`grid aspect-square place-items-center rounded-box border-2 bg-base-200 p-2 transition hover:border-primary disabled:cursor-wait ${
              current === id ? 'border-primary ring-2 ring-primary/40' : 'border-transparent'
            }`}
          >
            <Avatar kind="user" username={username} avatarId={id} size="lg" alt="" />
          </button>
        ))}
      </div>
      <OutcomeMessage outcome={outcome} banner={{ onRetry: () => void choose(lastTried), onDismiss: dismiss, retrying: setAvatar.isPending }} />
    </div>
  );
}
