import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { useTRPC } from '../../lib/trpc';
import { SaveOutcome, useSettingsSave } from './save-outcome';

/** Spec 1 §2 Settings: the bio (120 characters at most), saved with PUT /v1/users/me/bio. */
export function BioEditor({ bio }: { bio: string }) {
  const trpc = useTRPC();
  const setBio = useMutation(trpc.users.setBio.mutationOptions());
  const [text, setText] = useState(bio);
  const { run, state } = useSettingsSave('Failed to update bio');

  const save = () =>
    run(async () => {
      const saved = await setBio.mutateAsync({ bio: text });
      setText(saved.bio);
      return 'Bio updated successfully';
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form onSubmit={onSubmit} className="space-y-2">
      <label htmlFor="settings-bio" className="block font-semibold">
        Bio
      </label>
      <textarea
        id="settings-bio"
        className="textarea w-full"
        rows={3}
        placeholder="Tell us about yourself..."
        maxLength={LIMITS.bioMax}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby="settings-bio-count"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id="settings-bio-count" className="text-sm tabular-nums text-base-content/70">
          {text.length}/{LIMITS.bioMax}
        </span>
        <button type="submit" className="btn btn-primary btn-sm" disabled={setBio.isPending || text === bio}>
          {setBio.isPending ? 'Saving...' : 'Save Bio'}
        </button>
      </div>
      <SaveOutcome state={state} onRetry={() => void save()} retrying={setBio.isPending} />
    </form>
  );
}
