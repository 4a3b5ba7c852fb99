import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../client/src/app/app';
import { Providers } from '../../client/src/app/providers';
import { CopyLinkButton, ShareImageButton } from '../../client/src/features/stacks/share-image-button';
import { StackDetail } from '../../client/src/features/stacks/stack-detail';
import { LOGOUT_PATH, storeToken } from '../../client/src/lib/auth-token';
import {
  DASHBOARD_ROUTE_PATTERNS,
  parentView,
  pathOfAdminSection,
  pathOfRequest,
  pathOfRoute,
  pathOfView,
  routeOfPath,
  type DashboardRoute,
} from '../../client/src/lib/dashboard-paths';
import { emit } from '../../client/src/lib/events';
import { loginPathFor, nextPathFrom, safeRedirectPath } from '../../client/src/lib/safe-redirect';
import { dashboardAnswers, ME, profile } from './fixtures';
import { chessClub } from './groups-fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';
import { answeredGroupStack, listItem, stack } from './stacks-fixtures';

/*
 * Real addresses for every view (docs/decisions/0036-addresses.md): the path <-> view
 * mapping, the safe-redirect check, and the app's routes in a memory router (the browser walk with
 * Back, Forward and reload is tests/e2e/routes.e2e.test.ts).
 */

describe('routeOfPath and pathOfRoute: every view has one address', () => {
  const views: [string, DashboardRoute][] = [
    ['/dashboard/stacks', { kind: 'main', view: 'stacks' }],
    ['/dashboard/groups', { kind: 'main', view: 'groups' }],
    ['/dashboard/users', { kind: 'main', view: 'users' }],
    ['/dashboard/reports', { kind: 'main', view: 'reports' }],
    ['/dashboard/admin', { kind: 'main', view: 'admin' }],
    ['/dashboard/admin/codes', { kind: 'main', view: 'admin', section: 'codes' }],
    ['/dashboard/admin/users', { kind: 'main', view: 'admin', section: 'users' }],
    ['/dashboard/admin/bots', { kind: 'main', view: 'admin', section: 'bots' }],
    ['/dashboard/admin/notes', { kind: 'main', view: 'admin', section: 'notes' }],
    ['/dashboard/admin/audit', { kind: 'main', view: 'admin', section: 'audit' }],
    ['/dashboard/settings', { kind: 'main', view: 'settings' }],
    ['/dashboard/stacks/42', { kind: 'detail', request: { kind: 'stack', id: 42, stackType: 'stack' } }],
    ['/dashboard/twisted/90', { kind: 'detail', request: { kind: 'stack', id: 90, stackType: 'twisted' } }],
    ['/dashboard/groups/7', { kind: 'detail', request: { kind: 'group', id: 7 } }],
    ['/dashboard/users/2', { kind: 'detail', request: { kind: 'user', id: 2 } }],
    ['/dashboard/bots/5', { kind: 'detail', request: { kind: 'bot', id: 5 } }],
  ];

  it.each(views)('%s reads as its view and back', (path, route) => {
    expect(routeOfPath(path)).toEqual(route);
    expect(pathOfRoute(route)).toBe(path);
  });

  it('/dashboard itself is the Stacks tab; a trailing slash is the same address', () => {
    expect(routeOfPath('/dashboard')).toEqual({ kind: 'main', view: 'stacks' });
    expect(routeOfPath('/dashboard/')).toEqual({ kind: 'main', view: 'stacks' });
    expect(routeOfPath('/dashboard/stacks/42/')).toEqual(routeOfPath('/dashboard/stacks/42'));
  });

  it.each([
    '/dashboard/nothing',
    '/dashboard/Stacks',
    '/dashboard/stacks/0',
    '/dashboard/stacks/042',
    '/dashboard/stacks/-1',
    '/dashboard/stacks/4.5',
    '/dashboard/stacks/abc',
    '/dashboard/stacks/2147483648',
    '/dashboard/stacks/42/comments',
    '/dashboard/settings/1',
    '/dashboard/reports/3',
    '/dashboard/admin/nothing',
    '/dashboard/admin/Codes',
    '/dashboard/admin/3',
    '/dashboard/admin/codes/3',
    '/dashboard/codes',
    '/dashboardx',
    '/users/2',
  ])('%s names no dashboard view', (path) => {
    expect(routeOfPath(path)).toBeNull();
  });

  it("the route table's patterns (app.tsx) are exactly the views routeOfPath reads", () => {
    const filled = DASHBOARD_ROUTE_PATTERNS.map((pattern) => `/dashboard/${pattern.replace(':id', '7')}`);
    expect(filled.map((path) => routeOfPath(path) && pathOfRoute(routeOfPath(path)!))).toEqual(filled);
    expect(new Set(filled)).toEqual(new Set(views.map(([path]) => path.replace(/\d+$/, '7'))));
  });

  it('a detail returns to the fixed view it belongs to when nothing else is known', () => {
    expect(parentView({ kind: 'stack', id: 1, stackType: 'twisted' })).toBe('stacks');
    expect(parentView({ kind: 'group', id: 1 })).toBe('groups');
    expect(parentView({ kind: 'user', id: 1 })).toBe('users');
    expect(parentView({ kind: 'bot', id: 1 })).toBe('users');
    expect(pathOfView('settings')).toBe('/dashboard/settings');
    expect(pathOfAdminSection('audit')).toBe('/dashboard/admin/audit');
    expect(pathOfRequest({ kind: 'stack', id: 3, stackType: 'twisted', exact: true })).toBe('/dashboard/twisted/3');
  });
});

