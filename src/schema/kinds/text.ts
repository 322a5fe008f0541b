import type { z } from 'zod';
import { message } from '../messages';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isEmailAddress } from '../email';
import { asString, typeError } from './common';
import { defineKind, type RuleTools, type RuleZod } from './types';
import type { TextField } from '../fields';

/** Lowercase letters, numbers and hyphens (spec §5). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug suggested from a text: `Spa & Wellness — Menu` → `spa-wellness-menu`. */
export const slugify = (text: string, max = 80): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');

function isValidUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A phone number as people write one: digits, spaces, hyphens and parentheses, perhaps after a
 * leading `+`, with 6 to 15 digits (E.164's longest).
 */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[0-9 ()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/** A trimmed string within the declared length. */
export function boundedString(field: TextField, { z }: Pick<RuleTools, 'z'>) {
  let rule = z.string({ error: typeError }).trim();
  if (field.max) rule = rule.max(field.max, message('validation.tooLong', { max: field.max }));
  if (field.min) rule = rule.min(field.min, message('validation.tooShort', { min: field.min }));
  if (field.pattern) rule = rule.regex(field.pattern.regex, message(field.pattern.message));
  return rule;
}

/** At most this many addresses in an email field that takes several (`multiple`). */
export const MAX_EMAIL_ADDRESSES = 10;

/** The addresses of a comma-, semicolon- or space-separated list, in lower case. */
export const emailAddresses = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(/[,;\s]+/)
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean)
    : [];

const isEmailList = (value: string) => {
  const addresses = emailAddresses(value);
  return addresses.length <= MAX_EMAIL_ADDRESSES && addresses.every(isEmailAddress);
};

const textKind = (
  refine?: (rule: ReturnType<typeof boundedString>, zod: RuleZod, field: TextField) => z.ZodType,
) =>
  defineKind<TextField>({
    rule: (field, tools) => {
      const rule = boundedString(field, tools);
      return refine ? refine(rule, tools.z, field) : rule;
    },
    empty: () => '',
    stringLike: true,
    text: (field, value, { t }) => {
      const text = asString(value);
      if (field.names !== 'resource') return text;
      // A resource this dashboard does not declare (any more) keeps its name.
      const key = `resources.${text}.title`;
      const title = t(key);
      return title === key ? text : title;
    },
  });

export const text = textKind();
export const textarea = textKind();
export const phone = textKind((rule) => rule.refine(isPhoneNumber, message('validation.phone')));
export const email = textKind((rule, zod, field) =>
  field.multiple
    ? rule.toLowerCase().refine(isEmailList, message('validation.emailList'))
    : rule
        .toLowerCase()
        .max(EMAIL_MAX_LENGTH, message('validation.email'))
        .pipe(zod.email({ pattern: EMAIL_PATTERN, error: message('validation.email') })),
);
export const url = textKind((rule) => rule.refine(isValidUrl, message('validation.url')));
export const slug = textKind((rule) => rule.regex(SLUG_PATTERN, message('validation.slug')));
export const password = defineKind<TextField>({
  rule: boundedString,
  empty: () => '',
  stringLike: true,
  text: () => '••••••••',
  noExport: true,
});
