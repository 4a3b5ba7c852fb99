import type { AdminBot, AdminCode, AdminUser, AdminUserDetail, AuditEntry } from '../../shared/schemas/admin';
import type { BotRun } from '../../shared/schemas/bots';
import { ME } from './fixtures';

/** The signed-in admin of the console tests (id 1, alice). */
export const ADMIN_ME = { ...ME, role: 'ADMIN' as const };

export function adminCode(overrides: Partial<AdminCode> & Pick<AdminCode, 'id' | 'code'>): AdminCode {
  return {
    max_uses: 5,
    uses: 1,
    expires_at: '2026-12-03T10:00:00.000Z',
    revoked_at: null,
    created_at: '2026-11-26T10:00:00.000Z',
    created_by: { id: 1, username: 'alice' },
    status: 'active',
    ...overrides,
  };
}

export function adminUser(overrides: Partial<AdminUser> & Pick<AdminUser, 'id' | 'username'>): AdminUser {
  return {
    email: `${overrides.username}@example.com`,
    role: 'USER',
    is_active: true,
    email_verified: true,
    created_at: '2026-11-20T10:00:00.000Z',
    last_login_at: null,
    invited_by: null,
    invited_count: 0,
    ...overrides,
  };
}

export function adminUserDetail(overrides: Partial<AdminUserDetail> & Pick<AdminUserDetail, 'id' | 'username'>): AdminUserDetail {
  return { ...adminUser(overrides), invited: [], ...overrides };
}

export function adminBot(overrides: Partial<AdminBot> & Pick<AdminBot, 'id' | 'name'>): AdminBot {
  return {
    bio: '',
    avatar_id: 2,
    owner: { id: 1, username: 'alice' },
    audience: { type: 'user', user: { id: 2, username: 'bob' } },
    schedule: [0, 2, 4],
    generator: 'builtin',
    keywords: [
      { id: 1, name: 'cheese', status: 'ACTIVE', is_available: true },
      { id: 2, name: 'wine', status: 'DISABLED', is_available: false },
    ],
    last_run: null,
    ...overrides,
  };
}

export function botRun(overrides: Partial<BotRun> = {}): BotRun {
  return {
    id: 9,
    run_on: '2026-11-26',
    success: true,
    runtime: 0.4,
    keywords_prompt: ['cheese'],
    raw_prompt: 'cheese',
    stack_id: 77,
    error: null,
    started_at: '2026-11-26T11:00:00.000Z',
    created_at: '2026-11-26T11:00:00.000Z',
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AuditEntry> & Pick<AuditEntry, 'id' | 'action'>): AuditEntry {
  return {
    at: '2026-11-26T11:00:00.000Z',
    actor: { id: 1, username: 'alice' },
    source: 'web',
    target_type: null,
    target_id: null,
    outcome: 'success',
    detail: null,
    ...overrides,
  };
}