describe('safeRedirectPath: after login, only a path of this site', () => {
  it.each(['/dashboard', '/dashboard/stacks/42', '/dashboard/twisted/9?x=1#top', '/users/2', '/rules', '/%2F%2Fevil.example'])('follows %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    ['//evil.example', 'protocol-relative: another host'],
    ['//evil.example/dashboard', 'protocol-relative with a path'],
    ['/\\evil.example', "a backslash browsers read as '//'"],
    ['\\\\evil.example', 'backslashes only'],
    ['/dashboard\\..\\..\\/evil', 'a backslash anywhere'],
    ['https://evil.example/dashboard', 'an absolute URL'],
    ['http:/evil.example', 'a scheme with one slash'],
    ['javascript:alert(1)', 'javascript:'],
    ['JavaScript:alert(1)', 'javascript: in capitals'],
    ['data:text/html,hi', 'data:'],
    ['/\t/evil.example', 'a tab, which URL parsers drop'],
    ['/\n/evil.example', 'a newline'],
    [' /dashboard', 'leading whitespace'],
    ['/.//evil.example', "a dot segment that resolves to '//'"],
    ['/a/../..//evil.example', "dot-dot segments that resolve to '//'"],
    ['dashboard', 'not beginning with /'],
    ['', 'empty'],
    ['/' + 'a'.repeat(3000), 'too long (3,001 characters)'],
  ])('refuses %j (%s)', (raw) => {
    expect(safeRedirectPath(raw)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
  });

  it('builds the login address with ?next=, and reads it back only when safe', () => {
    expect(loginPathFor('/dashboard/stacks/42')).toBe('/login?next=%2Fdashboard%2Fstacks%2F42');
    expect(loginPathFor('/dashboard')).toBe('/login');
    expect(loginPathFor(null)).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
    expect(nextPathFrom('?next=%2Fdashboard%2Fstacks%2F42')).toBe('/dashboard/stacks/42');
    expect(nextPathFrom('?next=%2F%2Fevil.example')).toBe('/dashboard');
    expect(nextPathFrom('?next=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(nextPathFrom('?next=%2F%5Cevil.example')).toBe('/dashboard');
    expect(nextPathFrom('?next=javascript%3Aalert(1)')).toBe('/dashboard');
    expect(nextPathFrom('')).toBe('/dashboard');
  });
});

/** What the group detail of Chess Club (7) loads. */
const GROUP = { 'groups.get': chessClub('owner'), 'groups.bots': [], 'groups.agreement': { members: [], pairs: [], stacks_considered: 0 } };

/**
 * Where the memory router is, and its navigate (Back and Forward are navigate(-1) and navigate(1)).
 * Recorded in a layout effect, which runs in the same commit as the screen it belongs to: a passive
 * effect may run after that screen is already in the document, so a test that found the screen
 * could still read the address before it.
 */
const probe: { path: string; navigate: NavigateFunction | null } = { path: '', navigate: null };
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    probe.path = `${location.pathname}${location.search}`;
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

/** The lazy dashboard's first load can be slow on a busy machine. */
const LOAD = { timeout: 10_000 };

const back = () => act(() => void probe.navigate!(-1));
const forward = () => act(() => void probe.navigate!(1));
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent ?? null;

function skipTour() {
  localStorage.setItem('onboarding_version', '1.1.0');
  localStorage.setItem('onboarding_completed', 'true');
}

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem(`notifications_auto_shown_${ME.id}`, 'true');
  skipTour();
});

