import type { CurrentUser } from '../../../../shared/schemas/users';
import { useTheme, type Theme } from '../../lib/theme';

const THEME_CHOICES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Spec 1 §2 Settings: account details and theme. */
export function SettingsPanel({ user }: { user: CurrentUser }) {
  const [theme, setTheme] = useTheme();
  return (
    <section aria-labelledby="settings-title" className="mx-auto max-w-2xl space-y-6">
      <h2 id="settings-title" className="text-2xl font-bold">
        Settings
      </h2>
      <div className="card bg-base-100 shadow">
        <div className="card-body">
          <h3 className="card-title text-lg">Account</h3>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="opacity-70">Username</dt>
            <dd>{user.username}</dd>
            <dt className="opacity-70">Email</dt>
            <dd>{user.email}</dd>
          </dl>
        </div>
      </div>
      <div className="card bg-base-100 shadow">
        <div className="card-body">
          <h3 className="card-title text-lg">Theme</h3>
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
        </div>
      </div>
    </section>
  );
}
