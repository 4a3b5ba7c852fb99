import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../shared/limits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { clearToken } from '../../lib/auth-token';

/** The dashboard header: title, settings and logout (spec 1 §2). */
export function DashboardHeader({ onOpenSettings }: { onOpenSettings?: () => void }) {
  const [confirmLogout, setConfirmLogout] = useState(false);
  const navigate = useNavigate();
  return (
    <header className="navbar sticky top-0 z-10 bg-base-100 shadow-sm">
      <div className="flex-1">
        <a href="/dashboard" className="px-2 text-2xl font-black tracking-tight text-primary">
          {PRODUCT_NAME}
        </a>
      </div>
      <nav className="flex gap-1" aria-label="Account">
        {onOpenSettings && (
          <button type="button" className="btn btn-ghost btn-square" aria-label="Settings" title="Settings" onClick={onOpenSettings} data-tour="settings">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z" />
              <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
            </svg>
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-square" aria-label="Log out" title="Log out" onClick={() => setConfirmLogout(true)}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
          </svg>
        </button>
      </nav>
      <ConfirmDialog
        open={confirmLogout}
        title="Log Out"
        confirmLabel="Log Out"
        onCancel={() => setConfirmLogout(false)}
        onConfirm={() => {
          setConfirmLogout(false);
          clearToken();
          navigate('/login', { replace: true });
        }}
      >
        <p>Are you sure you want to log out?</p>
      </ConfirmDialog>
    </header>
  );
}
