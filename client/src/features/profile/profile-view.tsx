import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { SOCIAL_PLATFORM_LABELS, type SharedActivity, type UserProfile } from '../../../../shared/schemas/users';
import { Avatar } from '../../components/avatar';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TableHead } from '../../components/data-table';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingNote, NotFound, QueryState } from '../../components/query-state';
import { FriendStatusLine } from '../../components/friend-status-line';
import { ReportButton } from '../../components/report-dialog';
import { useCurrentUser } from '../../lib/current-user';
import { emit } from '../../lib/events';
import { useRefreshSocialGraph } from '../../lib/social-graph';
import { httpStatusOf, useTRPC } from '../../lib/trpc';
import { FriendshipOverTime } from './friendship-over-time';
import { InviteLinks } from './invite-links';
import { lastLoginText } from './last-login';
import { MuteControl } from './mute-control';

/** The Shared Activity table's rows (spec 1 §3): each kind counts its stacks and their twists. */
const sharedRows: { kind: string; count(activity: SharedActivity): number }[] = [
  { kind: 'Friend Stacks', count: (a) => a.friend_stacks_shared + a.friend_twisted_stacks_shared },
  { kind: 'Group Stacks', count: (a) => a.group_stacks_shared + a.group_twisted_stacks_shared },
];

export interface ProfileViewProps {
  userId: number;
  /** 'Back', shown in every status. */
  onBack(): void;
  /** After a block: spec 1 §4 "Blocking returns to the Users tab". */
  onBlocked(): void;
  /** Each time the profile has loaded (the dashboard opens its tab only then). */
  onLoaded?(profile: UserProfile): void;
  /** The answer was 404: the user does not exist or may not be seen. */
  onNotFound?(): void;
  /** The profile could not be loaded for another reason than "not found". */
  onLoadFailed?(): void;
  /** 'Failed to load user profile' in a tab, 'Failed to load user' on the stand-alone page. */
  loadErrorMessage?: string;
  /** Your own profile offers 'Edit Profile', which goes to settings. */
  onOpenSettings?(): void;
}

interface Banner {
  message: string;
  retry(): void;
}

/** Spec 1 §2 "Profile view": who the user is, what we share, and the friend actions. */
export function ProfileView({
  userId,
  onBack,
  onBlocked,
  onLoaded,
  onNotFound,
  onLoadFailed,
  onOpenSettings,
  loadErrorMessage = 'Failed to load user profile',
}: ProfileViewProps) {
  const trpc = useTRPC();
  const me = useCurrentUser();
  // Your own profile: no relationship, nothing shared with yourself, no friend or block actions.
  const isSelf = me.data?.id === userId;
  const profile = useQuery(trpc.users.get.queryOptions({ id: userId }));
  const notFound = profile.isError && httpStatusOf(profile.error) === 404;

  const loaded = useEffectEvent((data: UserProfile) => onLoaded?.(data));
  const failed = useEffectEvent((isNotFound: boolean) => (isNotFound ? onNotFound?.() : onLoadFailed?.()));
  useEffect(() => {
    if (profile.data) loaded(profile.data);
  }, [profile.data]);
  useEffect(() => {
    if (profile.isError) failed(notFound);
  }, [profile.isError, notFound]);

  if (notFound) {
    return (
      <NotFound title="User not found" onBack={onBack}>
        <p className="text-base-content/70">The requested user could not be found.</p>
      </NotFound>
    );
  }
  // Until we know who is looking, a profile could show friend actions on your own page.
  return (
    <QueryState query={profile} error={loadErrorMessage} onBack={onBack}>
      {(user) => (me.isPending ? <LoadingNote /> : <ProfileContent user={user} isSelf={isSelf} onBack={onBack} onBlocked={onBlocked} onOpenSettings={onOpenSettings} />)}
    </QueryState>
  );
}

type ContentProps = Pick<ProfileViewProps, 'onBack' | 'onBlocked' | 'onOpenSettings'> & { user: UserProfile; isSelf: boolean };

