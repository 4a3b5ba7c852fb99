import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createUser, uniqueName } from '../factories/users';
import { createTestApp, linkIn, type TestApp } from '../helpers/test-app';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable: soft line breaks (`=` at a line end) and `=XX` escapes. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const FROM = 'Stacks <no-reply@stacks.test>';
const received: Received[] = [];
let smtp: SMTPServer;
let smtpPort: number;
let smtpOutbox: string;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  smtpPort = (smtp.server.address() as AddressInfo).port;
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

    const body = decodeQuotedPrintable(message.raw);
    expect(body).toContain('http://stacks.test/verify-email?token=');
    const token = /http:\/\/stacks\.test\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(body)![1];
    expect(token).toBe(linkIn(t.mails.at(-1), '/verify-email').searchParams.get('token'));

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
    const token = /http:\/\/stacks\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(message.raw))![1];

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
      const body = decodeQuotedPrintable(eml);
      const token = linkIn(local.mails.at(-1), '/verify-email').searchParams.get('token')!;
      expect(body).toContain(`http://stacks.test/verify-email?token=${token}`);
    } finally {
      await local.close();
    }
  });
});
