import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RegisterPage } from '../../client/src/features/auth/register-page';
import { renderAt, stubFetch, trpcError, trpcResult } from './render';

function setup() {
  return renderAt(<RegisterPage />, '/register');
}

const submit = () => screen.getByRole('button', { name: 'Create Account' });

async function fillValid(user: ReturnType<typeof setup>['user'], overrides: Partial<Record<string, string>> = {}) {
  const values = { username: 'alice', email: 'alice@example.com', password: 'password123', confirmPassword: 'password123', registrationCode: 'ABCD-EFGH-JKLM', ...overrides };
  for (const [id, value] of Object.entries(values)) {
    // An undefined override keeps what the field holds (e.g. a code from the link).
    if (id in overrides && overrides[id] === undefined) continue;
    const input = document.getElementById(id) as HTMLInputElement;
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('Register page', () => {
  it('shows the heading, both agreements ticked at the start, and the links', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Create Your Account' })).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    boxes.forEach((box) => expect(box).toBeChecked());
    expect(screen.getByRole('link', { name: 'Sign in here' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(screen.getByRole('link', { name: 'Community Rules' })).toHaveAttribute('href', '/rules');
  });

  it('lists every required-field message on an empty submit', async () => {
    const { user } = setup();
    await user.click(submit());
    for (const text of ['Username is required', 'Email is required', 'Password is required', 'Please confirm your password', 'Registration code is required']) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });

  it.each([
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(31), 'Username must be no more than 30 characters'],
    ['al ice', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['_alice', 'Username must start with a letter or number'],
    ['alice-', 'Username must end with a letter or number'],
  ])('username %j gives "%s"', async (username, message) => {
    const { user } = setup();
    await fillValid(user, { username });
    await user.click(submit());
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('checks the e-mail, password length and confirmation', async () => {
    const { user } = setup();
    await fillValid(user, { email: 'not-an-address', password: 'short', confirmPassword: 'different' });
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('requires both agreements', async () => {
    const { user } = setup();
    await fillValid(user);
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(submit());
    expect(await screen.findByText('You must agree to the Terms of Service')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the Community Rules')).toBeInTheDocument();
  });

  it("clears a field's error when that field is edited, and only that one", async () => {
    const { user } = setup();
    await user.click(submit());
    await screen.findByText('Username is required');
    await user.type(document.getElementById('username')!, 'a');
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    // Still too short, but no new error until the next submit.
    expect(screen.queryByText('Username must be at least 3 characters')).not.toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });

  it("says 'Creating Account...' while submitting, then 'Registration Successful!' and redirects", async () => {
    let answer!: (response: Response) => void;
    const fetchMock = stubFetch(() => new Promise((resolve) => (answer = resolve)));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toContain('/trpc/auth.register');
    expect(JSON.parse(String(init?.body))).toEqual({ 0: { username: 'alice', email: 'alice@example.com', password: 'password123', registration_code: 'ABCD-EFGH-JKLM' } });
    answer(trpcResult({ access_token: 'tok', token_type: 'bearer' }));
    expect(await screen.findByText('Registration Successful!')).toBeInTheDocument();
    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok');
    expect(assign).toHaveBeenCalledWith('/registration-complete');
  });

  it("shows the server's detail when registration is refused", async () => {
    stubFetch(async () => trpcError(409, 'Username is already taken'));
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("says 'Network error. Please try again.' when the server does not answer", async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(screen.getByText('Network error. Please try again.')).toBeInTheDocument());
  });
});

describe('Register page: invite links', () => {
  it('fills in the registration code from ?code= and sends it', async () => {
    const fetchMock = stubFetch(async () => trpcResult({ access_token: 'tok', token_type: 'bearer' }));
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const { user } = renderAt(<RegisterPage />, '/register?code=K7QM-4WXP-R2TD');
    expect(document.getElementById('registrationCode')).toHaveValue('K7QM-4WXP-R2TD');
    await fillValid(user, { registrationCode: undefined });
    await user.click(submit());
    await screen.findByText('Registration Successful!');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))[0].registration_code).toBe('K7QM-4WXP-R2TD');
  });

  it('leaves the field empty without ?code=', () => {
    setup();
    expect(document.getElementById('registrationCode')).toHaveValue('');
  });
});
