import escapeHtml from 'lodash/escape.js';
import type { TypedWriter } from '../store/port';
import { sendLater, type Mail } from '../auth/mailer';
import type { FormField } from '../../src/resources/forms';
import { emailAddresses } from '../../src/schema/kinds/text';
import { isLocale } from '../../src/schema/locales';
import type { MessageParams } from '../../src/schema/messages';
import { interpolate, lookup } from '../http/wording';
import type { StoredRecord } from '../../src/schema/store';
import type { AppContext } from '../context';
import type { ServerHooks } from '../engine/service';

/** At most this many mails per form within FLOOD_WINDOW_MS; then one summary, then none. */
export const MAILS_PER_WINDOW = 5;
export const FLOOD_WINDOW_MS = 10 * 60 * 1000;

type Notice = 'mail' | 'summary' | 'none';

/** A mail of short lines (each its own paragraph) and one link, as text and as HTML. */
function linesMail(
  to: string,
  subject: string,
  lines: string[],
  link: string,
  label: string,
): Mail {
  return {
    to,
    subject,
    text: [...lines, '', `${label}: ${link}`].join('\n'),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>`,
    ].join('\n'),
  };
}

/** A text of the new-request mail in the hotel's language (the dashboard's catalogue). */
const mailText = (language: string, key: string, values: MessageParams = {}) =>
  interpolate(lookup(`requests.${key}`, language) ?? key, values);

/** One answer as the mail says it: a checkbox yes or no, a select's option by its text. */
function answerLine(field: FormField, value: unknown, language: string): string {
  if (value === undefined || value === null || value === '') return `${field.label}: -`;
  if (field.type === 'checkbox')
    return `${field.label}: ${mailText(language, value === true ? 'yes' : 'no')}`;
  if (field.type === 'select') {
    const option = field.options?.find((choice) => choice.value === value);
    return `${field.label}: ${option?.text ?? String(value)}`;
  }
  return `${field.label}: ${String(value)}`;
}

/**
 * Which mail a new submission gets: its own while the form sent fewer than MAILS_PER_WINDOW in
 * the last FLOOD_WINDOW_MS, then one summary, then nothing until the window has room again.
 * Counted from the stored notices in the write's transaction (which behaves as if it ran alone),
 * so two processes or two requests at once keep the cap too.
 */
async function noticeFor(store: TypedWriter, record: StoredRecord, now: number): Promise<Notice> {
  const since = new Date(now - FLOOD_WINDOW_MS).toISOString();
  const recent = (notice: Notice) =>
    store.count('submissions', {
      formId: record.formId as number,
      notice,
      createdAt: { gte: since },
    });
  if ((await recent('mail')) < MAILS_PER_WINDOW) return 'mail';
  return (await recent('summary')) === 0 ? 'summary' : 'none';
}

/**
 * The mail of a new guest request, through the configured mailer once the submission is stored:
 * to the form's `notify` addresses (the hotel's account email when it names none), with the
 * answers by their labels and a link to the request; past the flood cap, one summary. In the
 * hotel's language (the one its content is written in, `sourceLocale`).
 */
export function submissionMailHooks(ctx: Pick<AppContext, 'config' | 'mailer'>): ServerHooks {
  const { config, mailer } = ctx;
  return {
    afterChange: async ({ operation, record, store, now }) => {
      if (operation !== 'create') return;
      const notice = await noticeFor(store, record, now);
      // raw write: notice is server-owned (what was mailed), set in the create's server hook
      await store.update('submissions', record.id, { notice });
      if (notice === 'none') return;
      const [form, hotel] = await Promise.all([
        store.get('forms', record.formId as number),
        store.get('users', record.ownerId as number),
      ]);
      if (!form || !hotel) return;
      const named = emailAddresses(form.notify);
      const addresses = named.length ? named : [String(hotel.email)];
      const label = String(form.label);
      const language = isLocale(hotel.sourceLocale) ? hotel.sourceLocale : 'en';
      const words = (key: string, values: MessageParams = {}) =>
        mailText(language, `mail.${key}`, { form: label, ...values });
      const mails: Mail[] = addresses.map((email) => {
        if (notice === 'summary') {
          return linesMail(
            email,
            words('summarySubject'),
            [words('summaryText', { count: MAILS_PER_WINDOW }), words('summaryLater')],
            `${config.appUrl}/dashboard/requests?formId=${form.id}&status=new`,
            words('openNew'),
          );
        }
        const fields = (record.fields ?? []) as FormField[];
        const data = (record.data ?? {}) as Record<string, unknown>;
        const reference = String(record.reference);
        return linesMail(
          email,
          words('subject', { reference }),
          [
            words('intro', { reference }),
            ...fields.map((field) => answerLine(field, data[field.name], language)),
          ],
          `${config.appUrl}/dashboard/requests/${record.id}`,
          words('open'),
        );
      });
      return () => {
        for (const mail of mails) sendLater(mailer, mail, 'new request', hotel.id);
      };
    },
  };
}
