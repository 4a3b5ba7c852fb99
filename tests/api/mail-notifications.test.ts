/**
 * E-mail notifications through a real SMTP server (docs/notification-settings.md): an instant mail
 * from its pg-boss job, with both unsubscribe headers (RFC 8058); the one-click POST turns the kind
 * off (and a GET of the link changes nothing); tampered, expired and foreign tokens are refused;
 * the daily digest goes once a day with its items, never when empty; a dedupe key mails once;
 * unverified and deactivated users get nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MAIL } from '../../shared/limits';
import type { NotificationKind } from '../../shared/schemas/notification-settings';
import { defaultBotsConfig } from '../../server/config';
import { startScheduler, type Scheduler } from '../../server/jobs/scheduler';
import { stopNotificationMailJobs } from '../../server/jobs/notification-mail-jobs';
import { createLogger } from '../../server/logger';
import { setMailQueue } from '../../server/modules/notification-settings/mail-queue';
import { deliverEmail } from '../../server/modules/notification-settings/notification-mail.service';
import { signUnsubscribeToken } from '../../server/modules/notification-settings/unsubscribe-token';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startSmtpServer } from '../helpers/smtp-server';

interface Received {
  to: string[];
  raw: string;
  headers: Record<string, string>;
  text: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;
let scheduler: Scheduler;
let outbox: string;
let clientDir: string;
/** 2030-03-04, a Monday; the digest hour is 8 UTC. */
let now = new Date(Date.UTC(2030, 2, 4, 9, 30));
const DIGEST_HOUR = 8;
const APP = 'http://stacks.test';

/** A raw message's header fields, unfolded, by lower-case name; and its text. */
function parse(raw: string): { headers: Record<string, string>; text: string } {
  const [head, ...body] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return { headers, text: body.join('\n\n') };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mailsTo = (user: FactoryUser) => received.filter((m) => m.to.includes(user.email));
/**
 * Every instant mail written so far has been sent: what the SMTP server received is then all it will
 * receive (a mail is recorded sent only once the server took it), so "nothing came" is a fact, not a
 * guess after a sleep. Digests are sent by sendDigests itself, before it returns.
 */
async function settle(): Promise<void> {
  await waitFor('every instant mail sent', async () => {
    const row = await t.db
      .selectFrom('notification_mails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mode', '=', 'instant')
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n) === 0;
  });
}

beforeAll(async () => {
  let port: number;
  ({ server: smtp, port } = await startSmtpServer(({ to, raw }) => received.push({ to, raw, ...parse(raw) })));
  outbox = mkdtempSync(path.join(tmpdir(), 'stacks-mail-notifications-'));
  // A built client of one page: a GET of the unsubscribe link is the app's page.
  clientDir = path.join(outbox, 'client');
  mkdirSync(clientDir);
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Stacks</title><div id="root"></div>');
  t = await createTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Stacks <no-reply@stacks.test>', outboxDir: outbox }, clientDistDir: clientDir });
  scheduler = await startScheduler({
    handle: t.testDb.handle,
    bots: defaultBotsConfig(),
    logger: createLogger('silent'),
    now: () => now,
    pollingIntervalSeconds: 0.5,
    mail: { mailer: t.deps.mailer, appUrl: t.config.appUrl, jwtSecret: t.config.jwtSecret, contactEmail: t.config.contactEmail, digestHour: DIGEST_HOUR },
  });
});

afterAll(async () => {
  await scheduler?.stop();
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(outbox, { recursive: true, force: true });
});

let sequence = 0;
const item = (title = 'bob sent you a friend request') => ({ title, body: 'Accept or ignore it in Stacks.', url: '/dashboard/users' });
const key = (prefix = 'test') => `${prefix}:${(sequence += 1)}`;
const mailRows = (user: FactoryUser) => t.db.selectFrom('notification_mails').select(['dedupe_key', 'kind', 'mode', 'sent_at']).where('user_id', '=', user.id).execute();
const settingsOf = async (user: FactoryUser) =>
  (await t.request.get('/v1/users/me/notification-settings').set('Authorization', `Bearer ${t.tokenFor(user)}`)).body.settings as Record<NotificationKind, { push: boolean; email: string }>;

