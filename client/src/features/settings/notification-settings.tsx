import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type EmailMode,
  type KindSetting,
  type NotificationKind,
  type UpdateNotificationSettingsInput,
} from '../../../../shared/schemas/notification-settings';
import { ErrorBanner } from '../../components/error-banner';
import { QueryState } from '../../components/query-state';
import { useTimedMessage } from '../../lib/timed-message';
import { useTRPC } from '../../lib/trpc';

const EMAIL_CHOICES: { value: EmailMode; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'instant', label: 'Instant' },
  { value: 'daily', label: 'Daily digest' },
];

const FAILURE = 'Failed to save notification settings';

type Change = UpdateNotificationSettingsInput['settings'];

interface NotificationSettingsProps {
  /**
   * The push controls of this device ("Turn on push on this device", "Send a test notification"),
   * built by the push feature and passed in by the composition root (client/src/app/): shown at
   * the top of this section, above the per-kind switches.
   */
  pushDeviceControls?: ReactNode;
}

/**
 * Settings → Notifications (docs/notification-settings.md): per kind, a Push switch and an E-mail
 * choice (Off, Instant, Daily digest). Each change is saved at once (PUT with that kind alone) and
 * says Saved, or fails with Retry.
 */
export function NotificationSettings({ pushDeviceControls }: NotificationSettingsProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.notificationSettings.get.queryOptions());
  const save = useMutation(
    trpc.notificationSettings.update.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.notificationSettings.get.queryKey(), data),
    }),
  );
  const [saved, showSaved] = useTimedMessage();
  const [failed, setFailed] = useState<Change | null>(null);

  async function run(change: Change) {
    setFailed(null);
    showSaved(null);
    try {
      await save.mutateAsync({ settings: change });
      showSaved('Saved.');
    } catch (error) {
      console.error(FAILURE, error);
      setFailed(change);
    }
  }

  const change = (kind: NotificationKind, value: Partial<KindSetting>) => void run({ [kind]: value });

  return (
    <div className="space-y-3">
      {/* Push on this device: the push feature's controls, given by client/src/app/ (see pushDeviceControls). */}
      {pushDeviceControls && <div data-testid="push-device-controls">{pushDeviceControls}</div>}
      <p className="text-sm text-base-content/70">Choose what reaches you by push notification and by e-mail. E-mails go to your verified address only.</p>
      {failed && <ErrorBanner message={FAILURE} onRetry={() => void run(failed)} onDismiss={() => setFailed(null)} retrying={save.isPending} />}
      <QueryState query={settings} inline quiet error="Failed to load notification settings" isEmpty={() => false}>
        {(data) => (
          <ul className="divide-y divide-base-300" aria-label="Notification settings">
            {NOTIFICATION_KINDS.map((kind) => (
              <KindRow key={kind} kind={kind} setting={data.settings[kind]} onChange={(value) => change(kind, value)} />
            ))}
          </ul>
        )}
      </QueryState>
      {saved && (
        <p role="status" className="text-sm text-success">
          {saved}
        </p>
      )}
    </div>
  );
}

function KindRow({ kind, setting, onChange }: { kind: NotificationKind; setting: KindSetting; onChange(value: Partial<KindSetting>): void }) {
  const id = `notification-${kind}`;
  return (
    <li className="py-2">
      <fieldset>
        <legend className="font-medium">{NOTIFICATION_KIND_LABELS[kind]}</legend>
        <div className="mt-1 flex flex-wrap items-center gap-x-6 gap-y-2">
          <label className="flex cursor-pointer items-center gap-2" htmlFor={`${id}-push`}>
            <input
              id={`${id}-push`}
              type="checkbox"
              role="switch"
              className="toggle toggle-primary"
              checked={setting.push}
              onChange={(event) => onChange({ push: event.target.checked })}
            />
            <span>Push</span>
          </label>
          <label className="flex items-center gap-2" htmlFor={`${id}-email`}>
            <span>E-mail</span>
            <select
              id={`${id}-email`}
              className="select select-bordered select-sm w-36"
              value={setting.email}
              onChange={(event) => onChange({ email: event.target.value as EmailMode })}
            >
              {EMAIL_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </fieldset>
    </li>
  );
}
