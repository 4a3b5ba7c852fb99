import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminBot } from '../../../../shared/schemas/admin';
import type { BotRun } from '../../../../shared/schemas/bots';
import { stackPath } from '../../lib/dashboard-paths';
import { errorDetail, httpStatusOf, useTRPC } from '../../lib/trpc';

/** What Run now came to: the run, or the refusal of a second run today (409), which Run again forces. */
export type RunState = { bot: AdminBot; run: BotRun } | { bot: AdminBot; alreadyRan: string } | null;

/**
 * Run now: the run (or the 409 of a bot that already ran today) is kept for `RunResult`; any other
 * failure goes to `onFailed` with the server's detail. The list is refreshed either way.
 */
export function useRunNow({ onStart, onFailed, refresh }: { onStart(): void; onFailed(text: string): void; refresh(): Promise<unknown> }) {
  const trpc = useTRPC();
  const runBot = useMutation(trpc.admin.runBot.mutationOptions());
  const [runState, setRunState] = useState<RunState>(null);

  async function run(bot: AdminBot, force: boolean) {
    onStart();
    setRunState(null);
    try {
      setRunState({ bot, run: await runBot.mutateAsync({ id: bot.id, force }) });
    } catch (error) {
      console.error('Failed to run the bot', error);
      if (httpStatusOf(error) === 409) setRunState({ bot, alreadyRan: errorDetail(error) ?? `${bot.name} already ran today` });
      else onFailed(errorDetail(error) ?? 'Failed to run the bot');
    } finally {
      await refresh();
    }
  }

  return { runState, running: runBot.isPending, run: (bot: AdminBot, force: boolean) => void run(bot, force) };
}

/** The run Run now made (its stack, or why it failed), or the 409 of a bot that already ran today, with Run again. */
export function RunResult({ state, busy, onRunAgain }: { state: NonNullable<RunState>; busy: boolean; onRunAgain(bot: AdminBot): void }) {
  if ('alreadyRan' in state) {
    return (
      <div role="alert" className="alert alert-warning alert-soft flex flex-wrap text-sm">
        <span className="wrap-anywhere">{state.alreadyRan}</span>
        <button type="button" className="btn btn-sm" disabled={busy} onClick={() => onRunAgain(state.bot)}>
          Run again
        </button>
      </div>
    );
  }
  const { bot, run } = state;
  return (
    <div role="status" className={`alert alert-soft flex flex-wrap text-sm ${run.success ? 'alert-success' : 'alert-error'}`}>
      <span className="wrap-anywhere">
        {run.success ? `${bot.name} ran on ${run.run_on} in ${run.runtime.toFixed(1)} s` : `${bot.name} failed on ${run.run_on}: ${run.error ?? 'no reason given'}`}
        {run.keywords_prompt.length > 0 && ` (tags: ${run.keywords_prompt.join(', ')})`}
      </span>
      {run.stack_id !== null && (
        <Link className="link" to={stackPath(run.stack_id, 'stack')}>
          Open the stack
        </Link>
      )}
    </div>
  );
}
