import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { INVITES } from '../../../../shared/limits';
import { invitePath, type Invite, type InviteState } from '../../../../shared/schemas/invites';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format-date';
import { useTimedMessage } from '../../lib/timed-message';
import { errorDetail, useTRPC } from '../../lib/trpc';
import { copyText } from '../../lib/clipboard';

const STATE_LABELS: Record<InviteState, { text: string; badge: string }> = {
  unused: { text: 'Unused', badge: 'badge-info' },
  used: { text: 'Used', badge: 'badge-success' },
  expired: { text: 'Expired', badge: 'badge-ghost' },
};

/** The link as this browser reaches the app (the server's APP_URL may differ behind a proxy). */
export const inviteLink = (code: string) => `${window.location.origin}${invitePath(code)}`;

/**
 * Settings → "Invite a friend" (docs/decisions/0026-personal-invites.md): makes a single-use invite link (7 days) to copy and
 * send, and lists my invites with their state, expiry and who joined with each.
 */
export function InviteFriend() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invites = useQuery(trpc.invites.list.queryOptions());
  const create = useMutation(trpc.invites.create.mutationOptions());
  const [link, setLink] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [copied, showCopied] = useTimedMessage();
  const fieldId = useId();

  async function makeInvite() {
    setFailure(null);
    showCopied(null);
    try {
      const invite = await create.mutateAsync();
      setLink(inviteLink(invite.code));
      await queryClient.invalidateQueries({ queryKey: trpc.invites.list.queryKey() });
    } catch (error) {
      setFailure(errorDetail(error) ?? 'Failed to create an invite');
    }
  }

  async function copy(text: string) {
    setFailure(null);
    if (await copyText(text)) showCopied('Copied');
    else setFailure('Could not copy the link. Select it and copy it yourself.');
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-base-content/80">
        Send a friend a personal link to join. Each link works once and expires after {INVITES.ttlDays} days; whoever joins with it becomes your friend. You can
        hold {INVITES.unusedMax} unused links at a time.
      </p>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => void makeInvite()} disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create invite link'}
      </button>
      {link && (
        <div className="space-y-1">
          <label htmlFor={fieldId} className="block font-semibold">
            Invite link
          </label>
          <div className="flex flex-wrap gap-2">
            <input id={fieldId} className="input input-bordered min-w-0 flex-1 font-mono text-sm" readOnly value={link} onFocus={(event) => event.target.select()} />
            <button type="button" className="btn btn-sm self-center" onClick={() => void copy(link)}>
              Copy
            </button>
          </div>
        </div>
      )}
      <p role="status" className="min-h-5 text-sm text-success">
        {copied}
      </p>
      {failure && (
        <div role="alert" className="alert alert-error alert-soft text-sm">
          {failure}
        </div>
      )}
      <QueryState query={invites} quiet error="Failed to load your invites." loading="Loading invites..." empty="You have not invited anyone yet.">
        {(list) => <InviteList invites={list} onCopy={(code) => void copy(inviteLink(code))} />}
      </QueryState>
    </div>
  );
}

function InviteList({ invites, onCopy }: { invites: Invite[]; onCopy(code: string): void }) {
  return (
    <ul className="divide-y divide-base-300" aria-label="My invites">
      {invites.map((invite) => {
        const state = STATE_LABELS[invite.state];
        return (
          <li key={invite.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <span className="font-mono text-sm break-all">{invite.code}</span>
            <span className={`badge badge-sm ${state.badge}`}>{state.text}</span>
            <span className="min-w-0 text-sm text-base-content/70 wrap-anywhere">
              {invite.state === 'used'
                ? invite.joined
                  ? `Joined: ${invite.joined}`
                  : 'Joined'
                : `${invite.state === 'expired' ? 'Expired' : 'Expires'} ${formatDateTime(invite.expires_at)}`}
            </span>
            {invite.state === 'unused' && (
              <button type="button" className="btn btn-ghost btn-xs sm:ml-auto" onClick={() => onCopy(invite.code)} aria-label={`Copy link of invite ${invite.code}`}>
                Copy link
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
