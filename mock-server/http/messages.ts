import en from '../../src/i18n/locales/en.json';
import type { z } from 'zod';
import { parseMessage } from '../../src/schema/messages';
import { HttpError } from './errors';

type Tree = { [key: string]: string | Tree };

/** Looks a dotted key up in the English catalogue the dashboard uses too. */
function lookup(key: string): string | undefined {
  let node: string | Tree | undefined = en as Tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const interpolate = (text: string, params: Record<string, string | number>) =>
  text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(params[name] ?? ''));

/** English label of a field of a resource, from the same keys the dashboard shows. */
export function fieldLabel(resource: string, path: string): string {
  if (path === 'ownerId') return lookup('crud.owner') ?? path;
  // A group's part (`styling.background`) is labelled like a field of its own.
  const field = path.slice(path.lastIndexOf('.') + 1);
  // Engine fields (locale, position) and timestamps are labelled once for every resource.
  return lookup(`resources.${resource}.fields.${field}`) ?? lookup(`crud.${field}`) ?? field;
}

/** A validation message (an i18n key with parameters) in English, about a field. */
export function englishMessage(text: string, resource: string, field: string): string {
  const { key, params } = parseMessage(text);
  const template = lookup(key);
  return template ? interpolate(template, { field: fieldLabel(resource, field), ...params }) : text;
}

/** The singular and plural English names of a resource. */
export const resourceNames = (resource: string) => ({
  singular: lookup(`resources.${resource}.singular`) ?? resource,
  plural: lookup(`resources.${resource}.title`) ?? resource,
});

/** A body checked by a schema shared with the dashboard; its messages (i18n keys) in English. */
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
    (errors[field] ??= []).push(englishMessage(issue.message, resource, field));
  }
  throw new HttpError(422, 'Validation failed', errors);
}
