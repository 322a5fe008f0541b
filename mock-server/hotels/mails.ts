import escapeHtml from 'lodash/escape.js';
import type { Mail, Mailer } from '../auth/mailer';

interface Addressee {
  id: number;
  name: string;
  email: string;
}

/** A mail of short paragraphs with one button-like link, as text and as HTML. */
function compose(
  to: Addressee,
  subject: string,
  lines: { before: string[]; link: string; label: string; after: string[] },
): Mail {
  const text = [`Hello ${to.name},`, '', ...lines.before, '', lines.link, '', ...lines.after].join(
    '\n',
  );
  const html = [
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    `<p>${lines.before.map(escapeHtml).join(' ')}</p>`,
    `<p><a href="${escapeHtml(lines.link)}">${escapeHtml(lines.label)}</a></p>`,
    ...lines.after.map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('\n');
  return { to: to.email, subject, text, html };
}

/** A new hotel's invitation: the reset flow's link, valid for three days. */
export const invitationMail = (to: Addressee, company: string, link: string): Mail =>
  compose(to, 'Your guest app is ready: choose your password', {
    before: [
      `An account has been created for ${company} in Stay Console, where you manage your guest app.`,
      'Open this link within 72 hours to choose your password:',
    ],
    link,
    label: 'Choose your password',
    after: ['After that, sign in with this email address and your new password.'],
  });

/** The link that confirms an account's email address. */
export const verificationMail = (to: Addressee, link: string): Mail =>
  compose(to, 'Confirm your email address', {
    before: [
      'Please confirm that this is the email address of your Stay Console account.',
      'Open this link within 72 hours:',
    ],
    link,
    label: 'Confirm my email address',
    after: ['If you do not have a Stay Console account, ignore this mail.'],
  });

/**
 * Sends a mail without making anyone wait for it; a failure is logged without the mail (its
 * link is a credential).
 */
export function sendLater(mailer: Mailer, mail: Mail, what: string, userId: number): void {
  void mailer.send(mail).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Could not send the ${what} mail to user ${userId}: ${reason}`);
  });
}
