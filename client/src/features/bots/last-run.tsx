import { useQuery } from '@tanstack/react-query';
import type { BotRun } from '../../../../shared/schemas/bots';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../lib/trpc';

/**
 * The tags a run used. The API sends a list of names; older records (and other servers) may hold a
 * JSON-encoded list or plain comma-separated text, so each form is read.
 */
export function parseKeywordsPrompt(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((item) => item.trim());
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parseKeywordsPrompt(parsed);
    if (typeof parsed === 'string') return parseKeywordsPrompt([parsed]);
  } catch {
    // Not JSON: plain text, read below.
  }
  return parseKeywordsPrompt(value.split(','));
}

/** Spec 2 §2.7: runtime in seconds to two decimals. */
export const runtimeText = (seconds: number) => `Runtime: ${Number(seconds).toFixed(2)} s`;

/** Spec 2 §2.7 Last Run: the most recent run record (responses with limit 1), or 'No runs recorded yet.' */
export function LastRun({ botId, headingId }: { botId: number; headingId: string }) {
  const trpc = useTRPC();
  const runs = useQuery(trpc.bots.responses.queryOptions({ id: botId, limit: 1, offset: 0 }));

  return (
    <section aria-labelledby={headingId} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id={headingId} className="card-title text-lg">
          Last Run
        </h2>
        <QueryState query={runs} quiet error="The last run could not be loaded." empty="No runs recorded yet.">
          {(data) => <RunRecord run={data[0]} />}
        </QueryState>
      </div>
    </section>
  );
}

function RunRecord({ run }: { run: BotRun }) {
  const tags = parseKeywordsPrompt(run.keywords_prompt);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={`badge ${run.success ? 'badge-success' : 'badge-error'}`}>{run.success ? 'Success' : 'Failure'}</span>
        <span>{runtimeText(run.runtime)}</span>
        {run.run_on && <span className="text-sm text-base-content/60">{run.run_on}</span>}
      </div>
      {!run.success && run.error && <p className="wrap-anywhere text-sm text-error">{run.error}</p>}
      <div className="space-y-1">
        <p className="text-sm font-medium text-base-content/70">Tags used</p>
        {tags.length === 0 ? (
          <p className="text-sm text-base-content/60">None</p>
        ) : (
          <ul className="flex flex-wrap gap-1" aria-label="Tags used">
            {tags.map((tag, index) => (
              <li key={`${index}:${tag}`} className="badge badge-outline max-w-full" title={tag}>
                <span className="min-w-0 truncate">{tag}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium text-base-content/70">Prompt</p>
        <pre className="max-h-64 overflow-auto whitespace-pre-wrap wrap-anywhere rounded-box bg-base-200 p-3 font-mono text-sm">{run.raw_prompt || '—'}</pre>
      </div>
    </div>
  );
}
