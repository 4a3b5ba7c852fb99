import { TIMINGS } from '../../../../shared/limits';
import { useActionOutcome } from '../../lib/use-action-outcome';
import { useRefreshMe } from './use-refresh-me';

/**
 * A settings change and what it tells (spec 1 §8): `run` performs it (the change answers with its
 * success text) and refreshes the current user; its success message clears itself after 3 seconds,
 * its failure stays, shown as a banner with Retry (`OutcomeMessage` with `retry`).
 */
export function useSettingsSave(failure: string) {
  const refreshMe = useRefreshMe();
  const { outcome, show, run: runAction } = useActionOutcome({ successMs: TIMINGS.successBannerMs });

  async function run(change: () => Promise<string>) {
    const done = await runAction(change, { success: (text) => text, failure });
    if (done !== undefined) await refreshMe();
  }

  return { run, outcome, dismiss: () => show(null) };
}
