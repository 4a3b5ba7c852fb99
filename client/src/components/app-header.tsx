import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/limits';
import { signOut } from '../lib/auth-token';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The header of signed-in pages: the product title, the page's own buttons, and logout behind the
 * Log Out dialog (spec 1 §2 "Dialogs").
 */
export function AppHeader({ children }: { children?: ReactNode }) {
  const [confirmLogout, setConfirmLogout] = useState(false);
  const navigate = useNavigate();
  return (
    <header className="navbar sticky top-0 z-10 gap-2 bg-base-100 shadow-sm">
      <div className="flex-1">
        <Link to="/dashboard" className="px-2 text-2xl font-black tracking-tight text-primary">
          {PRODUCT_NAME}
        </Link>
      </div>
      <nav className="flex items-center gap-1" aria-label="Account">
        {children}
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
          signOut();
          navigate('/login', { replace: true });
        }}
      >
        <p>Are you sure you want to log out?</p>
      </ConfirmDialog>
    </header>
  );
}
