import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserProfile } from '../../../../shared/schemas/users';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { OutcomeMessage } from '../../components/outcome-message';
import { ReportButton } from '../../components/report-dialog';
import { emit } from '../../lib/events';
import { useRefreshSocialGraph } from '../../lib/social-graph';
import { useTRPC } from '../../lib/trpc';
import { useActionOutcome } from '../../lib/use-action-outcome';
import { MuteControl } from './mute-control';

/** The buttons of spec 1 §2 by friend status, their dialogs, and their failure banners. */
export function ProfileActions({ user, onBack, onBlocked }: { user: UserProfile; onBack(): void; onBlocked(): void }) {
  const actions = useFriendActions(user, onBlocked);
  const [dialog, setDialog] = useState<'unfriend' | 'block' | null>(null);
  return (
    <div className="space-y-3">
      <OutcomeMessage outcome={actions.outcome} banner={actions.banner} />
      <div className="flex flex-wrap gap-2" role="group" aria-label="Profile actions">
        <button type="button" className="btn" onClick={onBack}>
          Back
        </button>
        <FriendshipButtons user={user} actions={actions} onUnfriend={() => setDialog('unfriend')} />
        <button type="button" className="btn btn-ghost text-error sm:ml-auto" onClick={() => setDialog('block')} disabled={actions.busy}>
          Block
        </button>
      </div>
      {/* Mute (with its status line) and Report share one row, under Block. */}
      <div className="flex flex-wrap items-center gap-2">
        <div className="min-w-0 flex-1">
          <MuteControl user={user} />
        </div>
        <ReportButton target={{ type: 'user', id: user.id }} ariaLabel={`Report ${user.username}`} className="btn btn-ghost btn-sm" />
      </div>
      <ConfirmDialog
        open={dialog === 'unfriend'}
        title="Are you sure?"
        confirmLabel="Yes, Unfriend"
        danger
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          actions.unfriend();
        }}
      >
        <p>{`This will remove ${user.username} from your friends list.`}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'block'}
        title="Are you sure?"
        confirmLabel="Yes, Block"
        danger
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          actions.block();
        }}
      >
        <p>{`This will block ${user.username}. This action cannot be undone.`}</p>
      </ConfirmDialog>
    </div>
  );
}

type FriendActions = ReturnType<typeof useFriendActions>;

/**
 * Friend, answer, unfriend and block: each failure shows its banner, whose Retry runs it again.
 * 'Friend request sent' belongs to the status it was sent from; any change of status ends it.
 */
function useFriendActions(user: UserProfile, onBlocked: () => void) {
  const trpc = useTRPC();
  const refresh = useRefreshSocialGraph();
  const sendRequest = useMutation(trpc.friends.sendRequest.mutationOptions());
  const respond = useMutation(trpc.friends.respond.mutationOptions());
  const unfriend = useMutation(trpc.friends.unfriend.mutationOptions());
  const block = useMutation(trpc.friends.block.mutationOptions());
  const busy = sendRequest.isPending || respond.isPending || unfriend.isPending || block.isPending;
  const { outcome, show, run } = useActionOutcome();
  const [retry, setRetry] = useState<{ again(): void } | null>(null);
  const [requestSent, setRequestSent] = useState(false);
  const status = user.friend_status;
  const [statusSeen, setStatusSeen] = useState(status);
  if (statusSeen !== status) {
    setStatusSeen(status);
    setRequestSent(false);
  }

  function attempt(action: () => Promise<unknown>, failure: string) {
    setRetry({ again: () => attempt(action, failure) });
    void run(action, { failure });
  }

  return {
    outcome,
    busy,
    banner: { onRetry: retry?.again, onDismiss: () => show(null), retrying: busy },
    sent: status === 'pending' || (status === 'not_friends' && requestSent),
    friend: () =>
      attempt(async () => {
        await sendRequest.mutateAsync({ user_id: user.id });
        setRequestSent(true);
        await refresh();
      }, 'Failed to send friend request'),
    answer: (answer: 'ACCEPTED' | 'REJECTED') =>
      attempt(
        async () => {
          if (user.friend_request_id === null) throw new Error('No open friend request');
          await respond.mutateAsync({ id: user.friend_request_id, status: answer });
          emit('notificationRefresh');
          await refresh();
        },
        answer === 'ACCEPTED' ? 'Failed to accept friend request' : 'Failed to ignore friend request',
      ),
    unfriend: () =>
      attempt(async () => {
        await unfriend.mutateAsync({ id: user.id });
        await refresh();
      }, 'Failed to unfriend user'),
    block: () =>
      attempt(async () => {
        await block.mutateAsync({ user_id: user.id });
        onBlocked();
        await refresh();
      }, 'Failed to block user'),
  };
}

/** What the friend status offers: Create Stack and Unfriend, Friend User (or that it was sent), or the answers to a request. */
function FriendshipButtons({ user, actions, onUnfriend }: { user: UserProfile; actions: FriendActions; onUnfriend(): void }) {
  const status = user.friend_status;
  const { busy, sent } = actions;
  return (
    <>
      {status === 'friends' && (
        <>
          {/* The dashboard answers newStack with the 'New Friend Stack' dialog (spec 2). */}
          <button type="button" className="btn btn-primary" onClick={() => emit('newStack', { mode: 'friend', targetId: user.id })}>
            Create Stack
          </button>
          <button type="button" className="btn btn-outline" onClick={onUnfriend} disabled={busy}>
            Unfriend
          </button>
        </>
      )}
      {status === 'not_friends' && !sent && (
        <button type="button" className="btn btn-primary" onClick={actions.friend} disabled={busy}>
          Friend User
        </button>
      )}
      {sent && (
        <button type="button" className="btn btn-primary" disabled>
          Friend request sent
        </button>
      )}
      {status === 'incoming' && (
        <>
          <button type="button" className="btn btn-primary" onClick={() => actions.answer('ACCEPTED')} disabled={busy}>
            Accept Friend Request
          </button>
          <button type="button" className="btn btn-outline" onClick={() => actions.answer('REJECTED')} disabled={busy}>
            Ignore Friend Request
          </button>
        </>
      )}
    </>
  );
}
