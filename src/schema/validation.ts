import { z } from 'zod';
import type { Field } from './fields';
import { isShown, writableFields } from './forms';
import { kindOf } from './kinds';
import { required, typeError } from './kinds/common';
import type { RuleZod } from './kinds/types';
import type { Resource } from './resource';

export { HEX_COLOR_PATTERN, SLUG_PATTERN } from './kinds';

const emptyGroupAsNull = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((part) => part === undefined || part === null || part === '')
    ? null
    : value;

const ruleZod: RuleZod = {
  array: z.array,
  boolean: z.boolean,
  email: z.email,
  enum: z.enum,
  number: z.number,
  object: z.object,
  string: z.string,
  unknown: z.unknown,
  iso: { datetime: z.iso.datetime },
};

/** A field's rule: required fields need a value; optional ones also take empty or null. */
export function fieldSchema(field: Field): z.ZodType {
  const kind = kindOf(field);
  const rule = kind.rule(field, { z: ruleZod, sub: fieldSchema });
  if (field.required) {
    return kind.stringLike
      ? z
          .string({ error: typeError })
          .trim()
          .min(1, required)
          .pipe(rule as z.ZodType<unknown, string>)
      : rule;
  }
  // An emptied optional text is stored as '' and anything else optional as null; an optional
  // group left wholly empty (no address at all) is no group.
  if (field.kind === 'group') return z.preprocess(emptyGroupAsNull, rule.nullish());
  return kind.stringLike
    ? z.union([z.literal(''), rule], { error: typeError }).nullish()
    : rule.nullish();
}

/**
 * The schema of a whole record from a declaration. Unknown keys are dropped. `partial` for
 * PATCH, where missing fields keep their stored value.
 */
export function resourceSchema(
  resource: Resource,
  options: {
    partial?: boolean;
    /** Only the fields this record shows (conditions, variants), as the server checks it. */
    record?: Readonly<Record<string, unknown>>;
  } = {},
) {
  const { record } = options;
  const shape = Object.fromEntries(
    writableFields(resource)
      .filter(([, field]) => !record || (isShown(field, record) && !field.transient))
      .map(([name, field]) => [name, fieldSchema(field)]),
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
