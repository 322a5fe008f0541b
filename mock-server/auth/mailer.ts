import fs from 'node:fs';
import path from 'node:path';
import escapeHtml from 'lodash/escape.js';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { atomicWriteFileSync } from '../store/atomic';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A mail as written to the outbox folder. */
export interface OutboxMail extends Mail {
  date: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

let outboxCounter = 0;

/**
 * With SMTP_URL a real SMTP transport; otherwise nodemailer's jsonTransport (which builds and
 * checks the message but sends nothing) and a copy of each mail as a JSON file in MAIL_OUTBOX.
 */
export function createMailer(config: Config, now: () => number): Mailer {
  const smtp = config.smtpUrl;
  const transport = smtp
    ? nodemailer.createTransport(smtp)
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(mail) {
      // The outbox copy is written before the first await: routes do not wait for the mailer, and
      // whoever reads the outbox right after the answer (tests, local debugging) finds the mail.
      if (!smtp) {
        const stored: OutboxMail = { ...mail, date: new Date(now()).toISOString() };
        // Zero-padded counter so names also sort correctly as plain strings.
        const counter = String(outboxCounter++).padStart(6, '0');
        const file = path.join(config.mailOutbox, `${Date.now()}-${counter}.json`);
        atomicWriteFileSync(file, `${JSON.stringify(stored, null, 2)}\n`);
      }
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close() {
      transport.close();
    },
  };
}

/** The newest outbox mail sent to an address (for tests and local debugging). */
export function readLatestMail(outbox: string, to: string): OutboxMail | undefined {
  if (!fs.existsSync(outbox)) return undefined;
  const order = (name: string) =>
    name
      .replace(/\.json$/, '')
      .split('-')
      .map(Number);
  const files = fs
    .readdirSync(outbox)
    .filter((name) => /^\d+-\d+\.json$/.test(name))
    .sort((a, b) => {
      const [ta, na] = order(a);
      const [tb, nb] = order(b);
      return tb - ta || nb - na;
    });
  for (const name of files) {
    const mail = JSON.parse(fs.readFileSync(path.join(outbox, name), 'utf8')) as OutboxMail;
    if (mail.to.toLowerCase() === to.toLowerCase()) return mail;
  }
  return undefined;
}

export interface Addressee {
  id: number;
  name: string;
  email: string;
}

/** A mail of short paragraphs with one button-like link, as text and as HTML. */
export function composeMail(
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
