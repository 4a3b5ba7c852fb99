import type { Bot, BotKeyword, BotRun, BotSummary, TagStatus } from '../../shared/schemas/bots';
import { ME } from './fixtures';
import { TrpcFailure } from './render';

export const botNotFound = () => new TrpcFailure(404, 'Bot not found', 'BOT_NOT_FOUND');

/** ME (alice, id 1) is the viewer in these tests. */
export const ALICE = { id: ME.id, username: ME.username, avatar_id: ME.avatar_id };
export const CAROL = { id: 3, username: 'carol', avatar_id: 3 };
export const CHESS_CLUB = { id: 7, name: 'Chess Club' };

export function keyword(id: number, name: string, status: TagStatus = 'ACTIVE', is_available = true): BotKeyword {
  return { id, name, status, is_available };
}

/** One tag of each kind: ACTIVE, PENDING, DISABLED, DEACTIVATING, and an ACTIVE one used recently. */
export const MIXED_TAGS: BotKeyword[] = [
  keyword(1, 'pizza'),
  keyword(2, 'jazz (music)', 'PENDING'),
  keyword(3, 'tacos', 'DISABLED'),
  keyword(4, 'sushi', 'DEACTIVATING'),
  keyword(5, 'ramen', 'ACTIVE', false),
];

/** 'Quizzy', a group bot of Chess Club owned by carol; alice (the viewer, group owner) may edit its tags. */
export function groupBot(overrides: Partial<Bot> = {}): Bot {
  return {
    id: 42,
    name: 'Quizzy',
    avatar_id: 4,
    bio: 'I ask about food',
    owner_id: CAROL.id,
    owner: { username: CAROL.username, avatar_id: CAROL.avatar_id },
    friend_id: null,
    friend: null,
    group: CHESS_CLUB,
    audience: { type: 'group', group: CHESS_CLUB },
    data: { schedule: [0, 1, 2, 3, 4, 5, 6] },
    keywords: MIXED_TAGS,
    can_edit_tags: true,
    ...overrides,
  };
}

/** 'Pal', carol's bot for alice (the viewer): a user bot with a friend_id. */
export function userBot(overrides: Partial<Bot> = {}): Bot {
  return groupBot({
    id: 43,
    name: 'Pal',
    friend_id: ALICE.id,
    friend: ALICE,
    group: null,
    audience: { type: 'user', user: ALICE },
    ...overrides,
  });
}

export function botRun(overrides: Partial<BotRun> = {}): BotRun {
  return {
    id: 9,
    run_on: '2026-11-20',
    success: true,
    runtime: 0.4213,
    keywords_prompt: ['pizza', 'jazz (music)'],
    raw_prompt: 'Make a stack of six things about: pizza, jazz (music)',
    stack_id: 300,
    error: null,
    started_at: '2026-11-20T06:00:00.000Z',
    created_at: '2026-11-20T06:00:00.000Z',
    ...overrides,
  };
}

export function botSummary(overrides: Partial<BotSummary> & Pick<BotSummary, 'id' | 'name'>): BotSummary {
  return { bio: '', avatar_id: 1, ...overrides };
}
