import { z } from 'zod';
import type { Field } from './fields';
import { LOCALES } from './locales';
import { message } from './messages';
import type { Resource } from './resource';

/** Lowercase letters, numbers and hyphens (spec §5). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const required = message('validation.required');
const invalid = message('validation.invalid');
/** 'Required' when nothing was given, 'Invalid' for a value of the wrong kind. */
const typeError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? required : invalid;

/** A `YYYY-MM-DD` that names a day of the calendar: no 2026-02-30, no month 13. */
function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, unlike Date.UTC, keeps years 0-99 as they are; overflow shows as a change.
  const probe = new Date(0);
  probe.setUTCFullYear(year, month - 1, day);
  return (
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day
  );
}

/** No value twice: a choice of weekdays or languages is a set. */
const isDistinct = (values: readonly unknown[]) => new Set(values).size === values.length;

function isValidUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The rule for one value of a field, when a value is present. */
function valueSchema(field: Field): z.ZodType {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'richText':
    case 'phone':
    case 'password':
    case 'email':
    case 'url':
    case 'slug': {
      let rule = z.string({ error: typeError }).trim();
      if (field.max) rule = rule.max(field.max, message('validation.tooLong', { max: field.max }));
      if (field.min) rule = rule.min(field.min, message('validation.tooShort', { min: field.min }));
      if (field.kind === 'email') rule = rule.toLowerCase();
      const refined =
        field.kind === 'email'
          ? rule.pipe(z.email(message('validation.email')))
          : field.kind === 'url'
            ? rule.refine(isValidUrl, message('validation.url'))
            : field.kind === 'slug'
              ? rule.regex(SLUG_PATTERN, message('validation.slug'))
              : rule;
      return refined;
    }
    case 'number':
    case 'money': {
      let rule = z.number({ error: typeError });
      if (field.integer) rule = rule.int(message('validation.integer'));
      if (field.min !== undefined)
        rule = rule.min(field.min, message('validation.min', { min: field.min }));
      if (field.max !== undefined)
        rule = rule.max(field.max, message('validation.max', { max: field.max }));
      return rule;
    }
    case 'boolean':
      return z.boolean({ error: typeError });
    case 'select':
      return z.enum(field.options as [string, ...string[]], { error: typeError });
    case 'multiSelect': {
      const values = z.array(z.enum(field.options as [string, ...string[]], { error: invalid }), {
        error: typeError,
      });
      // Required means at least one choice: a timeslot on no weekday is never offered.
      return (field.required ? values.min(1, required) : values).refine(
        isDistinct,
        message('validation.duplicate'),
      );
    }
    case 'date':
      return z.string({ error: typeError }).refine(isCalendarDate, message('validation.date'));
    case 'dateTime':
      // zod's ISO pattern already checks the calendar (no Feb 30) and the clock (no 24:00).
      return z.iso.datetime({ offset: true, error: message('validation.date') });
    case 'time':
      return z.string({ error: typeError }).regex(TIME_PATTERN, message('validation.time'));
    case 'color':
      return z
        .string({ error: typeError })
        .trim()
        .regex(HEX_COLOR_PATTERN, message('validation.hexColor'));
    case 'image':
    case 'file':
      return z.string({ error: typeError }).max(2000);
    case 'reference':
      return z.number({ error: typeError }).int().positive(required);
    case 'locale':
      return z.enum(LOCALES, { error: typeError });
    case 'locales':
      return z
        .array(z.enum(LOCALES, { error: invalid }), { error: typeError })
        .min(1, required)
        .refine(isDistinct, message('validation.duplicate'));
    case 'coordinates':
      return z.object(
        {
          lat: z
            .number({ error: message('validation.latitude') })
            .min(-90, message('validation.latitude'))
            .max(90, message('validation.latitude')),
          lng: z
            .number({ error: message('validation.longitude') })
            .min(-180, message('validation.longitude'))
            .max(180, message('validation.longitude')),
        },
        { error: typeError },
      );
    case 'items':
      return z.array(
        z.object(
          Object.fromEntries(
            Object.entries(field.of).map(([name, sub]) => [name, fieldSchema(sub)]),
          ),
          { error: typeError },
        ),
        { error: typeError },
      );
    case 'json':
      return z.unknown();
  }
}

const isStringKind = (field: Field) =>
  [
    'text',
    'textarea',
    'richText',
    'phone',
    'password',
    'email',
    'url',
    'slug',
    'color',
    'image',
    'file',
    'date',
    'time',
    'dateTime',
  ].includes(field.kind);

/** A field's rule: required fields need a value; optional ones also take empty or null. */
export function fieldSchema(field: Field): z.ZodType {
  const rule = valueSchema(field);
  if (field.required) {
    return isStringKind(field)
      ? z
          .string({ error: typeError })
          .trim()
          .min(1, required)
          .pipe(rule as z.ZodType<unknown, string>)
      : rule;
  }
  // An emptied optional text is stored as '' and anything else optional as null.
  return isStringKind(field)
    ? z.union([z.literal(''), rule], { error: typeError }).nullish()
    : rule.nullish();
}

/** The fields a client may send: no server-kept ones. */
export const writableFields = (resource: Resource): [string, Field][] =>
  Object.entries(resource.fields).filter(([, field]) => !field.readOnly);

/**
 * The schema of a whole record from a declaration. Unknown keys are dropped. `partial` for
 * PATCH, where missing fields keep their stored value.
 */
export function resourceSchema(resource: Resource, options: { partial?: boolean } = {}) {
  const shape = Object.fromEntries(
    writableFields(resource).map(([name, field]) => [name, fieldSchema(field)]),
  );
  const object = z.object(shape);
  return options.partial ? object.partial() : object;
}

/** Zod issues as `{ field: [message, …] }`, the API's 422 shape. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The declaration's record rules that a record breaks: `{ field: [message key] }`. */
export function brokenRules(
  resource: Resource,
  record: Record<string, unknown>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const rule of resource.rules ?? []) {
    if (rule.reads.every((name) => present(record[name])) && !rule.check(record)) {
      (errors[rule.path] ??= []).push(rule.message);
    }
  }
  return errors;
}

/** Adds the declaration's record rules to an object schema (client forms). */
export function withRecordRules<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  resource: Resource,
) {
  return schema.superRefine((record, ctx) => {
    for (const [path, messages] of Object.entries(brokenRules(resource, record))) {
      for (const text of messages) ctx.addIssue({ code: 'custom', path: [path], message: text });
    }
  });
}
