import type { z } from 'zod';
import { HttpError } from './errors';
import { lookup, word } from './wording';

export { fieldLabel } from './wording';

/** A validation message (an i18n key with parameters) in English, about a field. */
export function englishMessage(text: string, resource: string, field: string): string {
  return word(text, { resource, field });
}

/** The singular and plural English names of a resource. */
export const resourceNames = (resource: string) => ({
  singular: lookup(`resources.${resource}.singular`) ?? resource,
  plural: lookup(`resources.${resource}.title`) ?? resource,
});

/**
 * 422 with field messages as they came (coded ones are worded, and their codes answered, when
 * the error is sent), about the fields of `resource`.
 */
export function invalidFields(resource: string, errors: Record<string, string[]>): HttpError {
  const error = new HttpError(422, 'Validation failed', errors);
  error.resource = resource;
  return error;
}

/** A body checked by a schema shared with the dashboard; its messages (i18n keys) coded. */
export function parseShared<T extends z.ZodType>(
  schema: T,
  body: unknown,
  resource: string,
): z.output<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  throw invalidFields(resource, errors);
}
