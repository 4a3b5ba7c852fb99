import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createUser, uniqueName } from '../factories/users';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/mail/mailer';
import { digestMail, notificationMail } from '../../server/mail/templates';
import { createTestApp, linkIn, type TestApp } from '../helpers/test-app';
import { startSmtpServer } from '../helpers/smtp-server';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/**
 * The lines of a raw message that are exactly a link to `pathname` on `origin`: a link that can be
 * copied as it is, whole on a line of its own, not wrapped or escaped (no quoted-printable).
 */
function wholeLinks(raw: string, origin: string, pathname: string): string[] {
  return raw.split(/\r?\n/).filter((line) => line.startsWith(`${origin}${pathname}?token=`) && /^https?:\/\/\S+$/.test(line));
}

/** A logger whose JSON lines are kept, to read back what the mailer logged. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

const FROM = 'Stacks <no-reply@stacks.test>';
const received: Received[] = [];
let smtp: SMTPServer;
let smtpPort: number;
let smtpOutbox: string;
let t: TestApp;

beforeAll(async () => {
  ({ server: smtp, port: smtpPort } = await startSmtpServer((message) => received.push(message)));
  smtpOutbox = mkdtempSync(path.join(tmpdir(), 'stacks-smtp-outbox-'));
  t = await createTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: FROM, outboxDir: smtpOutbox } });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(smtpOutbox, { recursive: true, force: true });
});

async function register(request: TestApp['request'], db: TestApp['db']) {
  const code = await createCode(db);
  const username = uniqueName('mail');
  const email = `${username}@example.test`;
  const res = await request.post('/v1/users/register').send({ username, email, password: 'password123', registration_code: code.code });
  expect(res.status).toBe(200);
  return { username, email, accessToken: res.body.access_token as string };
}

describe('mail over SMTP (SMTP_URL set)', () => {
  it('sends the verification mail to the SMTP server, with a working link, and writes nothing to the outbox', async () => {
    const before = received.length;
    const { email, accessToken } = await register(t.request, t.db);

    expect(received.length).toBe(before + 1);
    const message = received.at(-1)!;
    expect(message.to).toEqual([email]);
    expect(message.from).toBe('no-reply@stacks.test');
    expect(message.raw).toMatch(/^From: Stacks <no-reply@stacks\.test>\r?$/m);
    expect(message.raw).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}\\r?$`, 'm'));
    expect(message.raw).toMatch(/^Subject: Verify your e-mail for Stacks\r?$/m);

    // The link is whole on a line of its own in the text part, as sent.
    const link = linkIn(t.mails.at(-1), '/verify-email');
    expect(wholeLinks(message.raw, 'http://stacks.test', '/verify-email')).toEqual([link.href]);
    expect(message.raw).not.toMatch(/quoted-printable/i);
    const token = link.searchParams.get('token')!;

    expect(existsSync(smtpOutbox) ? readdirSync(smtpOutbox) : []).toEqual([]);

    const verify = await t.request.post('/v1/users/verify-email').send({ token });
    expect(verify.body).toEqual({ message: 'Email verified successfully' });
    const me = await t.request.get('/v1/users/me').set('Authorization', `Bearer ${accessToken}`);
    expect(me.body.is_email_verified).toBe(true);
  });

  it('sends the password reset mail to the SMTP server, and nothing for an unknown address', async () => {
    const user = await createUser(t.db);
    const before = received.length;
    expect((await t.request.post('/v1/auth/recovery').send({ email: `${uniqueName('nobody')}@example.test` })).status).toBe(200);
    await t.flushMail();
    expect(received.length).toBe(before);

    expect((await t.request.post('/v1/auth/recovery').send({ email: user.email })).status).toBe(200);
    await t.flushMail();
    expect(received.length).toBe(before + 1);
    const message = received.at(-1)!;
    expect(message.to).toEqual([user.email]);
    expect(message.raw).toMatch(/^Subject: Reset your Stacks password\r?$/m);
    const [resetLink] = wholeLinks(message.raw, 'http://stacks.test', '/reset-password');
    const token = new URL(resetLink).searchParams.get('token')!;

    const reset = await t.request.post('/v1/auth/reset').send({ token, password: 'smtp-new-password' });
    expect(reset.status).toBe(200);
    const login = await t.request.post('/v1/auth/login').send({ username_or_email: user.username, password: 'smtp-new-password' });
    expect(login.status).toBe(200);
  });

  it('when the SMTP server cannot be reached the registration still succeeds', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    // The mailer logs the failure as an error: keep the test output quiet.
    const level = process.env.TEST_LOG_LEVEL;
    process.env.TEST_LOG_LEVEL = 'silent';
    const down = await createTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${closedPort}`, from: FROM, outboxDir: path.join(smtpOutbox, 'unused') } });
    if (level === undefined) delete process.env.TEST_LOG_LEVEL;
    else process.env.TEST_LOG_LEVEL = level;
    try {
      const { username, accessToken } = await register(down.request, down.db);
      expect(down.mails).toEqual([]);
      const me = await down.request.get('/v1/users/me').set('Authorization', `Bearer ${accessToken}`);
      expect(me.status).toBe(200);
      expect(me.body.username).toBe(username);
    } finally {
      await down.close();
    }
  });
});

describe('mail to the outbox folder (no SMTP_URL)', () => {
  it('writes one .eml file with the subject and the verification link', async () => {
    const local = await createTestApp();
    try {
      expect(local.config.mail.smtpUrl).toBeUndefined();
      const before = received.length;
      const { email } = await register(local.request, local.db);
      expect(received.length).toBe(before);

      const files = readdirSync(local.config.mail.outboxDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      expect(files[0]).toContain(email);
      const eml = readFileSync(path.join(local.config.mail.outboxDir, files[0]), 'utf8');
      expect(eml).toMatch(/^Subject: Verify your e-mail for Stacks$/m);
      expect(eml).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'm'));
      const token = linkIn(local.mails.at(-1), '/verify-email').searchParams.get('token')!;
      expect(wholeLinks(eml, 'http://stacks.test', '/verify-email')).toEqual([`http://stacks.test/verify-email?token=${token}`]);
    } finally {
      await local.close();
    }
  });

  it('keeps a long link whole on one line of the .eml file (no quoted-printable wrapping with =)', async () => {
    // A link far past the 76 characters a quoted-printable line may hold.
    const appUrl = 'https://stacks.a-rather-long-host-name-for-a-test.example.org/apps/ranking-game';
    const local = await createTestApp({ appUrl });
    try {
      const user = await createUser(local.db);
      expect((await local.request.post('/v1/auth/recovery').send({ email: user.email })).status).toBe(200);
      await local.flushMail();
      const [file] = readdirSync(local.config.mail.outboxDir);
      const eml = readFileSync(path.join(local.config.mail.outboxDir, file), 'utf8');
      const link = linkIn(local.mails.at(-1), '/apps/ranking-game/reset-password');
      expect(link.href.length).toBeGreaterThan(120);
      // Text part: the link alone on its line. HTML part: the link whole in its href.
      expect(eml.split('\n')).toContain(link.href);
      expect(eml).toContain(`href="${link.href}"`);
      expect(eml).not.toMatch(/=\n/);
      expect(eml).not.toMatch(/quoted-printable|base64/i);
      expect(eml).toMatch(/^Content-Transfer-Encoding: 7bit$/m);
    } finally {
      await local.close();
    }
  });

  it('notification mails with non-ASCII text (curly quotes, names) keep every link, the unsubscribe one too, whole on one line: 8bit, no quoted-printable', async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'stacks-notification-outbox-'));
    const mailer = createMailer({ from: FROM, outboxDir, logger: createLogger('silent') });
    const appUrl = 'https://stacks.a-rather-long-host-name-for-a-test.example.org/apps/ranking-game';
    const unsubscribe = { url: `${appUrl}/unsubscribe/${'u'.repeat(180)}.${'s'.repeat(43)}`, mailto: 'support@stacks.test', what: 'e-mails about new stacks' };
    const item = { title: 'New stack', body: 'Zoë posted “Best breakfast – ever” in Café Crew.', url: `${appUrl}/dashboard/stacks/123456` };
    const items = Array.from({ length: 3 }, (_, i) => ({ ...item, body: `${'Ünïcode wörds '.repeat(90)}${i}`, url: `${appUrl}/dashboard/stacks/${i + 1}` }));
    try {
      await mailer.send(notificationMail('zoe@example.test', 'Zoë', item, unsubscribe));
      await mailer.send(digestMail('zoe@example.test', 'Zoë', appUrl, items, 7, unsubscribe));
      const files = readdirSync(outboxDir).sort();
      expect(files).toHaveLength(2);
      for (const [file, links] of [
        [files[0], [item.url, unsubscribe.url]],
        [files[1], [...items.map((i) => i.url), `${appUrl}/dashboard`, unsubscribe.url]],
      ] as const) {
        const eml = readFileSync(path.join(outboxDir, file), 'utf8');
        const lines = eml.split('\n');
        expect(eml).not.toMatch(/quoted-printable|base64/i);
        expect(eml).not.toMatch(/=\n/);
        expect(eml).toMatch(/^Content-Transfer-Encoding: 8bit$/m);
        for (const line of lines) expect(Buffer.byteLength(line), line.slice(0, 60)).toBeLessThanOrEqual(998);
        for (const link of links) {
          // Text part: the link alone on a line (the digest indents it); HTML part: whole in its href.
          expect(lines.some((line) => line.trim() === link), link).toBe(true);
          expect(eml).toContain(`href="${link}"`);
        }
        expect(eml.match(/^List-Unsubscribe: (.*)$/m)?.[1]).toBe(`<${unsubscribe.url}>, <mailto:support@stacks.test?subject=unsubscribe>`);
      }
      // The text reads as written: UTF-8 as it is, not escaped.
      expect(readFileSync(path.join(outboxDir, files[0]), 'utf8')).toContain('Zoë posted “Best breakfast – ever” in Café Crew.');
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it('logs one info line naming the recipient and the link', async () => {
    const { logger, lines } = capturingLogger();
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'stacks-log-outbox-'));
    const local = await createTestApp({}, createMailer({ from: FROM, outboxDir, logger }));
    try {
      const user = await createUser(local.db);
      expect((await local.request.post('/v1/auth/recovery').send({ email: user.email })).status).toBe(200);
      await local.flushMail();
      const link = linkIn(local.mails.at(-1), '/reset-password').href;
      const logged = lines.filter((line) => line.to === user.email);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 30, to: user.email, link, subject: 'Reset your Stacks password' });
      expect(logged[0].msg).toBe(`mail to ${user.email} written to outbox, link: ${link}`);
    } finally {
      await local.close();
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});

describe('mail over SMTP: the log', () => {
  it('names the recipient but never the link (a token that only the recipient should hold)', async () => {
    const { logger, lines } = capturingLogger();
    const local = await createTestApp({}, createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: FROM, outboxDir: smtpOutbox, logger }));
    try {
      const user = await createUser(local.db);
      expect((await local.request.post('/v1/auth/recovery').send({ email: user.email })).status).toBe(200);
      await local.flushMail();
      const logged = lines.filter((line) => line.to === user.email);
      expect(logged).toEqual([expect.objectContaining({ msg: 'mail sent', to: user.email })]);
      expect(JSON.stringify(logged)).not.toContain('token=');
    } finally {
      await local.close();
    }
  });
});
