import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '../../../../shared/schemas/users';
import { Avatar } from '../../components/avatar';
import { useTheme, type Theme } from '../../lib/theme';
import { AvatarPicker } from './avatar-picker';
import { BioEditor } from './bio-editor';
import { DangerZone } from './danger-zone';
import { DownloadData } from './download-data';
import { InviteFriend } from './invite-friend';
import { MutedUsers } from './muted-users';
import { NotificationSettings } from './notification-settings';
import { SecuritySettings } from './security-settings';
import { SocialsEditor } from './socials-editor';

const THEME_CHOICES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

function SettingsCard({ title, children, danger }: { title: string; children: ReactNode; danger?: boolean }) {
  return (
    <section className={`card bg-base-100 shadow ${danger ? 'border border-error/60' : ''}`} aria-label={title}>
      <div className="card-body gap-3">
        <h2 className={`card-title text-lg ${danger ? 'text-error' : ''}`}>{title}</h2>
        {children}
      </div>
    </section>
  );
}

interface SettingsPanelProps {
  user: CurrentUser;
  /** 'Show tour again': the dashboard resets the tour and starts it over. */
  onShowTour(): void;
  /** This device's push controls, from the push feature: shown in Notifications (notification-settings.tsx). */
  pushDeviceControls?: ReactNode;
}

/** Spec 1 §2 Settings: account, bio, theme, avatar, socials, notifications, security, help and the danger zone. */
export function SettingsPanel({ user, onShowTour, pushDeviceControls }: SettingsPanelProps) {
  const [theme, setTheme] = useTheme();
  return (
    <section aria-labelledby="settings-title" className="mx-auto max-w-3xl space-y-6">
      <h1 id="settings-title" className="text-2xl font-bold">
        Settings
      </h1>
      <SettingsCard title="Account">
        <div className="flex items-center gap-4">
          <Avatar kind="user" username={user.username} avatarId={user.avatar_id} size="lg" />
          <dl className="grid min-w-0 grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="text-base-content/70">Username</dt>
            <dd className="break-all">{user.username}</dd>
            <dt className="text-base-content/70">Email</dt>
            <dd className="break-all">{user.email}</dd>
          </dl>
        </div>
        <BioEditor bio={user.bio} />
      </SettingsCard>
      <SettingsCard title="Theme">
        <div className="join" role="group" aria-label="Theme">
          {THEME_CHOICES.map((choice) => (
            <button
              key={choice.value}
              type="button"
              className={`btn join-item ${theme === choice.value ? 'btn-primary' : ''}`}
              aria-pressed={theme === choice.value}
              onClick={() => setTheme(choice.value)}
            >
              {choice.label}
            </button>
          ))}
        </div>
      </SettingsCard>
      <SettingsCard title="Choose Avatar">
        <AvatarPicker username={user.username} avatarId={user.avatar_id} />
      </SettingsCard>
      <SettingsCard title="Socials">
        <SocialsEditor socials={user.socials} />
      </SettingsCard>
      <SettingsCard title="Notifications">
        <NotificationSettings pushDeviceControls={pushDeviceControls} />
      </SettingsCard>
      <SettingsCard title="Security">
        <SecuritySettings />
      </SettingsCard>
      <SettingsCard title="Invite a friend">
        <InviteFriend />
      </SettingsCard>
      <SettingsCard title="Your data">
        <DownloadData />
      </SettingsCard>
      <SettingsCard title="Muted users">
        <MutedUsers />
      </SettingsCard>
      <SettingsCard title="Help">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <button type="button" className="btn btn-sm" onClick={onShowTour}>
            Show tour again
          </button>
          <Link className="link" to="/terms-of-service" target="_blank" rel="noopener">
            Terms of Service
          </Link>
          <Link className="link" to="/rules" target="_blank" rel="noopener">
            Community Rules
          </Link>
        </div>
      </SettingsCard>
      <SettingsCard title="Danger Zone" danger>
        <DangerZone />
      </SettingsCard>
    </section>
  );
}
