import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { TIMINGS } from '../../../../shared/limits';
import type { Session } from '../../../../shared/schemas/sessions';
import { OutcomeMessage } from '../../components/outcome-message';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format-date';
import { refocusIfLost } from '../../lib/refocus';
import { useTRPC } from '../../lib/trpc';
import { serverDetailOr, useActionOutcome } from '../../lib/use-action-outcome';

/**
 * Settings → Security → Sessions (docs/sessions.md): every live sign-in of mine, this device's
 * marked, each other one with Sign out; its token is refused at once and its event streams close.
 */
export function SessionList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.sessions.list.queryOptions());
  const end = useMutation(trpc.sessions.end.mutationOptions());
  const endOthers = useMutation(trpc.sessions.endOthers.mutationOptions());
  const { outcome, run: runAction } = useActionOutcome({ successMs: TIMINGS.successBannerMs });
  const busy = end.isPending || endOthers.isPending;
  const statusRef = useRef<HTMLParagraphElement>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.sessions.list.queryKey() });

  async function run(action: () => Promise<string>) {
    await runAction(action, { success: (text) => text, failure: serverDetailOr('Failed to sign out the session') });
    await refresh();
    // The row and its button are gone: the outcome takes the focus.
    refocusIfLost(() => statusRef.current);
  }

  const signOut = (session: Session) =>
    run(async () => {
      await end.mutateAsync({ id: session.id });
      return `Signed out ${session.device}.`;
    });

  const signOutOthers = () =>
    run(async () => {
      const { ended } = await endOthers.mutateAsync();
      return ended === 1 ? 'Signed out of 1 other session.' : `Signed out of ${ended} other sessions.`;
    });

  return (
    <div className="space-y-3">
      <p className="text-sm text-base-content/80">Where you are signed in. Sign out of a session you do not recognise, then change your password.</p>
      <QueryState query={sessions} quiet error="Failed to load sessions" empty="No sessions.">
        {(list) => (
          <>
            <ul className="divide-y divide-base-300" aria-label="Sessions">
              {thisDeviceFirst(list).map((session) => (
                <SessionRow key={session.id} session={session} busy={busy} onSignOut={() => void signOut(session)} />
              ))}
            </ul>
            {list.some((session) => !session.current) && (
              <button type="button" className="btn btn-sm btn-outline" onClick={() => void signOutOthers()} disabled={busy}>
                Sign out of all other sessions
              </button>
            )}
          </>
        )}
      </QueryState>
      <OutcomeMessage outcome={outcome} statusRef={statusRef} />
    </div>
  );
}

/** This device's session on top; the others newest first, as the server lists them. */
function thisDeviceFirst(list: Session[]): Session[] {
  return [...list.filter((session) => session.current), ...list.filter((session) => !session.current)];
}

function SessionRow({ session, busy, onSignOut }: { session: Session; busy: boolean; onSignOut(): void }) {
  const deviceId = `session-${session.id}-device`;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid={`session-${session.id}`}>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <span id={deviceId} className="font-medium wrap-anywhere">
            {session.device}
          </span>
          {session.current && <span className="badge badge-primary badge-sm">This device</span>}
          {session.second_factor && <span className="badge badge-outline badge-sm">Two-factor</span>}
        </p>
        {/* Each date wraps as a whole: a narrow screen puts them on two lines, not one split mid-phrase. */}
        <p className="flex flex-wrap gap-x-3 text-sm text-base-content/80">
          <span>
            Signed in <time dateTime={session.created_at}>{formatDateTime(session.created_at)}</time>
          </span>
          <span>
            Last active <time dateTime={session.last_seen_at}>{formatDateTime(session.last_seen_at)}</time>
          </span>
        </p>
        <p className="font-mono text-sm text-base-content/80 wrap-anywhere">{session.ip}</p>
      </div>
      {!session.current && (
        <button type="button" className="btn btn-sm" onClick={onSignOut} disabled={busy} aria-describedby={deviceId}>
          Sign out
        </button>
      )}
    </li>
  );
}
