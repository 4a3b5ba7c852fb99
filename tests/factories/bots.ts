import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { as } from './groups';
import type { FactoryUser } from './users';

export interface BotOptions {
  name?: string;
  bio?: string;
  avatar_id?: number;
  schedule?: number[];
  tags?: string[];
  generator?: 'builtin' | 'openai';
}

/** Creates a bot through POST /v1/bots as `admin`; fails the test if the API refuses. */
export async function createBot(
  t: TestApp,
  admin: FactoryUser,
  owner: FactoryUser,
  audience: { type: 'user'; user_id: number } | { type: 'group'; group_id: number },
  options: BotOptions = {},
): Promise<{ id: number; name: string }> {
  const res = await as(t, admin).post('/v1/bots', { name: 'Quizbot', bio: 'Asks things', avatar_id: 4, owner_id: owner.id, audience, schedule: [0, 1, 2, 3, 4, 5, 6], tags: [], ...options });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; name: string };
}
