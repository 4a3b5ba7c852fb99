import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../client/src/app/app';
import { Providers } from '../../client/src/app/providers';
import { storeToken } from '../../client/src/lib/auth-token';
import { ADMIN_ME, adminBot, adminCode, adminUser, auditEntry } from './admin-fixtures';
import { dashboardAnswers } from './fixtures';
import { stubTrpc } from './render';

/*
 * The admin console's place in the dashboard (docs/admin.md, docs/addresses.md): an Admin tab for
 * admins, one address per section, and nothing of it for anyone else. Each section's actions are
 * tested in its own admin-*.test.tsx file.
 */

const probe: { path: string; navigate: NavigateFunction | null } = { path: '', navigate: null };
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    probe.path = location.pathname;
    probe.navigate = navigate;
  });
  return null;
}

function renderApp(path: string) {
  const user = userEvent.setup();
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return user;
}

const LOAD = { timeout: 10_000 };
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent ?? null;

const ADMIN_ANSWERS = {
  'users.me': ADMIN_ME,
  'admin.listCodes': [adminCode({ id: 3, code: 'WELCOME-1' })],
  'admin.listUsers': [adminUser({ id: 1, username: 'alice', role: 'ADMIN' }), adminUser({ id: 2, username: 'bob' })],
  'admin.listBots': [adminBot({ id: 5, name: 'Cheese Bot' })],
  'admin.audit': [auditEntry({ id: 1, action: 'codes.create' })],
};

/** What a non-admin's dashboard is answered: the same, but `users.me` is an ordinary user. */
const ADMIN_ANSWERS_FOR_USER = { ...ADMIN_ANSWERS, 'users.me': { ...ADMIN_ME, role: 'USER' as const } };

beforeEach(() => {
  storeToken('tok', { silent: true });
  localStorage.setItem('onboarding_version', '1.1.0');
  localStorage.setItem('onboarding_completed', 'true');
});

// The whole app renders, its lazy console chunk included: slower than 5 s on a busy machine.
describe('the Admin tab', { timeout: 20_000 }, () => {
  it('is a tab for admins, at /dashboard/admin, showing the first section (registration codes)', async () => {
    stubTrpc(dashboardAnswers(ADMIN_ANSWERS));
    const user = renderApp('/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'Admin' }, LOAD));
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', 'Reports', 'Admin']);
    expect(await screen.findByRole('heading', { name: 'Admin', level: 1 }, LOAD)).toBeInTheDocument();
    expect(probe.path).toBe('/dashboard/admin');
    expect(screen.getByRole('heading', { name: 'Registration codes', level: 2 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Registration codes', '/dashboard/admin/codes'],
      ['Users', '/dashboard/admin/users'],
      ['Bots', '/dashboard/admin/bots'],
      ['Release notes', '/dashboard/admin/notes'],
      ['Audit log', '/dashboard/admin/audit'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Registration codes' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('WELCOME-1')).toBeInTheDocument();
  });

  it('each section has its address: a link moves it, and the address (a reload, Back) picks the section', async () => {
    stubTrpc(dashboardAnswers(ADMIN_ANSWERS));
    const user = renderApp('/dashboard/admin/users');
    expect(await screen.findByRole('heading', { name: 'Users', level: 2 }, LOAD)).toBeInTheDocument();
    expect(selectedTab()).toBe('Admin');
    await user.click(screen.getByRole('link', { name: 'Bots' }));
    expect(await screen.findByRole('heading', { name: 'Bots', level: 2 })).toBeInTheDocument();
    expect(probe.path).toBe('/dashboard/admin/bots');
    expect(screen.getByRole('link', { name: 'Bots' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 2 })).toBeInTheDocument();
    act(() => void probe.navigate!(-1));
    expect(await screen.findByRole('heading', { name: 'Bots', level: 2 })).toBeInTheDocument();
    // The Admin tab, selected already, keeps the section shown.
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    expect(probe.path).toBe('/dashboard/admin/bots');
    await user.click(screen.getByRole('tab', { name: 'Stacks' }));
    await vi.waitFor(() => expect(probe.path).toBe('/dashboard/stacks'));
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    expect(await screen.findByRole('heading', { name: 'Registration codes', level: 2 })).toBeInTheDocument();
  });

  it('is never shown to anyone else: no tab, and its addresses go to /dashboard without a call to the admin API', async () => {
    const server = stubTrpc(dashboardAnswers(ADMIN_ANSWERS_FOR_USER));
    renderApp('/dashboard/admin/codes');
    await vi.waitFor(() => expect(probe.path).toBe('/dashboard'), LOAD);
    await screen.findByRole('tab', { name: 'Users' }, LOAD);
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);
    expect(selectedTab()).toBe('Stacks');
    expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).not.toBeInTheDocument();
    for (const path of ['/dashboard/admin', '/dashboard/admin/users', '/dashboard/admin/audit']) {
      act(() => void probe.navigate!(path));
      await vi.waitFor(() => expect(probe.path).toBe('/dashboard'));
      expect(screen.queryByRole('navigation', { name: 'Admin sections' })).not.toBeInTheDocument();
    }
    expect(server.calls.filter((call) => call.path.startsWith('admin.'))).toEqual([]);
  });
});
