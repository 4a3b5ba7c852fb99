import { PRODUCT_NAME } from '../../shared/limits';
import type { MailMessage } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(to: string, subject: string, lines: string[], link: { label: string; url: string }, footer: string): MailMessage {
  // The link on a line of its own: easy to copy, and never wrapped (readablePart in mailer.ts).
  const text = [...lines, '', `${link.label}:`, link.url, '', footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
  return { to, subject, text, html, link: link.url };
}

export function verificationMail(to: string, username: string, appUrl: string, token: string): MailMessage {
  return layout(
    to,
    `Verify your e-mail for ${PRODUCT_NAME}`,
    [`Hi ${username},`, `Welcome to ${PRODUCT_NAME}! Please confirm this e-mail address. The link works once, for 24 hours.`],
    { label: 'Verify my e-mail', url: `${appUrl}/verify-email?token=${encodeURIComponent(token)}` },
    'If you did not create an account, you can ignore this message.',
  );
}

export function passwordResetMail(to: string, username: string, appUrl: string, token: string): MailMessage {
  return layout(
    to,
    `Reset your ${PRODUCT_NAME} password`,
    [`Hi ${username},`, 'Someone asked to reset the password of your account. The link works once, for 1 hour.'],
    { label: 'Choose a new password', url: `${appUrl}/reset-password?token=${encodeURIComponent(token)}` },
    'If you did not ask for this, ignore this message: your password stays as it is.',
  );
}

/** One line of plain text: control characters (newlines too) become spaces. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/** What a notification mail carries besides its content: where to unsubscribe (RFC 8058). */
export interface Unsubscribe {
  /** The one-click link: APP_URL/unsubscribe/TOKEN. */
  url: string;
  /** The mailbox a person reads (CONTACT_EMAIL), for mail clients that offer only mailto. */
  mailto: string;
  /** What the link turns off, in words: "friend request e-mails". */
  what: string;
}

/** List-Unsubscribe with its one-click twin (RFC 2369, RFC 8058). */
function unsubscribeHeaders(unsubscribe: Unsubscribe): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribe.url}>, <mailto:${unsubscribe.mailto}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export interface NotificationItem {
  title: string;
  body: string;
  /** The whole link: APP_URL + the item's app path. */
  url: string;
}

function notificationFooter(unsubscribe: Unsubscribe) {
  return {
    text: ['', '--', `To stop ${unsubscribe.what}, open:`, unsubscribe.url, 'or choose what you get in Settings, under Notifications.'],
    html: `<p style="color:#666;font-size:12px">To stop ${escapeHtml(unsubscribe.what)}, <a href="${escapeHtml(unsubscribe.url)}">unsubscribe</a>, or choose what you get in Settings, under Notifications.</p>`,
  };
}

/** One notification, sent at once (an e-mail setting of "instant"). */
export function notificationMail(to: string, username: string, item: NotificationItem, unsubscribe: Unsubscribe): MailMessage {
  const footer = notificationFooter(unsubscribe);
  const title = oneLine(item.title);
  const text = [`Hi ${username},`, '', title, ...(item.body ? [item.body] : []), '', 'Open it in Stacks:', item.url, ...footer.text].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>Hi ${escapeHtml(username)},</p>
<p><strong>${escapeHtml(title)}</strong></p>
${item.body ? `<p>${escapeHtml(item.body)}</p>` : ''}
<p><a href="${escapeHtml(item.url)}">Open it in ${PRODUCT_NAME}</a></p>
${footer.html}
</body></html>`;
  return { to, subject: `${title} - ${PRODUCT_NAME}`, text, html, link: item.url, headers: unsubscribeHeaders(unsubscribe) };
}

/** The daily digest: the items listed (at most a bound), and how many more there were. */
export function digestMail(to: string, username: string, appUrl: string, items: NotificationItem[], more: number, unsubscribe: Unsubscribe): MailMessage {
  const footer = notificationFooter(unsubscribe);
  const count = items.length + more;
  const subject = `Your ${PRODUCT_NAME} day: ${count} ${count === 1 ? 'notification' : 'notifications'}`;
  const moreLine = more > 0 ? `and ${more} more in ${PRODUCT_NAME}:` : undefined;
  const text = [
    `Hi ${username},`,
    '',
    'What happened since your last digest:',
    ...items.flatMap((item) => ['', `* ${oneLine(item.title)}`, ...(item.body ? [`  ${oneLine(item.body)}`] : []), `  ${item.url}`]),
    ...(moreLine ? ['', moreLine, `${appUrl}/dashboard`] : []),
    ...footer.text,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>Hi ${escapeHtml(username)},</p>
<p>What happened since your last digest:</p>
<ul>
${items.map((item) => `<li><a href="${escapeHtml(item.url)}">${escapeHtml(oneLine(item.title))}</a>${item.body ? `<br>${escapeHtml(oneLine(item.body))}` : ''}</li>`).join('\n')}
</ul>
${moreLine ? `<p><a href="${escapeHtml(`${appUrl}/dashboard`)}">and ${more} more in ${PRODUCT_NAME}</a></p>` : ''}
${footer.html}
</body></html>`;
  return { to, subject, text, html, headers: unsubscribeHeaders(unsubscribe) };
}
