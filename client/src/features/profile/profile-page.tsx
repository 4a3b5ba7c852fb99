import { Link, useNavigate, useParams } from 'react-router-dom';
import { AppHeader } from '../../components/app-header';
import { ProfileView } from './profile-view';

/** Spec 1 §2: the stand-alone /users/{userId} page, a profile with its own header. */
export function ProfilePage() {
  const { userId } = useParams();
  const navigate = useNavigate();
  const id = Number(userId);
  const valid = Number.isInteger(id) && id > 0;
  const toDashboard = (tab?: 'users') => navigate('/dashboard', tab ? { state: { tab } } : undefined);

  return (
    <div className="min-h-screen bg-base-200">
      <AppHeader>
        <Link to="/dashboard" className="btn btn-ghost btn-sm">
          Back to Dashboard
        </Link>
      </AppHeader>
      <main className="p-4">
        {valid ? (
          <ProfileView
            key={id}
            userId={id}
            loadErrorMessage="Failed to load user"
            onBack={() => (window.history.length > 1 ? navigate(-1) : toDashboard())}
            onBlocked={() => toDashboard('users')}
          />
        ) : (
          <section className="mx-auto max-w-2xl space-y-2 text-center">
            <h2 className="text-2xl font-bold">User not found</h2>
            <p className="text-base-content/70">The requested user could not be found.</p>
          </section>
        )}
      </main>
    </div>
  );
}
