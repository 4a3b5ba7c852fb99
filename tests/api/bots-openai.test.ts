import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBot, type RunResult } from '../../server/modules/bots/bots.engine';
import type { OpenAiConfig } from '../../server/config';
import type { BotRun } from '../../shared/schemas/bots';
import { createBot } from '../factories/bots';
import { as, groupCast } from '../factories/groups';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The `openai` generator against a small OpenAI-compatible server on loopback (real HTTP): each
 * test sets how the server replies to POST /v1/chat/completions and reads the requests it got.
 */
interface ChatRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { model: string; messages: { role: string; content: string }[]; response_format: unknown; temperature: number };
}
type Reply = (request: ChatRequest, res: ServerResponse) => void;

let t: TestApp;
let server: Server;
let baseUrl: string;
let reply: Reply;
let requests: ChatRequest[];

beforeAll(async () => {
  t = await createTestApp();
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(raw || 'null') };
      requests.push(request);
      reply(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});
beforeEach(() => {
  requests = [];
});

const openai = (overrides: Partial<OpenAiConfig> = {}): OpenAiConfig => ({ baseUrl, apiKey: 'sk-test-key', model: 'stacks-test-model', timeoutMs: 2000, ...overrides });

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
const completion = (content: string | null) => ({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
/** The server answers 200 with this message content. */
const answer = (content: string): Reply => (_request, res) => sendJson(res, 200, completion(content));

/** 2030-03-04 is a Monday. */
const day = (n: number) => new Date(Date.UTC(2030, 2, 4 + n, 10, 0, 0));

const MONSTERS = ['Dracula', 'Freddy Krueger', 'The Thing', 'Pennywise', 'Chucky', 'Michael Myers'];

async function openAiBot(tags = ['pizza']) {
  const cast = await groupCast(t);
  const admin = await createUser(t.db, { role: 'ADMIN' });
  const bot = await createBot(t, admin, cast.owner, { type: 'group', group_id: cast.group.id }, { name: 'Oracle', tags, generator: 'openai' });
  return { ...cast, admin, bot };
}

function ran(result: RunResult): BotRun {
  if (result.skipped) throw new Error('the run was skipped');
  return result.run;
}

/** A failed run: the error recorded, no stack posted, the tags left as they were. */
async function expectFailedRun(c: Awaited<ReturnType<typeof openAiBot>>, run: BotRun, error: string) {
  expect(run).toMatchObject({ success: false, error, stack_id: null, keywords_prompt: ['pizza'] });
  expect(run.raw_prompt).toContain('Write one stack about one of these topics');
  expect(await t.db.selectFrom('stacks').select('id').where('bot_id', '=', c.bot.id).execute()).toEqual([]);
  const tags = (await as(t, c.owner).get(`/v1/bots/${c.bot.id}`)).body.keywords;
  expect(tags).toMatchObject([{ name: 'pizza', status: 'PENDING', is_available: true }]);
}

describe('the openai generator', () => {
  it('posts the stack the endpoint answers, asking for JSON with the model, key and tags, and records the prompt', async () => {
    const c = await openAiBot(['movies (horror)']);
    reply = answer(JSON.stringify({ name: ' Scariest movie monsters ', positions: MONSTERS.map((p) => ` ${p} `) }));
    const run = ran(await runBot(t.db, c.bot.id, day(0), { openai: openai() }));
    expect(run).toMatchObject({ success: true, error: null, keywords_prompt: ['movies (horror)'] });

    const detail = await as(t, c.member).get(`/v1/stacks/${run.stack_id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ name: 'Scariest movie monsters', positions: MONSTERS, bot: { id: c.bot.id, name: 'Oracle' }, audience: { type: 'group', group: { id: c.group.id } } });
    expect((await as(t, c.owner).get(`/v1/bots/${c.bot.id}`)).body.keywords).toMatchObject([{ name: 'movies (horror)', status: 'ACTIVE' }]);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect({ method: request.method, url: request.url, authorization: request.headers.authorization }).toEqual({
      method: 'POST',
      url: '/v1/chat/completions',
      authorization: 'Bearer sk-test-key',
    });
    expect(request.body).toMatchObject({ model: 'stacks-test-model', response_format: { type: 'json_object' }, temperature: expect.any(Number) });
    expect(request.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    const userPrompt = request.body.messages[1].content;
    expect(userPrompt).toContain('movies, within horror');

    expect(run.raw_prompt).toContain('generator openai; tags: movies (horror)');
    expect(run.raw_prompt).toContain('model stacks-test-model');
    expect(run.raw_prompt).toContain(userPrompt);
    expect(run.raw_prompt).toContain(request.body.messages[0].content);
    expect(run.raw_prompt).not.toContain('sk-test-key');
  });

  it('accepts JSON wrapped in a Markdown fence, and sends no Authorization without a key', async () => {
    const c = await openAiBot();
    reply = answer(`\`\`\`json\n${JSON.stringify({ name: 'Pizza toppings', positions: ['Ham', 'Pineapple', 'Olives', 'Mushrooms', 'Salami', 'Anchovies'] })}\n\`\`\``);
    const run = ran(await runBot(t.db, c.bot.id, day(0), { openai: openai({ apiKey: undefined }) }));
    expect(run).toMatchObject({ success: true, error: null });
    expect(requests[0].headers.authorization).toBeUndefined();
  });

  const six = ['Ham', 'Pineapple', 'Olives', 'Mushrooms', 'Salami', 'Anchovies'];
  it.each([
    ['text that is not JSON', 'Sure! Here is a stack about pizza.', 'The generator answer is not JSON: "Sure! Here is a stack about pizza."'],
    ['a list instead of an object', JSON.stringify(six), 'The generator answer is not valid: the answer must be an object with name and positions'],
    ['five positions', JSON.stringify({ name: 'Toppings', positions: six.slice(0, 5) }), 'The generator answer is not valid: positions: Exactly six positions are required'],
    ['positions that differ only in case', JSON.stringify({ name: 'Toppings', positions: [...six.slice(0, 5), ' ham'] }), 'The generator answer is not valid: positions: Identical positions not supported.'],
    ['a 40-character position', JSON.stringify({ name: 'Toppings', positions: [...six.slice(0, 2), 'x'.repeat(40), ...six.slice(3)] }), 'The generator answer is not valid: positions.2: Positions must be no more than 32 characters'],
    ['a blank position', JSON.stringify({ name: 'Toppings', positions: [...six.slice(0, 5), '  '] }), 'The generator answer is not valid: positions.5: Positions cannot be empty'],
    ['a 33-character name', JSON.stringify({ name: 'n'.repeat(33), positions: six }), 'The generator answer is not valid: name: Stack name must be no more than 32 characters'],
    ['no name', JSON.stringify({ positions: six }), 'The generator answer is not valid: name: name is required'],
  ])('fails the run on an answer with %s', async (_label, content, error) => {
    const c = await openAiBot();
    reply = answer(content);
    await expectFailedRun(c, ran(await runBot(t.db, c.bot.id, day(0), { openai: openai() })), error);
  });

  it.each([
    ['HTTP 500', (_r: ChatRequest, res: ServerResponse) => sendJson(res, 500, { error: { message: 'The server is overloaded' } }), {}, 'The generator answered HTTP 500: The server is overloaded'],
    ['HTTP 401 without a key', (_r: ChatRequest, res: ServerResponse) => sendJson(res, 401, { error: { message: 'Missing bearer' } }), { apiKey: undefined }, 'The generator answered HTTP 401: Missing bearer (OPENAI_API_KEY is not set)'],
    ['a body that is not a chat completion', (_r: ChatRequest, res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Hello</h1>'), {}, 'The generator answer is not a chat completion: "<h1>Hello</h1>"'],
    ['a message without content', (_r: ChatRequest, res: ServerResponse) => sendJson(res, 200, completion(null)), {}, 'The generator answer has no content'],
  ])('fails the run on %s', async (_label, handler, overrides, error) => {
    const c = await openAiBot();
    reply = handler;
    await expectFailedRun(c, ran(await runBot(t.db, c.bot.id, day(0), { openai: openai(overrides) })), error);
  });

  it('fails the run when the endpoint does not answer in time, and the next day still runs', async () => {
    const c = await openAiBot();
    reply = () => {}; // never answers
    const startedAt = Date.now();
    const failed = ran(await runBot(t.db, c.bot.id, day(0), { openai: openai({ timeoutMs: 300 }) }));
    expect(Date.now() - startedAt).toBeLessThan(5000);
    await expectFailedRun(c, failed, 'The generator timed out after 300 ms');

    reply = answer(JSON.stringify({ name: 'Pizza toppings', positions: six }));
    const next = ran(await runBot(t.db, c.bot.id, day(1), { openai: openai({ timeoutMs: 300 }) }));
    expect(next).toMatchObject({ success: true, error: null, keywords_prompt: ['pizza'], stack_id: expect.any(Number) });
  });

  it('fails the run when the endpoint cannot be reached', async () => {
    const c = await openAiBot();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const run = ran(await runBot(t.db, c.bot.id, day(0), { openai: openai({ baseUrl: `http://127.0.0.1:${port}/v1` }) }));
    expect(run.error).toMatch(/^The generator could not be reached: /);
    await expectFailedRun(c, run, run.error as string);
  });

  it('fails the run of an openai bot when the generator is not configured, without asking anyone', async () => {
    const c = await openAiBot();
    reply = answer('{}');
    const run = ran(await runBot(t.db, c.bot.id, day(0)));
    expect(run).toMatchObject({ success: false, error: 'The openai generator is not configured', stack_id: null });
    expect(requests).toHaveLength(0);
  });

  it('holds no transaction while the endpoint works: tags can be edited meanwhile, and a tag removed then is not marked used', async () => {
    const c = await openAiBot(['pizza']);
    let release = () => {};
    const arrived = new Promise<void>((resolve) => {
      reply = (_request, res) => {
        release = () => sendJson(res, 200, completion(JSON.stringify({ name: 'Pizza toppings', positions: six })));
        resolve();
      };
    });
    const running = runBot(t.db, c.bot.id, day(0), { openai: openai() });
    await arrived;
    // On PGlite's single connection this request would wait for the run if the run held a transaction.
    const removed = await t.request.delete(`/v1/bots/${c.bot.id}/keywords`).set('Authorization', `Bearer ${t.tokenFor(c.owner)}`).send({ keywords: ['pizza'] });
    expect(removed.status).toBe(200);
    const added = await as(t, c.owner).post(`/v1/bots/${c.bot.id}/keywords`, { keywords: ['movies'] });
    expect(added.status).toBe(200);
    release();
    const run = ran(await running);
    expect(run).toMatchObject({ success: true, keywords_prompt: ['pizza'] });
    const tags = (await as(t, c.owner).get(`/v1/bots/${c.bot.id}`)).body.keywords;
    expect(tags).toMatchObject([
      { name: 'movies', status: 'ACTIVE', is_available: true },
      { name: 'pizza', status: 'DISABLED', is_available: true },
    ]);
  });
});

describe('POST /v1/bots generator', () => {
  const expectError = (res: Response, status: number, code: string, detail: string) =>
    expect({ status: res.status, detail: res.body.detail, code: res.body.code }).toEqual({ status, detail, code });

  it('stores the generator, builtin by default', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const base = { name: 'Bot', avatar_id: 1, owner_id: admin.id, audience: { type: 'user', user_id: admin.id } };
    const chosen = await as(t, admin).post('/v1/bots', { ...base, generator: 'openai' });
    const plain = await as(t, admin).post('/v1/bots', base);
    expect([chosen.status, plain.status]).toEqual([200, 200]);
    const rows = await t.db.selectFrom('bots').select(['id', 'generator']).where('id', 'in', [chosen.body.id, plain.body.id]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: chosen.body.id, generator: 'openai' },
      { id: plain.body.id, generator: 'builtin' },
    ]);
  });

  it('refuses an unknown generator with 400', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const res = await as(t, admin).post('/v1/bots', { name: 'Bot', avatar_id: 1, owner_id: admin.id, audience: { type: 'user', user_id: admin.id }, generator: 'gpt' });
    expectError(res, 400, 'VALIDATION_FAILED', 'generator must be builtin or openai');
  });
});
