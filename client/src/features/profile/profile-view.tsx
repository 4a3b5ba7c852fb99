import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { SOCIAL_PLATFORM_LABELS, type SharedActivity, type UserProfile } from '../../../../shared/schemas/users';
import { Avatar } from '../../components/avatar';
import { TableHead } from '../../components/data-table';
import { LoadingNote, NotFound, QueryState } from '../../components/query-state';
import { FriendStatusLine } from '../../components/friend-status-line';
import { useCurrentUser } from '../../lib/current-user';
import { httpStatusOf, useTRPC } from '../../lib/trpc';
import { FriendshipOverTime } from './friendship-over-time';
import { InviteLinks } from './invite-links';
import { lastLoginText } from './last-login';
import { ProfileActions } from './profile-actions';

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
