import { Link, useNavigate, useParams } from 'react-router-dom';
import { AppHeader } from '../../components/app-header';
import { hasAppHistory } from './app-history';
import { pathOfView } from '../../lib/dashboard-paths';
import { ProfileView } from './profile-view';

/** Spec 1 §2: the stand-alone /users/{userId} page, a profile with its own header. */
export function ProfilePage() {
  const { userId } = useParams();
  const navigate = useNavigate();
  const id = Number(userId);
  const valid = Number.isInteger(id) && id > 0;
  const toDashboard = (tab?: 'users' | 'settings') => navigate(tab ? pathOfView(tab) : '/dashboard');

  return (
    <div className="min-h-screen bg-base-200">
      <AppHeader>
        <Link to="/dashboard" className="btn btn-ghost btn-sm">
          Back to Dashboard
        </Link>
      </AppHeader>
      <main className="mx-auto w-full max-w-7xl p-4 sm:px-6">
        {valid ? (
          <ProfileView
            key={id}
            userId={id}
            loadErrorMessage="Failed to load user"
            onBack={() => (hasAppHistory() ? navigate(-1) : toDashboard())}
            onBlocked={() => toDashboard('users')}
            onOpenSettings={() => toDashboard('settings')}
          />
        ) : (
          <section className="mx-auto max-w-2xl space-y-2 text-center">
            <h1 className="text-2xl font-bold">User not found</h1>
            <p className="text-base-content/70">The requested user could not be found.</p>
          </section>
        )}
      </main>
    </div>
  );
}