describe('the dashboard follows its address', () => {
  beforeEach(() => storeToken('tok', { silent: true }));

  it('an event opens a view and moves the address; closing goes back to the address it came from', async () => {
    stubTrpc(dashboardAnswers({ 'stacks.list': [listItem({ id: 42, name: 'Lunch' })], 'stacks.get': stack() }));
    const user = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /^Lunch/ }, LOAD));
    expect(await screen.findByRole('heading', { name: 'Lunch', level: 1 }, LOAD)).toBeInTheDocument();
    expect(probe.path).toBe('/dashboard/stacks/42');
    act(() => emit('navigateTab', { tab: 'groups' }));
    await vi.waitFor(() => expect(probe.path).toBe('/dashboard/groups'));
    expect(selectedTab()).toBe('Groups');
    await user.click(screen.getByRole('tab', { name: 'Lunch' }));
    expect(probe.path).toBe('/dashboard/stacks/42');
    await user.click(screen.getByRole('button', { name: 'Close Lunch' }));
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']));
    expect(selectedTab()).toBe('Stacks');
    expect(probe.path).toBe('/dashboard');
  });

  it('Back and Forward move between views; Back onto a closed tab opens it again', async () => {
    stubTrpc(dashboardAnswers(GROUP));
    const user = renderApp('/dashboard');
    await screen.findByText(/No stacks yet\./, {}, LOAD);
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(probe.path).toBe('/dashboard/users');
    act(() => emit('openUser', { userId: 2 }));
    await vi.waitFor(() => expect(probe.path).toBe('/dashboard/users/2'), LOAD);
    expect(selectedTab()).toBe('bob');

    back();
    await vi.waitFor(() => expect(selectedTab()).toBe('Users'));
    expect(probe.path).toBe('/dashboard/users');
    // The tab stays open: Forward shows it again.
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', 'bob']);
    forward();
    await vi.waitFor(() => expect(selectedTab()).toBe('bob'));

    await user.click(screen.getByRole('button', { name: 'Close bob' }));
    await vi.waitFor(() => expect(probe.path).toBe('/dashboard/users'));
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);
    // Closing went back one entry: Forward is the profile again, which opens again.
    forward();
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', 'bob']), LOAD);
    expect(selectedTab()).toBe('bob');
    expect(probe.path).toBe('/dashboard/users/2');
  });

  it.each([
    ['/dashboard/stacks/42', { 'stacks.get': stack({ name: 'Lunch Specials' }) }, 'Lunch Sp', 'Lunch Specials'],
    ['/dashboard/groups/7', GROUP, 'Chess Club', 'Chess Club'],
    ['/dashboard/users/2', {}, 'bob', 'bob'],
  ])('%s opened directly (a link, a reload) opens that tab once loaded', async (path, answers, label, heading) => {
    stubTrpc(dashboardAnswers(answers));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 }, LOAD)).toBeInTheDocument();
    await vi.waitFor(() => expect(selectedTab()).toBe(label), LOAD);
    expect(probe.path).toBe(path);
  });

  it('closing a view opened by its address returns to the fixed view it belongs to, replacing the entry', async () => {
    stubTrpc(dashboardAnswers(GROUP));
    const user = renderApp('/dashboard/groups/7');
    await vi.waitFor(() => expect(selectedTab()).toBe('Chess Club'), LOAD);
    await user.click(screen.getByRole('button', { name: 'Close Chess Club' }));
    await vi.waitFor(() => expect(probe.path).toBe('/dashboard/groups'));
    expect(selectedTab()).toBe('Groups');
  });

  it('the address of a stack that is gone says so, without Retry, and shows the Stacks tab', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = stubTrpc(dashboardAnswers({ 'stacks.get': () => new TrpcFailure(404, 'Stack not found', 'STACK_NOT_FOUND'), 'twistedStacks.get': () => stack() }));
    renderApp('/dashboard/stacks/42');
    const notice = await screen.findByRole('alert', {}, LOAD);
    expect(notice).toHaveTextContent('This stack no longer exists.');
    expect(within(notice).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(probe.path).toBe('/dashboard/stacks'));
    expect(selectedTab()).toBe('Stacks');
    // The address named an ordinary stack: no twisted stack of the same id was tried instead.
    expect(server.callsTo('twistedStacks.get')).toHaveLength(0);
  });

  it('your own profile is settings; an unknown address goes to /dashboard; Reports and the admin console are for admins', async () => {
    stubTrpc(dashboardAnswers());
    renderApp('/dashboard/users/1');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 }, LOAD)).toBeInTheDocument();
    await vi.waitFor(() => expect(probe.path).toBe('/dashboard/settings'));
    act(() => void probe.navigate!('/dashboard/nowhere'));
    await vi.waitFor(() => expect(probe.path).toBe('/dashboard'));
    act(() => void probe.navigate!('/dashboard/reports'));
    await vi.waitFor(() => expect(probe.path).toBe('/dashboard'));
    expect(selectedTab()).toBe('Stacks');
    for (const path of ['/dashboard/admin', '/dashboard/admin/codes', '/dashboard/admin/audit']) {
      act(() => void probe.navigate!(path));
      await vi.waitFor(() => expect(probe.path).toBe('/dashboard'));
      expect(selectedTab()).toBe('Stacks');
      expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument();
    }
  });

  it('the /users/{userId} page still stands alone', async () => {
    stubTrpc(dashboardAnswers());
    renderApp('/users/2');
    expect(await screen.findByRole('heading', { name: 'bob', level: 1 }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });
});

