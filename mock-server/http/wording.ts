import de from '../../src/i18n/locales/de.json';
import en from '../../src/i18n/locales/en.json';
import es from '../../src/i18n/locales/es.json';
import fr from '../../src/i18n/locales/fr.json';
import nl from '../../src/i18n/locales/nl.json';
import type { MessageCode } from '../../src/schema/errors';
import { isLocale } from '../../src/schema/locales';
import {
  formatValues,
  parseMessage,
  resourceWords,
  weekdayList,
  type MessageParams,
} from '../../src/schema/messages';

/**
 * Server messages in words: coded messages (an i18n key with values, schema/messages) looked up
 * in the catalogues the dashboard uses, in English for the API, or in a form's language for the
 * public form API.
 */
type Tree = { [key: string]: string | Tree };
const CATALOGUES: Record<string, Tree> = { en, nl, de, fr, es };

/** Looks a dotted key up in a language's catalogue (English by default). */
export function lookup(key: string, language = 'en'): string | undefined {
  let node: string | Tree | undefined = CATALOGUES[language] ?? CATALOGUES.en;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export const interpolate = (text: string, params: MessageParams) =>
  text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(params[name] ?? ''));

/** The label of a field of a resource, from the same keys the dashboard shows. */
export function fieldLabel(resource: string, path: string, language = 'en'): string {
  if (path === 'ownerId') return lookup('crud.owner', language) ?? path;
  // A group's part (`styling.background`) is labelled like a field of its own.
  const field = path.slice(path.lastIndexOf('.') + 1);
  // Engine fields (locale, position) and timestamps are labelled once for every resource.
  return (
    lookup(`resources.${resource}.fields.${field}`, language) ??
    lookup(`crud.${field}`, language) ??
    field
  );
}

/** `2026-03-15 08:00 UTC`: how an English message names a moment. */
const utcMinute = (iso: string): string =>
  `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Values as they read in the API's English (moments in UTC, days as `YYYY-MM-DD`, weekdays with
 * "and"), or as the dashboard formats them in another language (times in UTC).
 */
function wordValues(values: MessageParams, language: string): MessageParams {
  if (language !== 'en') return formatValues(values, language, 'UTC');
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value !== 'string') return [name, value];
      if (name === 'weekdays' || name === 'weekday')
        return [name, weekdayList(value, 'en').replace(', and ', ' and ')];
      if (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)))
        return [name, utcMinute(value)];
      return [name, value];
    }),
  );
}

/**
 * Generic answers the server gives as plain English in many places (a route's 404, a body's
 * 422): each has a code all the same, so the dashboard words them too.
 */
const GENERIC: Readonly<Record<string, string>> = {
  'Not found': 'apiErrors.notFound',
  'Validation failed': 'apiErrors.validationFailed',
  'Bad request': 'apiErrors.badRequest',
  'Method not allowed': 'apiErrors.methodNotAllowed',
  'You are not allowed to do this': 'apiErrors.notAllowed',
  'Something went wrong': 'apiErrors.somethingWentWrong',
};

/** A coded message's code and values; null for a plain (English) text. */
export function codeOf(text: string): MessageCode | null {
  const generic = GENERIC[text];
  if (generic) return { code: generic, values: {} };
  const { key, params } = parseMessage(text);
  return lookup(key) === undefined ? null : { code: key, values: params };
}

/**
 * A message in words: a coded one in `language` (English by default; the field's label and a
 * named `resource`'s field filled in), a plain one as it is.
 */
export function word(
  text: string,
  about: { resource?: string; field?: string; language?: string } = {},
): string {
  const coded = codeOf(text);
  if (!coded) return text;
  const language = about.language && isLocale(about.language) ? about.language : 'en';
  const template = lookup(coded.code, language) ?? lookup(coded.code)!;
  const values = wordValues(coded.values, language);
  // `resource` and `field` values name a field (its label); a `field` alone is a label already
  // (a form's own field label); else the field the message is under.
  const { resource, field: named } = coded.values;
  const field =
    typeof resource === 'string' && typeof named === 'string'
      ? fieldLabel(resource, named, language)
      : (values.field ??
        (about.field !== undefined ? fieldLabel(about.resource ?? '', about.field, language) : ''));
  const words = resourceWords(coded.values, language, (key) => lookup(key, language));
  const fieldLower = language === 'de' ? String(field) : String(field).toLocaleLowerCase(language);
  return interpolate(template, { ...values, ...words, field, fieldLower });
}
