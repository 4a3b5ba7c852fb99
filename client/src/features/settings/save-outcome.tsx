import { useState } from 'react';
import { ErrorBanner } from '../../components/error-banner';
import { useTimedMessage } from '../../lib/timed-message';
import { useRefreshMe } from './use-refresh-me';

interface SaveState {
  success: string | null;
  failure: string;
  failed: boolean;
  dismiss(): void;
}

/**
 * A settings change and what it tells (spec 1 §8): `run` performs it and refreshes the current user;
 * its success message clears itself after 3 seconds, its failure stays, with Retry.
 */
export function useSettingsSave(failure: string) {
  const refreshMe = useRefreshMe();
  const [success, showSuccess] = useTimedMessage();
  const [failed, setFailed] = useState(false);

  async function run(change: () => Promise<string>) {
    setFailed(false);
    showSuccess(null);
    try {
      showSuccess(await change());
      await refreshMe();
    } catch (error) {
      console.error(failure, error);
      setFailed(true);
    }
  }

  const state: SaveState = { success, failure, failed, dismiss: () => setFailed(false) };
  return { run, state };
}

/** The success line and the failure banner of a settings change. */
export function SaveOutcome({ state, onRetry, retrying }: { state: SaveState; onRetry(): void; retrying: boolean }) {
  return (
    <>
      {state.success && (
        <p role="status" className="text-sm text-success">
          {state.success}
        </p>
      )}
      {state.failed && <ErrorBanner message={state.failure} onRetry={onRetry} onDismiss={state.dismiss} retrying={retrying} />}
    </>
  );
}
