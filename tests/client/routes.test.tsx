import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../client/src/app/app';
import { Providers } from '../../client/src/app/providers';
import { clearToken, storeToken } from '../../client/src/lib/auth-token';
import { stubFetch, stubTrpc } from './render';

const UNREAD = { unread_count: 0, pending_friend_requests: 0, pending_group_requests: 0 };
const ME = { id: 1, username: 'alice', email: 'a@example.com', bio: '', avatar_id: 1, socials: [], last_login: null, role: 'USER', is_email_verified: true, created_at: '2026-11-22T00:00:00.000Z' };

function renderRoutes(path: string) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
}

describe('route guards (spec 1 §2)', () => {
  it('sends a logged-out visitor from / and from /dashboard to /login', async () => {
    renderRoutes('/');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('sends a logged-out visitor from a protected page to /login', async () => {
    renderRoutes('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('leaves public pages open to logged-out visitors', async () => {
    renderRoutes('/rules');
    expect(await screen.findByRole('heading', { name: 'Community Rules' })).toBeInTheDocument();
  });

  it('sends a logged-in user from /login and /register to /dashboard', async () => {
    stubTrpc({ 'users.me': ME, 'notifications.unreadCount': UNREAD, 'stacks.list': [], 'friends.list': [], 'groups.mine': [] });
    localStorage.setItem('token', 'tok');
    renderRoutes('/register');
    expect(await screen.findByText(/No stacks yet\./)).toBeInTheDocument();
  });

  it('follows the login and logout events', async () => {
    stubTrpc({ 'users.me': ME, 'notifications.unreadCount': UNREAD, 'stacks.list': [], 'friends.list': [], 'groups.mine': [] });
    renderRoutes('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    act(() => storeToken('tok'));
    expect(await screen.findByText(/No stacks yet\./)).toBeInTheDocument();
    act(() => clearToken());
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('logs out on a 401 from any call but login', async () => {
    stubFetch(async () => new Response(JSON.stringify([{ error: { message: 'The token has been revoked', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401, detail: 'The token has been revoked' } } }]), { status: 401, headers: { 'content-type': 'application/json' } }));
    localStorage.setItem('token', 'revoked');
    renderRoutes('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('/users/{userId} for yourself', () => {
  it('shows your own profile without friend actions; Edit Profile opens settings on the dashboard', async () => {
    const own = { id: 1, username: 'alice', bio: '', avatar_id: 1, friend_status: 'not_friends', last_login: null, socials: [], friend_request_id: null };
    stubTrpc({ 'users.me': ME, 'users.get': own, 'notifications.unreadCount': UNREAD, 'stacks.list': [], 'friends.list': [], 'groups.mine': [] });
    localStorage.setItem('token', 'tok');
    renderRoutes('/users/1');
    expect(await screen.findByRole('heading', { name: 'alice', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Friend User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    expect(screen.queryByText('Status: not friends')).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Edit Profile' }).click());
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  });
});
