import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { NOTIFICATION_KIND_LABELS } from '../../../../shared/schemas/notification-settings';
import { errorDetail, useTRPC } from '../../lib/trpc';
import { CenteredCard } from '../../components/centered-card';

/**
 * /unsubscribe/:token, the address of a notification mail's unsubscribe link
 * (docs/notification-settings.md). Opening it changes nothing (mail scanners open links): the
 * Unsubscribe button does, through POST /v1/unsubscribe. No sign-in needed.
 */
export function UnsubscribePage() {
  const trpc = useTRPC();
  const { token = '' } = useParams();
  const unsubscribe = useMutation(trpc.notificationSettings.unsubscribe.mutationOptions());

  if (unsubscribe.isSuccess) {
    const kinds = unsubscribe.data.kinds.map((kind) => NOTIFICATION_KIND_LABELS[kind].toLowerCase());
    return (
      <CenteredCard title="You are unsubscribed">
        <p role="status">You will no longer get e-mails about {kinds.join(', ')}.</p>
        <p>You can turn them on again in Settings, under Notifications.</p>
        <Link className="btn btn-primary mt-2" to="/dashboard/settings">
          Open Settings
        </Link>
      </CenteredCard>
    );
  }
  const failure = unsubscribe.isError ? (errorDetail(unsubscribe.error) ?? 'Failed to unsubscribe. Please try again.') : null;
  return (
    <CenteredCard title="Unsubscribe from e-mails">
      <p>Stop the e-mails this link came with? Nothing changes until you press Unsubscribe.</p>
      {failure && (
        <p role="alert" className="text-error">
          {failure}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ token })}>
          {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </button>
        <Link className="btn" to="/dashboard/settings">
          Choose in Settings
        </Link>
      </div>
    </CenteredCard>
  );
}
