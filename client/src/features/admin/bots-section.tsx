import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { AdminBot } from '../../../../shared/schemas/admin';
import type { BotRun } from '../../../../shared/schemas/bots';
import { TableHead } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { pathOfRequest, stackPath, type DashboardEntryState } from '../../lib/dashboard-paths';
import { errorDetail, httpStatusOf, useTRPC } from '../../lib/trpc';
import { ADMIN_PAGE, OutcomeLine, Pager, scheduleShort, ScrollTable, SectionHeading, useOutcome } from './admin-parts';
import { BotCreateDialog } from './bot-create-dialog';
import { BotEditDialog } from './bot-edit-dialog';

const COLUMNS = [{ label: 'Name' }, { label: 'Owner' }, { label: 'Audience' }, { label: 'Schedule' }, { label: 'Tags', numeric: true }, { label: 'Last run' }, { label: 'Actions' }];

/** What Run now came to: the run, or the refusal of a second run today (409), which Run again forces. */
type RunState = { bot: AdminBot; run: BotRun } | { bot: AdminBot; alreadyRan: string } | null;

/** Bots (docs/admin.md): every bot with its owner, audience, schedule and last run; create, edit, run now. */
export function BotsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const location = useLocation();
  const headingId = useId();
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminBot | null>(null);
  const [runState, setRunState] = useState<RunState>(null);
  const bots = useQuery(trpc.admin.listBots.queryOptions({ offset, limit: ADMIN_PAGE }));
  const runBot = useMutation(trpc.admin.runBot.mutationOptions());
  const { outcome, setOutcome } = useOutcome();

  const refresh = () => queryClient.invalidateQueries(trpc.admin.listBots.pathFilter());
  // A bot's page opened from here closes back to here (docs/addresses.md: the entry's `from`).
  const from: DashboardEntryState = { from: location.pathname };

  async function run(bot: AdminBot, force: boolean) {
    setOutcome(null);
    setRunState(null);
    try {
      setRunState({ bot, run: await runBot.mutateAsync({ id: bot.id, force }) });
    } catch (error) {
      console.error('Failed to run the bot', error);
      if (httpStatusOf(error) === 409) setRunState({ bot, alreadyRan: errorDetail(error) ?? `${bot.name} already ran today` });
      else setOutcome({ ok: false, text: errorDetail(error) ?? 'Failed to run the bot' });
    } finally {
      await refresh();
    }
  }

  return (
    <section className="space-y-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <SectionHeading id={headingId} title="Bots">
          Bots post stacks for their owner to a user or a group on their weekdays.
        </SectionHeading>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
          New bot
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
      {runState && <RunResult state={runState} busy={runBot.isPending} onRunAgain={(bot) => void run(bot, true)} />}
      <QueryState query={bots} error="Failed to load bots" empty="No bots yet.">
        {(page) => (
          <ScrollTable label="Bot list">
            <TableHead columns={COLUMNS} />
            <tbody>
              {page.map((bot) => (
                <tr key={bot.id} data-bot-id={bot.id}>
                  <td className="whitespace-nowrap">
                    <Link className="link link-primary" to={pathOfRequest({ kind: 'bot', id: bot.id })} state={from}>
                      {bot.name}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap">{bot.owner.username}</td>
                  <td className="whitespace-nowrap">{bot.audience.type === 'user' ? bot.audience.user.username : `Group ${bot.audience.group.name}`}</td>
                  <td className="whitespace-nowrap">{scheduleShort(bot.schedule)}</td>
                  <td className="text-right">{bot.keywords.length}</td>
                  <td className="whitespace-nowrap">{bot.last_run ? `${bot.last_run.run_on}: ${bot.last_run.success ? 'success' : 'failed'}` : 'Never'}</td>
                  <td>
                    <div className="flex flex-nowrap gap-1">
                      <button type="button" className="btn btn-xs" onClick={() => setEditing(bot)} aria-label={`Edit ${bot.name}`}>
                        Edit
                      </button>
                      <button type="button" className="btn btn-xs whitespace-nowrap" disabled={runBot.isPending} onClick={() => void run(bot, false)} aria-label={`Run ${bot.name} now`}>
                        Run now
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </QueryState>
      <Pager label="Bot pages" offset={offset} shown={bots.data?.length ?? 0} onChange={setOffset} />
      {creating && (
        <BotCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(bot) => {
            setCreating(false);
            setOutcome({ ok: true, text: `Bot ${bot.name} created` });
            void refresh();
          }}
        />
      )}
      {editing && (
        <BotEditDialog
          bot={editing}
          onClose={() => setEditing(null)}
          onSaved={(_bot, message) => {
            setEditing(null);
            setOutcome({ ok: true, text: message });
            void refresh();
          }}
        />
      )}
    </section>
  );
}

/** The run Run now made (its stack, or why it failed), or the 409 of a bot that already ran today, with Run again. */
function RunResult({ state, busy, onRunAgain }: { state: NonNullable<RunState>; busy: boolean; onRunAgain(bot: AdminBot): void }) {
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
