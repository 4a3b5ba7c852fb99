import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { AdminBot } from '../../../../shared/schemas/admin';
import { TableHead } from '../../components/data-table';
import { OutcomeMessage } from '../../components/outcome-message';
import { QueryState } from '../../components/query-state';
import { pathOfRequest, type DashboardEntryState } from '../../lib/dashboard-paths';
import { useTRPC } from '../../lib/trpc';
import { useActionOutcome } from '../../lib/use-action-outcome';
import { ADMIN_PAGE, Pager } from './admin-pager';
import { BotCreateDialog } from './bot-create-dialog';
import { BotEditDialog } from './bot-edit-dialog';
import { RunResult, useRunNow } from './run-now';
import { scheduleShort } from './schedule-short';
import { ScrollTable } from './scroll-table';
import { SectionHeading } from './section-heading';

const COLUMNS = [{ label: 'Name' }, { label: 'Owner' }, { label: 'Audience' }, { label: 'Schedule' }, { label: 'Tags', numeric: true }, { label: 'Last run' }, { label: 'Actions' }];

/** Bots (docs/admin.md): every bot with its owner, audience, schedule and last run; create, edit, run now. */
export function BotsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const location = useLocation();
  const headingId = useId();
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminBot | null>(null);
  const bots = useQuery(trpc.admin.listBots.queryOptions({ offset, limit: ADMIN_PAGE }));
  const { outcome, show } = useActionOutcome();
  const refresh = () => queryClient.invalidateQueries(trpc.admin.listBots.pathFilter());
  const runNow = useRunNow({ onStart: () => show(null), onFailed: (text) => show({ ok: false, text }), refresh });
  // A bot's page opened from here closes back to here (docs/addresses.md: the entry's `from`).
  const from: DashboardEntryState = { from: location.pathname };

  const done = (text: string) => {
    show({ ok: true, text });
    void refresh();
  };

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
      <OutcomeMessage outcome={outcome} />
      {runNow.runState && <RunResult state={runNow.runState} busy={runNow.running} onRunAgain={(bot) => runNow.run(bot, true)} />}
      <QueryState query={bots} error="Failed to load bots" empty="No bots yet.">
        {(page) => (
          <ScrollTable label="Bot list">
            <TableHead columns={COLUMNS} />
            <tbody>
              {page.map((bot) => (
                <BotRow key={bot.id} bot={bot} from={from} running={runNow.running} onEdit={setEditing} onRun={(chosen) => runNow.run(chosen, false)} />
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
            done(`Bot ${bot.name} created`);
          }}
        />
      )}
      {editing && (
        <BotEditDialog
          bot={editing}
          onClose={() => setEditing(null)}
          onSaved={(_bot, message) => {
            setEditing(null);
            done(message);
          }}
        />
      )}
    </section>
  );
}

function BotRow({ bot, from, running, onEdit, onRun }: { bot: AdminBot; from: DashboardEntryState; running: boolean; onEdit(bot: AdminBot): void; onRun(bot: AdminBot): void }) {
  return (
    <tr data-bot-id={bot.id}>
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
          <button type="button" className="btn btn-xs" onClick={() => onEdit(bot)} aria-label={`Edit ${bot.name}`}>
            Edit
          </button>
          <button type="button" className="btn btn-xs whitespace-nowrap" disabled={running} onClick={() => onRun(bot)} aria-label={`Run ${bot.name} now`}>
            Run now
          </button>
        </div>
      </td>
    </tr>
  );
}
