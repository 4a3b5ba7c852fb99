import { AppHeader } from '../../components/app-header';

interface DashboardHeaderProps {
  /** Unread notifications, shown as a badge on the envelope. */
  unreadCount: number;
  /** New friend or group requests wait: the red dot (spec 1 §2). */
  hasRequests: boolean;
  onOpenNotifications(): void;
  onOpenSettings(): void;
}

/**
 * The dashboard header: title, the notifications envelope, settings and logout (spec 1 §2). The
 * envelope's name carries what its badge and dot show ('Notifications, 3 unread, new requests').
 * Above 99 it says what the badge says (99+), so the name holds the visible text.
 */
export function DashboardHeader({ unreadCount, hasRequests, onOpenNotifications, onOpenSettings }: DashboardHeaderProps) {
  const badge = unreadCount > 99 ? '99+' : String(unreadCount);
  const details = [unreadCount > 0 ? `${badge} unread` : null, hasRequests ? 'new requests' : null].filter(Boolean).join(', ');
  return (
    <AppHeader>
      <button
        type="button"
        className="btn btn-ghost btn-square relative"
        aria-label={details ? `Notifications, ${details}` : 'Notifications'}
        title={details ? `Notifications (${details})` : 'Notifications'}
        onClick={onOpenNotifications}
        data-tour="envelope"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 7 9 6 9-6" />
        </svg>
        {unreadCount > 0 && (
          <span data-testid="unread-badge" className="badge badge-primary badge-sm absolute -right-1 -top-1 min-w-5 px-1 font-bold tabular-nums">
            {badge}
          </span>
        )}
        {hasRequests && (
          <span data-testid="request-dot" className="absolute left-1 top-1 h-2.5 w-2.5 rounded-full bg-error ring-2 ring-base-100" />
        )}
      </button>
      <button type="button" className="btn btn-ghost btn-square" aria-label="Settings" title="Settings" onClick={onOpenSettings} data-tour="settings">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z" />
          <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
        </svg>
      </button>
    </AppHeader>
  );
}
