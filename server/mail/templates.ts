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