/** Signed out, as on a first visit: no token, and no session ended in this page. */
function freshVisitor() {
  storeToken('x', { silent: true });
  localStorage.removeItem('token');
}

describe('signed out, and sessions that end', () => {
  afterEach(() => storeToken('reset', { silent: true }));

  it('a link opened signed out goes to /login and, after login, to the linked view', async () => {
    freshVisitor();
    stubTrpc(dashboardAnswers({ 'auth.login': { access_token: 'tok' }, ...GROUP }));
    const user = renderApp('/dashboard/groups/7');
    expect(await screen.findByRole('heading', { name: 'Login' }, LOAD)).toBeInTheDocument();
    expect(probe.path).toBe('/login?next=%2Fdashboard%2Fgroups%2F7');
    expect(screen.queryByText('Your session has expired. Please log in again.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Username or email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(selectedTab()).toBe('Chess Club'), LOAD);
    expect(probe.path).toBe('/dashboard/groups/7');
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)'])('after login ?next=%s is refused: /dashboard', async (next) => {
    freshVisitor();
    stubTrpc(dashboardAnswers({ 'auth.login': { access_token: 'tok' } }));
    const user = renderApp(`/login?next=${encodeURIComponent(next)}`);
    await user.type(await screen.findByLabelText('Username or email', {}, LOAD), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText(/No stacks yet\./, {}, LOAD);
    expect(probe.path).toBe('/dashboard');
  });

  it('a 401 lands on /login with the expiry message, and login returns to the view', async () => {
    storeToken('tok', { silent: true });
    let revoked = false;
    stubTrpc(
      dashboardAnswers({
        'users.get': () => (revoked ? new TrpcFailure(401, 'The token has been revoked', 'UNAUTHORIZED') : profile()),
        'groups.get': () => (revoked ? new TrpcFailure(401, 'The token has been revoked', 'UNAUTHORIZED') : chessClub('owner')),
        'groups.bots': [],
        'groups.agreement': GROUP['groups.agreement'],
        'auth.login': () => {
          revoked = false;
          return { access_token: 'tok2' };
        },
      }),
    );
    const user = renderApp('/dashboard/groups/7');
    await vi.waitFor(() => expect(selectedTab()).toBe('Chess Club'), LOAD);
    revoked = true;
    act(() => emit('openUser', { userId: 2 }));
    expect(await screen.findByRole('heading', { name: 'Login' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^Your session has expired\. Please log in again\.$/);
    expect(probe.path).toBe('/login?next=%2Fdashboard%2Fgroups%2F7');
    await user.type(screen.getByLabelText('Username or email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(selectedTab()).toBe('Chess Club'), LOAD);
    expect(probe.path).toBe('/dashboard/groups/7');
    expect(localStorage.getItem('token')).toBe('tok2');
  });

  it('a deliberate Log Out ends the session on the server, shows no expiry message and keeps no address to return to', async () => {
    storeToken('tok', { silent: true });
    const { fetchMock } = stubTrpc(dashboardAnswers());
    const user = renderApp('/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Log Out' })).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Login' }, LOAD)).toBeInTheDocument();
    expect(probe.path).toBe('/login');
    expect(screen.queryByText('Your session has expired. Please log in again.')).not.toBeInTheDocument();
    // POST /v1/auth/logout with the token the page had (docs/sessions.md); the token is gone.
    const logout = fetchMock.mock.calls.find(([url]) => String(url) === LOGOUT_PATH);
    expect(logout?.[1]).toMatchObject({ method: 'POST', keepalive: true, headers: { Authorization: 'Bearer tok' } });
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('Copy link and the share sheet carry the address of the stack', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(navigator, 'canShare');
    Reflect.deleteProperty(navigator, 'share');
  });

  it('Copy link copies the absolute address of the view and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    const { user } = renderAt(<CopyLinkButton kind="stack" stackId={42} />);
    // After user-event's setup, which puts its own clipboard on navigator.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/dashboard/stacks/42`);
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('a refused clipboard shows the address in a field, selected, to copy by hand', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = renderAt(<CopyLinkButton kind="twisted" stackId={90} />);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))) }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    const field = await screen.findByRole('textbox', { name: 'Could not copy the link. Select it and copy it yourself:' });
    expect(field).toHaveValue(`${window.location.origin}/dashboard/twisted/90`);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    const input = field as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('the Web Share sheet gets the link with the image', async () => {
    localStorage.setItem('token', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200, blob: async () => new Blob([new Uint8Array([1])], { type: 'image/png' }), json: async () => ({}) })),
    );
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'canShare', { value: vi.fn(() => true), configurable: true, writable: true });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    const { user } = renderAt(<ShareImageButton kind="twisted" stackId={90} name="Lunch" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Image shared.')).toBeInTheDocument();
    const [data] = share.mock.calls[0] as unknown as [ShareData];
    expect(data.url).toBe(`${window.location.origin}/dashboard/twisted/90`);
    expect(data.files).toHaveLength(1);
  });

  it('the stack detail offers Copy link, before answering and beside Share after', async () => {
    stubTrpc({ 'users.me': ME, 'stacks.get': stack() });
    const first = renderAt(<StackDetail id={42} onClose={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    first.unmount();

    stubTrpc({ 'users.me': ME, 'stacks.get': answeredGroupStack() });
    renderAt(<StackDetail id={42} onClose={() => undefined} />);
    const share = await screen.findByRole('button', { name: 'Share' });
    expect(share.parentElement!.parentElement).toContainElement(screen.getByRole('button', { name: 'Copy link' }));
  });
});
