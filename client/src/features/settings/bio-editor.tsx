import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { ErrorBanner } from '../../components/error-banner';
import { useTimedMessage } from '../../lib/timed-message';
import { useTRPC } from '../../lib/trpc';
import { useRefreshMe } from './use-refresh-me';

/** Spec 1 §2 Settings: the bio (120 characters at most), saved with PUT /v1/users/me/bio. */
export function BioEditor({ bio }: { bio: string }) {
  const trpc = useTRPC();
  const refreshMe = useRefreshMe();
  const setBio = useMutation(trpc.users.setBio.mutationOptions());
  const [text, setText] = useState(bio);
  const [success, showSuccess] = useTimedMessage();
  const [failed, setFailed] = useState(false);

  async function save() {
    setFailed(false);
    showSuccess(null);
    try {
      const saved = await setBio.mutateAsync({ bio: text });
      setText(saved.bio);
      showSuccess('Bio updated successfully');
      await refreshMe();
    } catch (error) {
      console.error('Failed to update bio', error);
      setFailed(true);
    }
  }

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
      {success && (
        <p role="status" className="text-sm text-success">
          {success}
        </p>
      )}
      {failed && <ErrorBanner message="Failed to update bio" onRetry={() => void save()} onDismiss={() => setFailed(false)} retrying={setBio.isPending} />}
    </form>
  );
}
