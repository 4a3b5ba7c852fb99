import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import { metrics } from '../metrics/metrics';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../private-files';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about (verification, reset): logged when the mail goes to the outbox. */
  link?: string;
  /**
   * Extra header fields, written as given (e.g. List-Unsubscribe and List-Unsubscribe-Post, RFC
   * 8058): each value must be printable ASCII and fit on one line of a message.
   */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where messages go, for the start-up log. */
  describe(): string;
}

/** RFC 5322 §2.1.1: a line of a message holds at most 998 characters. */
const MAX_LINE = 998;

/** Characters no body line may hold as it is: controls other than tab (CR and LF end lines). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;
/** Printable ASCII, tab included. */
const ASCII = /^[\t\x20-\x7e]*$/;

/**
 * A line cut at spaces into lines of at most MAX_LINE bytes; undefined when a word alone is longer
 * (no place to cut). A link has no space, so it is never cut; in HTML and in plain text alike a line
 * break where a space was reads the same.
 */
function foldAtSpaces(line: string): string[] | undefined {
  const folded: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > MAX_LINE) {
    let cut = rest.lastIndexOf(' ', MAX_LINE);
    while (cut > 0 && Buffer.byteLength(rest.slice(0, cut)) > MAX_LINE) cut = rest.lastIndexOf(' ', cut - 1);
    if (cut <= 0) return undefined;
    folded.push(rest.slice(0, cut));
    rest = rest.slice(cut + 1);
  }
  folded.push(rest);
  return folded;
}

/**
 * A body part written as it is, so every link stays whole on one line of the raw message and can
 * be copied from a .eml file: 7bit when it is ASCII, 8bit (UTF-8 as it is) when it holds other
 * characters (a curly quote in a notification's title, a name), with lines longer than a message
 * line may be (998 bytes) cut at spaces. Left to nodemailer, any line past 76 characters (a link
 * with its token) would be quoted-printable and wrapped with '='. Only content with control
 * characters or a word too long for a line is left to nodemailer. 8bit needs a server that accepts
 * 8BITMIME (RFC 6152), as every current one does.
 */
export function readablePart(content: string, contentType: string): string | { raw: string } {
  const lines: string[] = [];
  for (const line of content.split(/\r?\n/)) {
    const folded = CONTROL.test(line) ? undefined : foldAtSpaces(line);
    if (!folded) return content;
    lines.push(...folded);
  }
  const encoding = lines.every((line) => ASCII.test(line)) ? '7bit' : '8bit';
  return { raw: `Content-Type: ${contentType}\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${lines.join('\r\n')}` };
}

/** What nodemailer is given for a message: the sender, and parts kept readable (readablePart). */
function envelope(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: readablePart(message.text, 'text/plain; charset=utf-8'),
    html: readablePart(message.html, 'text/html; charset=utf-8'),
    // Prepared: nodemailer would otherwise fold or encode a long value (a link with its token).
    headers: Object.fromEntries(Object.entries(message.headers ?? {}).map(([name, value]) => [name, { prepared: true, value: preparedHeader(name, value) }])),
  };
}

/** A header value nodemailer writes as it is: so it must be a header line's worth of printable ASCII. */
function preparedHeader(name: string, value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value) || name.length + 2 + value.length > MAX_LINE) throw new Error(`The ${name} header must be printable ASCII on one line`);
  return value;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes one .eml file in the outbox folder
 * and a log line naming the recipient and the mail's link, so links in mails work on a machine
 * with no mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  return counted(transportMailer(options));
}

/** Mails sent and failed (stacks_mails_sent_total, stacks_mails_failed_total; docs/metrics.md). */
function counted(mailer: Mailer): Mailer {
  return {
    describe: () => mailer.describe(),
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mailsFailed.inc();
        throw error;
      }
      metrics.mailsSent.inc();
    },
  };
}

function transportMailer(options: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      describe: () => `SMTP ${new URL(options.smtpUrl!).host}`,
      async send(message) {
        await transport.sendMail(envelope(options.from, message));
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    describe: () => `outbox folder ${options.outboxDir}`,
    async send(message) {
      const info = await transport.sendMail(envelope(options.from, message));
      await mkdir(options.outboxDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      sequence += 1;
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(options.outboxDir, `${Date.now()}-${process.pid}-${sequence}-${safeTo}.eml`);
      // A mail may hold a password-reset link: its owner's only, like everything in DATA_DIR.
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      // No mail server: the link goes to the log as well, so it can be followed from the terminal
      // (the README's Quick start). The .eml file on this machine holds it anyway.
      if (message.link) options.logger.info({ to: message.to, subject: message.subject, file, link: message.link }, `mail to ${message.to} written to outbox, link: ${message.link}`);
      else options.logger.info({ to: message.to, subject: message.subject, file }, `mail to ${message.to} written to outbox`);
    },
  };
}
