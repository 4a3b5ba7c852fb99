import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { LIMITS, PRODUCT_NAME, TIMINGS } from '../../../../shared/limits';
import type { Notification } from '../../../../shared/schemas/users';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { emit } from '../../lib/events';
import { formatDateTime } from '../../lib/format-date';
import { useRespondToGroupInvite } from './group-invite-actions';
import { useMarkNotificationsRead } from '../../lib/notifications';
import { useRefreshSocialGraph } from '../../lib/social-graph';
import { useTRPC } from '../../lib/trpc';

type Outcome = 'Accepted' | 'Ignored';

interface EntryState {
  outcome?: Outcome;
  /** An answered entry stays listed with its outcome even after the list is fetched again without it. */
  answered?: Notification;
  dismissed?: boolean;
  busy?: boolean;
  error?: string;
}

interface NotificationsPanelProps {
  open: boolean;
  onClose(): void;
}

/** Spec 1 §2 "Notifications panel": the unread notifications, each answered or dismissed in place. */
export function NotificationsPanel({ open, onClose }: NotificationsPanelProps) {
  // Mounted only while open, so each opening starts with fresh local states.
  return open ? <PanelContent onClose={onClose} /> : null;
}

function PanelContent({ onClose }: { onClose(): void }) {
  const trpc = useTRPC();
  const list = useQuery(
    trpc.notifications.list.queryOptions({ unread_only: 'true', limit: LIMITS.pageSizeMax }, { staleTime: TIMINGS.notificationsCacheMs }),
  );
  const answers = useNotificationAnswers();
  const { states, markRead, marked } = answers;

  /** Spec 1 §2: closing marks every listed notification read and refreshes the count. */
  const close = () => {
    const ids = (list.data ?? []).map((n) => n.id).filter((id) => !marked.current.has(id));
    if (ids.length > 0) {
      markRead.mutate({ notification_ids: ids }, { onError: (error) => console.error('Failed to mark notifications as read', error) });
    }
    onClose();
  };

  const visible = visibleNotifications(list.data ?? [], states);

  return (
    <Modal open title="Notifications" onClose={close} wide>
      <div className="space-y-3">
        {answers.markError && (
          <p role="alert" className="text-sm text-error">
            {answers.markError}
          </p>
        )}
        <QueryState query={list} error="Failed to load notifications" isEmpty={() => visible.length === 0} empty="No new notifications.">
          {() => (
            <ul className="divide-y divide-base-300" aria-label="Notifications">
              {visible.map((notification) => (
                <NotificationEntry
                  key={notification.id}
                  notification={notification}
                  state={states[notification.id] ?? {}}
                  onFriendRequest={(accept) => void answers.answerFriendRequest(notification, accept)}
                  onGroupInvite={(accept) => void answers.answerGroupInvite(notification, accept)}
                  onDismiss={() => void answers.dismiss(notification)}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </Modal>
  );
}

/**
 * The listed notifications, not dismissed, with those answered here kept in place (newest first,
 * as the server lists them: created_at, then id) after the list is fetched again without them.
 */
function visibleNotifications(listed: Notification[], states: Record<number, EntryState>): Notification[] {
  const answeredSinceGone = Object.values(states).flatMap((state) =>
    state.answered && !listed.some((n) => n.id === state.answered!.id) ? [state.answered] : [],
  );
  const merged =
    answeredSinceGone.length === 0 ? listed : [...listed, ...answeredSinceGone].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  return merged.filter((n) => !states[n.id]?.dismissed);
}

/** Each entry's local state, and answering (friend requests, group invitations) or dismissing it. */
function useNotificationAnswers() {
  const trpc = useTRPC();
  const markRead = useMarkNotificationsRead();
  const respond = useMutation(trpc.friends.respond.mutationOptions());
  const refreshSocialGraph = useRefreshSocialGraph();
  const groupInvites = useRespondToGroupInvite();
  const [states, setStates] = useState<Record<number, EntryState>>({});
  const [markError, setMarkError] = useState<string | null>(null);
  /** Ids already marked read from here: closing the panel need not mark them again. */
  const marked = useRef(new Set<number>());

  const patch = (id: number, next: EntryState) => setStates((all) => ({ ...all, [id]: { ...all[id], ...next } }));

  async function markOne(id: number): Promise<boolean> {
    try {
      await markRead.mutateAsync({ notification_ids: [id] });
      marked.current.add(id);
      return true;
    } catch (error) {
      console.error('Failed to mark notification as read', error);
      setMarkError('Failed to mark notification as read');
      return false;
    }
  }

  /** Spec 1 §2: accepting or ignoring shows a local status, then marks the notification read. */
  async function answer(notification: Notification, outcome: Outcome, call: () => Promise<unknown>, failure: string) {
    patch(notification.id, { busy: true, error: undefined });
    try {
      await call();
    } catch (error) {
      console.error(failure, error);
      patch(notification.id, { busy: false, error: failure });
      return;
    }
    patch(notification.id, { busy: false, outcome, answered: notification });
    await markOne(notification.id);
    emit('notificationRefresh');
    void refreshSocialGraph();
  }

  const noRequest = () => Promise.reject(new Error('No request id'));

  return {
    states,
    markError,
    markRead,
    marked,
    answerFriendRequest: (notification: Notification, accept: boolean) => {
      const requestId = notification.data.request_id;
      return answer(
        notification,
        accept ? 'Accepted' : 'Ignored',
        () => (requestId === undefined ? noRequest() : respond.mutateAsync({ id: requestId, status: accept ? 'ACCEPTED' : 'REJECTED' })),
        accept ? 'Failed to accept friend request' : 'Failed to ignore friend request',
      );
    },
    answerGroupInvite: (notification: Notification, accept: boolean) => {
      const requestId = notification.data.request_id;
      return answer(
        notification,
        accept ? 'Accepted' : 'Ignored',
        () => (requestId === undefined ? noRequest() : accept ? groupInvites.accept(requestId) : groupInvites.ignore(requestId)),
        accept ? 'Failed to accept group invitation' : 'Failed to ignore group invitation',
      );
    },
    dismiss: async (notification: Notification) => {
      patch(notification.id, { busy: true });
      const ok = await markOne(notification.id);
      patch(notification.id, { busy: false, dismissed: ok });
    },
  };
}

interface EntryProps {
  notification: Notification;
  state: EntryState;
  onFriendRequest(accept: boolean): void;
  onGroupInvite(accept: boolean): void;
  onDismiss(): void;
}

/** One entry, by type (spec 1 §2); unknown types say so. */
export function NotificationEntry({ notification, state, onFriendRequest, onGroupInvite, onDismiss }: EntryProps) {
  const { type, data } = notification;
  const time = Number.isNaN(Date.parse(notification.created_at)) ? null : (
    <time dateTime={notification.created_at} className="text-xs text-base-content/60">
      {formatDateTime(notification.created_at)}
    </time>
  );

  const answerButtons = (onAnswer: (accept: boolean) => void) =>
    state.outcome ? (
      <span className={`badge ${state.outcome === 'Accepted' ? 'badge-success' : 'badge-ghost'}`}>{state.outcome}</span>
    ) : (
      <div className="flex gap-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => onAnswer(true)} disabled={state.busy}>
          Accept
        </button>
        <button type="button" className="btn btn-sm" onClick={() => onAnswer(false)} disabled={state.busy}>
          Ignore
        </button>
      </div>
    );

  const okButton = (
    <button type="button" className="btn btn-sm" onClick={onDismiss} disabled={state.busy}>
      OK
    </button>
  );

  let text: ReactNode;
  let actions: ReactNode = null;
  switch (type) {
    case 'FRIEND_REQUEST':
      text = (
        <>
          <strong>{data.from_username}</strong> sent you a friend request.
        </>
      );
      actions = answerButtons(onFriendRequest);
      break;
    case 'GROUP_INVITE':
      text = (
        <>
          <strong>{data.from_username}</strong> invited you to join <strong>{data.group_name}</strong>.
        </>
      );
      actions = answerButtons(onGroupInvite);
      break;
    case 'NEW_USER':
      text = (
        <>
          <strong>{data.username}</strong> joined {PRODUCT_NAME}.
        </>
      );
      actions = okButton;
      break;
    case 'RELEASE_NOTES':
      text = (
        <>
          <strong className="block">Release notes</strong>
          <span className="whitespace-pre-line wrap-anywhere">{data.message}</span>
        </>
      );
      actions = okButton;
      break;
    case 'REPORT_RESOLVED':
      text = (
        <>
          Your report about {reportTargetText(data.target_type, data.target_label)} was {data.status === 'dismissed' ? 'dismissed' : 'resolved'}.
          {data.message && <span className="block whitespace-pre-line wrap-anywhere text-base-content/80">{data.message}</span>}
        </>
      );
      actions = okButton;
      break;
    default:
      text = `Unknown notification type: ${type}`;
  }

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-notification-type={type}>
      <div className="min-w-0 space-y-0.5">
        <p className="wrap-anywhere">{text}</p>
        {time}
        {state.error && (
          <p role="alert" className="text-sm text-error">
            {state.error}
          </p>
        )}
      </div>
      {actions && <div className="shrink-0">{actions}</div>}
    </li>
  );
}

/** What a REPORT_RESOLVED notification was about, as the reporter saw it when reporting. */
function reportTargetText(type: Notification['data']['target_type'], label: string | undefined): ReactNode {
  const named = label ? <strong>{label}</strong> : null;
  switch (type) {
    case 'user':
      return named ?? 'a user';
    case 'stack':
      return named ? <>the stack {named}</> : 'a stack';
    case 'comment':
      return named ? <>the comment “{named}”</> : 'a comment';
    case 'group':
      return named ? <>the group {named}</> : 'a group';
    default:
      return 'something you reported';
  }
}