/** The token of a mail's one-click link, checking both headers of RFC 8058 on the way. */
function unsubscribeToken(mail: Received): string {
  const match = /^<http:\/\/stacks\.test\/unsubscribe\/([A-Za-z0-9_.-]+)>, <mailto:support@stacks\.test\?subject=unsubscribe>$/.exec(mail.headers['list-unsubscribe'] ?? '');
  expect(match, mail.headers['list-unsubscribe']).not.toBeNull();
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  return match![1];
}

const oneClick = (token: string) => t.request.post(`/unsubscribe/${token}`).type('form').send('List-Unsubscribe=One-Click');

describe('instant mails', () => {
  it('sends one mail from the job, linking APP_URL + the path, with List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const user = await createUser(t.db);
    await deliverEmail(t.db, user.id, 'friend_request', item(), key());
    await waitFor('the instant mail', () => mailsTo(user).length === 1);
    const mail = mailsTo(user)[0];
    expect(mail.headers.subject).toBe('bob sent you a friend request - Stacks');
    expect(mail.text).toContain(`${APP}/dashboard/users`);
    expect(mail.text).toContain('Accept or ignore it in Stacks.');
    // The link whole on a line of its own, as the verification mails have it.
    expect(mail.text.split(/\r?\n/)).toContain(`${APP}/unsubscribe/${unsubscribeToken(mail)}`);
    await waitFor('the row marked sent', async () => (await mailRows(user))[0]?.sent_at !== null);
  });

  it('sends exactly once per (dedupe key, user), however often and however concurrently it is asked', async () => {
    const [user, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const same = key('once');
    await Promise.all([1, 2, 3, 4].map(() => deliverEmail(t.db, user.id, 'group_invite', item('carol invited you to Chess'), same)));
    await deliverEmail(t.db, user.id, 'group_invite', item('carol invited you to Chess'), same);
    // The same key for another user is that user's own mail.
    await deliverEmail(t.db, other.id, 'group_invite', item('carol invited you to Chess'), same);
    await waitFor('both mails', () => mailsTo(user).length === 1 && mailsTo(other).length === 1);
    await settle();
    expect(mailsTo(user)).toHaveLength(1);
    expect(await mailRows(user)).toHaveLength(1);
  });

  it('sends nothing to an unverified address, to a deactivated user, or for a kind whose e-mail is off', async () => {
    const unverified = await createUser(t.db, { verified: false });
    const inactive = await createUser(t.db, { is_active: false });
    const quiet = await createUser(t.db);
    await deliverEmail(t.db, unverified.id, 'friend_request', item(), key());
    await deliverEmail(t.db, inactive.id, 'friend_request', item(), key());
    // release_notes e-mail is off by default.
    await deliverEmail(t.db, quiet.id, 'release_notes', item('Release 1.2'), key());
    await settle();
    for (const user of [unverified, inactive, quiet]) {
      expect(mailsTo(user)).toEqual([]);
      expect(await mailRows(user)).toEqual([]);
    }
  });

  it('queues the mail with the caller\'s transaction: nothing when it rolls back, one mail when it commits', async () => {
    const user = await createUser(t.db);
    await t.db
      .transaction()
      .execute(async (trx) => {
        await deliverEmail(trx, user.id, 'friend_request', item(), key());
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await t.db.transaction().execute((trx) => deliverEmail(trx, user.id, 'report_outcome', item('Your report was resolved'), key()));
    await waitFor('the committed mail', () => mailsTo(user).length === 1);
    await settle();
    expect(mailsTo(user).map((m) => m.headers.subject)).toEqual(['Your report was resolved - Stacks']);
    expect((await mailRows(user)).map((r) => r.kind)).toEqual(['report_outcome']);
  });

  it('written where no job queue runs, a mail waits for the sweep of an instance that has one', async () => {
    const user = await createUser(t.db);
    stopNotificationMailJobs();
    try {
      await deliverEmail(t.db, user.id, 'friend_request', item(), key());
    } finally {
      setMailQueue(scheduler.boss);
    }
    const row = () => t.db.selectFrom('notification_mails').select(['queued_at', 'sent_at']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    // The every-minute sweep may have taken it already; either way it is queued once and sent once.
    expect(await scheduler.mail!.sweep()).toBeLessThanOrEqual(1);
    expect((await row()).queued_at).not.toBeNull();
    await waitFor('the swept mail', () => mailsTo(user).length === 1);
    expect(await scheduler.mail!.sweep()).toBe(0);
  });

  it('refuses a url that is not an app path', async () => {
    const user = await createUser(t.db);
    await expect(deliverEmail(t.db, user.id, 'friend_request', { ...item(), url: 'https://evil.test/x' }, key())).rejects.toThrow(/app path/);
    await expect(deliverEmail(t.db, user.id, 'friend_request', { ...item(), url: '//evil.test/x' }, key())).rejects.toThrow(/app path/);
  });
});

describe('one-click unsubscribe', () => {
  it('POST of the link with List-Unsubscribe=One-Click, no sign-in: 200, the kind\'s e-mail off, later mails of it not sent; idempotent', async () => {
    const user = await createUser(t.db);
    await deliverEmail(t.db, user.id, 'friend_request', item(), key());
    await waitFor('the mail', () => mailsTo(user).length === 1);
    const token = unsubscribeToken(mailsTo(user)[0]);

    const res = await oneClick(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'You will no longer get these e-mails.', kinds: ['friend_request'] });
    expect((await settingsOf(user)).friend_request).toEqual({ push: true, email: 'off' });
    // Other kinds are untouched.
    expect((await settingsOf(user)).group_invite).toEqual({ push: true, email: 'instant' });

    await deliverEmail(t.db, user.id, 'friend_request', item('dave sent you a friend request'), key());
    await settle();
    expect(mailsTo(user)).toHaveLength(1);
    expect((await oneClick(token)).status).toBe(200);
    expect((await settingsOf(user)).friend_request.email).toBe('off');
  });

  it('a GET of the link is the app\'s page and changes nothing', async () => {
    const user = await createUser(t.db);
    const token = signUnsubscribeToken(t.config.jwtSecret, user.id, ['group_invite']);
    const res = await t.request.get(`/unsubscribe/${token}`).set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<div id="root">');
    expect((await settingsOf(user)).group_invite.email).toBe('instant');
  });

  it('POST /v1/unsubscribe {token}, the page\'s button, does the same', async () => {
    const user = await createUser(t.db);
    const token = signUnsubscribeToken(t.config.jwtSecret, user.id, ['stack_for_me', 'comment_on_my_stack']);
    const res = await t.request.post('/v1/unsubscribe').send({ token });
    expect(res.status).toBe(200);
    expect(res.body.kinds).toEqual(['stack_for_me', 'comment_on_my_stack']);
    const settings = await settingsOf(user);
    expect(settings.stack_for_me.email).toBe('off');
    expect(settings.comment_on_my_stack.email).toBe('off');
    expect(settings.answer_on_my_stack.email).toBe('daily');
  });

  it('refuses a tampered, expired or foreign token with 400 and a detail, changing nothing', async () => {
    const user = await createUser(t.db);
    const token = signUnsubscribeToken(t.config.jwtSecret, user.id, ['friend_request']);
    const [head, payload, signature] = token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '1' })).toString('base64url');
    const tampered = [`${head}.${otherUser}.${signature}`, `${token.slice(0, -2)}xx`, 'not-a-token'];
    for (const bad of tampered) {
      const res = await oneClick(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('INVALID_UNSUBSCRIBE_LINK');
      expect(res.body.detail).toMatch(/^This unsubscribe link is not valid/);
    }
    const expired = await oneClick(signUnsubscribeToken(t.config.jwtSecret, user.id, ['friend_request'], -60));
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ code: 'UNSUBSCRIBE_LINK_EXPIRED', detail: 'This unsubscribe link has expired. Choose what you get in Settings, under Notifications.' });
    // Signed with another secret, or an access token: not an unsubscribe token.
    expect((await oneClick(signUnsubscribeToken('another-secret-of-32-characters-at-least', user.id, ['friend_request']))).status).toBe(400);
    expect((await oneClick(t.tokenFor(user))).status).toBe(400);
    expect((await t.request.post('/v1/unsubscribe').send({ token: `${token}x` })).status).toBe(400);
    expect((await settingsOf(user)).friend_request.email).toBe('instant');
  });

  it('an unsubscribe token is no access token', async () => {
    const user = await createUser(t.db);
    const token = signUnsubscribeToken(t.config.jwtSecret, user.id, ['friend_request']);
    expect((await t.request.get('/v1/users/me').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });

  it('refuses a POST without the one-click body, and a body over the bound', async () => {
    const user = await createUser(t.db);
    const token = signUnsubscribeToken(t.config.jwtSecret, user.id, ['friend_request']);
    const empty = await t.request.post(`/unsubscribe/${token}`);
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('INVALID_BODY');
    expect((await t.request.post(`/unsubscribe/${token}`).send({ 'List-Unsubscribe': 'One-Click' })).status).toBe(400);
    const large = await t.request.post(`/unsubscribe/${token}`).type('form').send(`List-Unsubscribe=One-Click&pad=${'x'.repeat(NOTIFICATION_MAIL.unsubscribeBodyBytes)}`);
    expect(large.status).toBe(413);
    expect((await settingsOf(user)).friend_request.email).toBe('instant');
  });
});