function ProfileContent({ user, isSelf, onBack, onBlocked, onOpenSettings }: ContentProps) {
  const trpc = useTRPC();
  const shared = useQuery(trpc.users.shared.queryOptions({ id: user.id }, { enabled: !isSelf }));
  return (
    <section className="mx-auto max-w-3xl space-y-4" aria-labelledby="profile-username">
      <div className="card bg-base-100 shadow">
        <div className="card-body items-center gap-3 text-center sm:flex-row sm:items-start sm:text-left">
          <Avatar kind="user" username={user.username} avatarId={user.avatar_id} size="xl" />
          <div className="w-full min-w-0 flex-1 space-y-1">
            <h1 id="profile-username" className="text-2xl font-bold wrap-anywhere">
              {user.username}
            </h1>
            <p className={`wrap-anywhere ${user.bio ? 'italic' : 'italic text-base-content/60'}`}>{user.bio ? `“${user.bio}”` : 'No bio yet'}</p>
            {isSelf ? <p className="text-sm font-medium text-base-content/80">This is your profile.</p> : <FriendStatusLine status={user.friend_status} />}
            <p className="text-sm">
              <span className="text-base-content/70">Last Login:</span> {lastLoginText(user.last_login)}
            </p>
            <InviteLinks profile={user} />
          </div>
        </div>
      </div>

      {isSelf ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Profile actions">
          <button type="button" className="btn" onClick={onBack}>
            Back
          </button>
          {onOpenSettings && (
            <button type="button" className="btn btn-primary" onClick={onOpenSettings}>
              Edit Profile
            </button>
          )}
        </div>
      ) : (
        <ProfileActions user={user} onBack={onBack} onBlocked={onBlocked} />
      )}

      <div className="card bg-base-100 shadow">
        <div className="card-body">
          <h2 className="card-title text-lg">Socials</h2>
          {user.socials.length === 0 ? (
            <p className="text-base-content/70">No socials shared.</p>
          ) : (
            <ul className="divide-y divide-base-300" aria-label="Socials">
              {user.socials.map((social) => (
                <li key={social.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <span className="w-20 font-medium">{SOCIAL_PLATFORM_LABELS[social.platform] ?? social.platform}</span>
                  <span className="min-w-0 wrap-anywhere">{social.value}</span>
                  {social.is_verified && (
                    <span className="text-success" title="Verified" aria-label="Verified">
                      ✓
                    </span>
                  )}
                  {social.link && (
                    <a className="link link-primary ml-auto min-w-0 text-sm wrap-anywhere" href={social.link} target="_blank" rel="noopener noreferrer">
                      {social.link.replace(/^https?:\/\//, '')}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      {!isSelf && (
        <div className="card bg-base-100 shadow">
          <div className="card-body">
            <h2 className="card-title text-lg">Shared Activity</h2>
            <table className="table">
              <TableHead columns={[{ label: 'Kind' }, { label: 'Shared', numeric: true }]} />
              <tbody>
                {sharedRows.map(({ kind, count }) => (
                  <tr key={kind}>
                    <th scope="row" className="font-normal">
                      {kind}
                    </th>
                    <td className="text-right tabular-nums">{shared.data ? count(shared.data) : shared.isError ? '—' : '…'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {!isSelf && <FriendshipOverTime userId={user.id} username={user.username} />}
    </section>
  );
}

/** The buttons of spec 1 §2 by friend status, their dialogs, and their failure banners. */
function ProfileActions({ user, onBack, onBlocked }: { user: UserProfile; onBack(): void; onBlocked(): void }) {
  const trpc = useTRPC();
  const refresh = useRefreshSocialGraph();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [requestSent, setRequestSent] = useState(false);
  const [dialog, setDialog] = useState<'unfriend' | 'block' | null>(null);

  const sendRequest = useMutation(trpc.friends.sendRequest.mutationOptions());
  const respond = useMutation(trpc.friends.respond.mutationOptions());
  const unfriend = useMutation(trpc.friends.unfriend.mutationOptions());
  const block = useMutation(trpc.friends.block.mutationOptions());
  const busy = sendRequest.isPending || respond.isPending || unfriend.isPending || block.isPending;

  /** Runs an action; on failure shows its banner, whose Retry runs it again. */
  function attempt(action: () => Promise<unknown>, failure: string) {
    setBanner(null);
    action().catch((error: unknown) => {
      console.error(failure, error);
      setBanner({ message: failure, retry: () => attempt(action, failure) });
    });
  }

  const friendUser = () =>
    attempt(async () => {
      await sendRequest.mutateAsync({ user_id: user.id });
      setRequestSent(true);
      await refresh();
    }, 'Failed to send friend request');

  const answer = (status: 'ACCEPTED' | 'REJECTED') =>
    attempt(
      async () => {
        if (user.friend_request_id === null) throw new Error('No open friend request');
        await respond.mutateAsync({ id: user.friend_request_id, status });
        emit('notificationRefresh');
        await refresh();
      },
      status === 'ACCEPTED' ? 'Failed to accept friend request' : 'Failed to ignore friend request',
    );

  const confirmUnfriend = () => {
    setDialog(null);
    attempt(async () => {
      await unfriend.mutateAsync({ id: user.id });
      await refresh();
    }, 'Failed to unfriend user');
  };

  const confirmBlock = () => {
    setDialog(null);
    attempt(async () => {
      await block.mutateAsync({ user_id: user.id });
      onBlocked();
      await refresh();
    }, 'Failed to block user');
  };

  const status = user.friend_status;
  // 'Friend request sent' belongs to the status it was sent from; any change of status ends it.
  const [statusSeen, setStatusSeen] = useState(status);
  if (statusSeen !== status) {
    setStatusSeen(status);
    setRequestSent(false);
  }
  const sent = status === 'pending' || (status === 'not_friends' && requestSent);
  return (
    <div className="space-y-3">
      {banner && <ErrorBanner message={banner.message} onRetry={banner.retry} onDismiss={() => setBanner(null)} retrying={busy} />}
      <div className="flex flex-wrap gap-2" role="group" aria-label="Profile actions">
        <button type="button" className="btn" onClick={onBack}>
          Back
        </button>
        {status === 'friends' && (
          <>
            {/* The dashboard answers newStack with the 'New Friend Stack' dialog (spec 2). */}
            <button type="button" className="btn btn-primary" onClick={() => emit('newStack', { mode: 'friend', targetId: user.id })}>
              Create Stack
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setDialog('unfriend')} disabled={busy}>
              Unfriend
            </button>
          </>
        )}
        {status === 'not_friends' && !sent && (
          <button type="button" className="btn btn-primary" onClick={friendUser} disabled={busy}>
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
            <button type="button" className="btn btn-primary" onClick={() => answer('ACCEPTED')} disabled={busy}>
              Accept Friend Request
            </button>
            <button type="button" className="btn btn-outline" onClick={() => answer('REJECTED')} disabled={busy}>
              Ignore Friend Request
            </button>
          </>
        )}
        <button type="button" className="btn btn-ghost text-error sm:ml-auto" onClick={() => setDialog('block')} disabled={busy}>
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

      <ConfirmDialog open={dialog === 'unfriend'} title="Are you sure?" confirmLabel="Yes, Unfriend" danger onCancel={() => setDialog(null)} onConfirm={confirmUnfriend}>
        <p>{`This will remove ${user.username} from your friends list.`}</p>
      </ConfirmDialog>
      <ConfirmDialog open={dialog === 'block'} title="Are you sure?" confirmLabel="Yes, Block" danger onCancel={() => setDialog(null)} onConfirm={confirmBlock}>
        <p>{`This will block ${user.username}. This action cannot be undone.`}</p>
      </ConfirmDialog>
    </div>
  );
}
