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

/**
 * A body part written as it is (7bit) when it is printable ASCII with no line longer than a message
 * line may be, so a link stays whole on one line of the raw message and can be copied from a .eml
 * file. Left to nodemailer, any line past 76 characters (a link with its token) would be
 * quoted-printable and wrapped with '='. Other content is left to nodemailer.
 */
export function readablePart(content: string, contentType: string): string | { raw: string } {
  const lines = content.split(/\r?\n/);
  if (!lines.every((line) => line.length <= MAX_LINE && /^[\t\x20-\x7e]*$/.test(line))) return content;
  return { raw: `Content-Type: ${contentType}\r\nContent-Transfer-Encoding: 7bit\r\n\r\n${lines.join('\r\n')}` };
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
