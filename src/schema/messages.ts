import { formatDate } from './format';

/**
 * Validation messages travel as i18n keys, optionally with parameters: `validation.tooLong|{"max":80}`.
 * The dashboard translates them in the user's language; the API answers them in English from
 * the same catalogue. The field's label is added where the message is shown.
 */
export type MessageParams = Record<string, string | number>;

export const message = (key: string, params?: MessageParams): string =>
  params ? `${key}|${JSON.stringify(params)}` : key;

export function parseMessage(text: string): { key: string; params: MessageParams } {
  const bar = text.indexOf('|');
  if (bar < 0) return { key: text, params: {} };
  try {
    return { key: text.slice(0, bar), params: JSON.parse(text.slice(bar + 1)) as MessageParams };
  } catch {
    return { key: text, params: {} };
  }
}

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WEEKDAY_CODES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** `mon,wed,fri` as the language says it: "Monday, Wednesday and Friday". */
export function weekdayList(codes: string, language: string): string {
  const names = WEEKDAY_CODES.filter((code) => codes.split(',').includes(code)).map((code) =>
    // 2024-01-01 was a Monday.
    formatDate(new Date(Date.UTC(2024, 0, 1 + WEEKDAY_CODES.indexOf(code))), language, {
      weekday: 'long',
      timeZone: 'UTC',
    }),
  );
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
}

/**
 * A coded message's values as they read in `language` (MessageCode): a moment as a date and
 * time in `timeZone` (the reader's own when unset), a day as a date, `weekday` (`mon`) and
 * `weekdays` (`mon,wed`) as day names; anything else as it is.
 */
export function formatValues(
  values: MessageParams,
  language: string,
  timeZone?: string,
): MessageParams {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value !== 'string') return [name, value];
      if (name === 'weekdays' || name === 'weekday') return [name, weekdayList(value, language)];
      if (MOMENT.test(value) && !Number.isNaN(Date.parse(value))) {
        const options = { dateStyle: 'medium', timeStyle: 'short', timeZone } as const;
        return [name, formatDate(new Date(value), language, options)];
      }
      if (DAY.test(value) && !Number.isNaN(Date.parse(value))) {
        const options = { dateStyle: 'medium', timeZone: 'UTC' } as const;
        return [name, formatDate(new Date(`${value}T00:00:00Z`), language, options)];
      }
      return [name, value];
    }),
  );
}

/**
 * The words a coded message's `resource` value (and `field` with it) stands for, in a language's
 * catalogue (`lookup`): `singular` and `plural` (the resource's names), `field` (the field's
 * label), and each as it reads inside a sentence (`singularLower`, `pluralLower`, `fieldLower`):
 * in lower case, but for German, whose nouns keep their capital.
 */
export function resourceWords(
  values: MessageParams,
  language: string,
  lookup: (key: string) => string | undefined,
): MessageParams {
  const { resource, field } = values;
  if (typeof resource !== 'string') return {};
  const lower = (text: string) =>
    language.startsWith('de') ? text : text.toLocaleLowerCase(language);
  const singular = lookup(`resources.${resource}.singular`) ?? resource;
  const plural = lookup(`resources.${resource}.title`) ?? resource;
  const words: MessageParams = {
    singular,
    plural,
    singularLower: lower(singular),
    pluralLower: lower(plural),
  };
  if (typeof field === 'string') {
    const label =
      lookup(`resources.${resource}.fields.${field}`) ?? lookup(`crud.${field}`) ?? field;
    Object.assign(words, { field: label, fieldLower: lower(label) });
  }
  return words;
}