describe('the daily digest', () => {
  const at = (day: number, hour: number) => new Date(Date.UTC(2030, 2, day, hour, 30));

  it('sends each user one mail a day listing their items, none when empty, never two in a day however often it runs', async () => {
    const [user, idle] = await Promise.all([createUser(t.db), createUser(t.db)]);
    now = at(5, 7);
    await deliverEmail(t.db, user.id, 'stack_for_me', { title: 'New stack: Pizza toppings', body: 'From bob', url: '/dashboard/stacks/12' }, key());
    await deliverEmail(t.db, user.id, 'answer_on_my_stack', { title: 'carol answered Fruit', body: '', url: '/dashboard/stacks/13' }, key());
    await deliverEmail(t.db, user.id, 'comment_on_my_stack', { title: 'dave commented on Fruit', body: 'Nice one', url: '/dashboard/stacks/13' }, key());
    await settle();
    // Daily kinds are not sent at once, and nothing goes before the digest hour.
    expect(mailsTo(user)).toEqual([]);
    expect(await scheduler.mail!.sendDigests()).toBe(0);

    now = at(5, DIGEST_HOUR);
    await Promise.all([scheduler.mail!.sendDigests(), scheduler.mail!.sendDigests()]);
    await waitFor('the digest', () => mailsTo(user).length === 1);
    const digest = mailsTo(user)[0];
    expect(digest.headers.subject).toBe('Your Stacks day: 3 notifications');
    for (const line of ['* New stack: Pizza toppings', `  ${APP}/dashboard/stacks/12`, '* carol answered Fruit', '* dave commented on Fruit', '  Nice one']) expect(digest.text.split(/\r?\n/)).toContain(line);
    expect(digest.text).not.toContain('more in Stacks');
    const token = unsubscribeToken(digest);
    expect(mailsTo(idle)).toEqual([]);

    // Cleared, and claimed for the day: a re-run, and an item arriving later that day, wait for tomorrow.
    expect(await scheduler.mail!.sendDigests()).toBe(0);
    await deliverEmail(t.db, user.id, 'stack_for_me', { title: 'New stack: Cheeses', body: '', url: '/dashboard/stacks/14' }, key());
    now = at(5, 23);
    expect(await scheduler.mail!.sendDigests()).toBe(0);
    expect(mailsTo(user)).toHaveLength(1);
    expect(await t.db.selectFrom('notification_digests').select(['day', 'items']).where('user_id', '=', user.id).execute()).toEqual([{ day: expect.anything(), items: 3 }]);

    now = at(6, DIGEST_HOUR + 1);
    // (The hourly cron may run meanwhile with the same clock: the mails are counted, not the calls.)
    await scheduler.mail!.sendDigests();
    await waitFor('the next day\'s digest', () => mailsTo(user).length === 2);
    expect(mailsTo(user)[1].headers.subject).toBe('Your Stacks day: 1 notification');

    // The digest's link turns off e-mail for every kind it listed.
    expect((await oneClick(token)).body.kinds).toEqual(['answer_on_my_stack', 'comment_on_my_stack', 'stack_for_me']);
    const settings = await settingsOf(user);
    expect([settings.stack_for_me.email, settings.answer_on_my_stack.email, settings.comment_on_my_stack.email]).toEqual(['off', 'off', 'off']);
    expect(settings.friend_request.email).toBe('instant');
  });

  it(`lists at most ${NOTIFICATION_MAIL.digestItemsListed} items, then says how many more`, async () => {
    const user = await createUser(t.db);
    now = at(10, 6);
    for (let i = 1; i <= NOTIFICATION_MAIL.digestItemsListed + 5; i += 1) {
      await deliverEmail(t.db, user.id, 'answer_on_my_stack', { title: `Answer ${i}`, body: '', url: `/dashboard/stacks/${i}` }, key());
    }
    now = at(10, DIGEST_HOUR);
    await scheduler.mail!.sendDigests();
    await waitFor('the digest', () => mailsTo(user).length === 1);
    const lines = mailsTo(user)[0].text.split(/\r?\n/);
    expect(lines.filter((line) => line.startsWith('* Answer '))).toHaveLength(NOTIFICATION_MAIL.digestItemsListed);
    expect(lines).toContain('* Answer 1');
    expect(lines).not.toContain(`* Answer ${NOTIFICATION_MAIL.digestItemsListed + 1}`);
    expect(lines).toContain('and 5 more in Stacks:');
    expect(mailsTo(user)[0].headers.subject).toBe(`Your Stacks day: ${NOTIFICATION_MAIL.digestItemsListed + 5} notifications`);
  });

  it('drops waiting items of a kind whose e-mail the user turns off: no digest for them', async () => {
    const user = await createUser(t.db);
    now = at(12, 6);
    await deliverEmail(t.db, user.id, 'comment_on_my_stack', { title: 'erin commented', body: '', url: '/dashboard/stacks/3' }, key());
    const res = await t.request.put('/v1/users/me/notification-settings').set('Authorization', `Bearer ${t.tokenFor(user)}`).send({ settings: { comment_on_my_stack: { email: 'off' } } });
    expect(res.status).toBe(200);
    now = at(12, DIGEST_HOUR);
    await scheduler.mail!.sendDigests();
    await settle();
    expect(mailsTo(user)).toEqual([]);
  });
});

describe('bounds', () => {
  it(`throttles unsubscribe calls per IP: past ${NOTIFICATION_MAIL.unsubscribePerIp}, 429 with Retry-After`, async () => {
    await t.db.deleteFrom('rate_limits').execute();
    const user = await createUser(t.db);
    const token = signUnsubscribeToken(t.config.jwtSecret, user.id, ['release_notes']);
    for (let i = 0; i < NOTIFICATION_MAIL.unsubscribePerIp; i += 1) {
      const res = i % 2 === 0 ? await oneClick(token) : await t.request.post('/v1/unsubscribe').send({ token });
      expect(res.status).toBe(200);
    }
    const refused = await oneClick(token);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.request.post('/v1/unsubscribe').send({ token })).status).toBe(429);
  });
});
