import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { isAdministrator, matchesWhere, OWNER_FIELD, type Actor } from '../../src/schema/access';
import type { Field, ReferenceField } from '../../src/schema/fields';
import { isShown, mayWriteField } from '../../src/schema/forms';
import { kindOf } from '../../src/schema/kinds';
import { message } from '../../src/schema/messages';
import type { Resource } from '../../src/schema/resource';
import { parseUploadAddress, PLATFORM_TENANT } from '../../src/schema/uploads';
import type { Reader, StoredRecord } from '../../src/schema/store';
import { writableFields } from '../../src/schema/forms';
import { brokenRules, fieldSchema } from '../../src/schema/validation';
import { HttpError } from '../http/errors';
import { invalidFields } from '../http/messages';

type Row = Record<string, unknown>;
export type WriteMode = 'create' | 'replace' | 'patch';

/** `{ "set": true }` as the API shows a secret; sending it back means "keep the value". */
const isSecretEcho = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'set' in value;

const isSecret = (field: Field) => 'secret' in field && Boolean(field.secret);

/**
 * Validates a body against the fields the actor may write; field errors become 422 in English,
 * unknown fields are dropped. Administrators name the owner of a tenant's new record.
 */
export function parseWrite(
  resource: Resource,
  actor: Actor,
  mode: WriteMode,
  body: unknown,
  existing?: Row,
  {
    only,
    folders = [],
  }: {
    /** Only these fields are read from the body (a guest's booking: not its status). */
    only?: readonly string[];
    /** Upload folders the writer may point into besides the record's (an account's own). */
    folders?: readonly string[];
  } = {},
): Row {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  // A new record takes the declared default for what the body leaves out (as the form would).
  const input = { ...(mode === 'create' ? declaredDefaults(resource) : {}), ...(body as Row) };
  const shape: Record<string, z.ZodType> = {};
  // A field whose condition the record does not meet is not checked (and not kept: dropHidden).
  const record = { ...existing, ...input };
  for (const [name, field] of writableFields(resource)) {
    if (!mayWriteField(field, actor, existing) || (only && !only.includes(name))) continue;
    // A transient field is asked when a record is made (and seen by its hooks), never later.
    if (!isShown(field, record) || (field.transient && mode !== 'create')) continue;
    // A secret sent back as shown (`{ set }`) or left out keeps its stored value; a new record
    // has none to keep, so a required secret must be given then.
    if (isSecret(field) && (isSecretEcho(input[name]) || input[name] === undefined)) {
      delete input[name];
      shape[name] = fieldSchema(existing ? { ...field, required: false } : field);
      continue;
    }
    shape[name] = fieldSchema(field);
  }
  const namesOwner =
    resource.owned &&
    !resource.parent &&
    !resource.personal &&
    isAdministrator(actor) &&
    mode === 'create';
  if (namesOwner) {
    shape[OWNER_FIELD] = z
      .number({ error: message('validation.required') })
      .int()
      .positive(message('validation.required'));
  }
  // A PATCH leaves out what it does not change, except a required field the change makes appear
  // (a page made a PDF page must give its PDF).
  const appearing = (name: string) =>
    Boolean(existing && resource.fields[name]?.required) &&
    !isShown(resource.fields[name]!, existing!);
  const object = z.object(
    mode === 'patch'
      ? Object.fromEntries(
          Object.entries(shape).map(([name, rule]) => [
            name,
            appearing(name) ? rule : rule.optional(),
          ]),
        )
      : shape,
  );
  const result = object.safeParse(input);
  if (result.success) {
    const data = result.data as Row;
    const allowed = new Set([...folders, ...uploadFolders(resource, actor, data, existing)]);
    refuseForeignUploads(resource, data, existing, allowed);
    return data;
  }
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    // A group's part answers under its own path (`styling.background`), as the form names it,
    // and a sub-record's part under its index (`fields.2.name`).
    const top = String(issue.path[0] ?? 'body');
    const kind = resource.fields[top]?.kind;
    const field =
      issue.path.length < 2
        ? top
        : kind === 'items'
          ? issue.path.map(String).join('.')
          : kind === 'group'
            ? issue.path.slice(0, 2).map(String).join('.')
            : top;
    (errors[field] ??= []).push(issue.message);
  }
  throw invalidFields(resource.name, errors);
}

/**
 * The upload folders a record may point into: its hotel's (the record's owner), and the
 * platform's (`admin`) when an administrator writes it — the files administrators upload for no
 * hotel (a new hotel's logo chosen in the creation wizard, the app catalogue's images).
 */
export function uploadFolders(
  resource: Resource,
  actor: Actor,
  data: Row,
  existing?: Row,
): Set<string> {
  const folders = new Set<string>();
  if (resource.owned) {
    const owner = existing?.[OWNER_FIELD] ?? data[OWNER_FIELD] ?? actor?.id;
    if (owner !== undefined && owner !== null) folders.add(String(owner));
  }
  if (isAdministrator(actor)) folders.add(PLATFORM_TENANT);
  return folders;
}

/** Every image and file value in a record, with the path its error answers under. */
function* uploadValues(
  fields: Record<string, Field>,
  value: Row,
  prefix = '',
): Generator<[string, string]> {
  for (const [name, field] of Object.entries(fields)) {
    const part = value[name];
    if (part === undefined || part === null || part === '') continue;
    if ((field.kind === 'image' || field.kind === 'file') && typeof part === 'string') {
      yield [`${prefix}${name}`, part];
    } else if (field.kind === 'group' && typeof part === 'object') {
      yield* uploadValues(field.of, part as Row, `${prefix}${name}.`);
    } else if (field.kind === 'items' && Array.isArray(part)) {
      for (const [index, row] of part.entries()) {
        if (typeof row === 'object' && row !== null) {
          yield* uploadValues(field.of, row as Row, `${prefix}${name}.${index}.`);
        }
      }
    }
  }
}

/**
 * Image and file fields hold only uploads of the record's own hotel (`folders`; the kind's rule
 * has already refused any other kind of address, and taken `https:` where declared): another
 * hotel's `/uploads/files/<other>/…` is a 422 under the field. A value the record already holds
 * may stay (an administrator's logo of a new hotel, saved again by the hotel).
 */
export function refuseForeignUploads(
  resource: Resource,
  data: Row,
  existing: Row | undefined,
  folders: ReadonlySet<string>,
): void {
  const kept = new Set(
    existing ? [...uploadValues(resource.fields, existing)].map(([, v]) => v) : [],
  );
  const errors: Record<string, string[]> = {};
  for (const [path, value] of uploadValues(resource.fields, data)) {
    const address = parseUploadAddress(value);
    if (!address || folders.has(address.tenant) || kept.has(value)) continue;
    const field = path.split('.')[0]!;
    const key =
      resource.fields[field]?.kind === 'items' ? path : path.split('.').slice(0, 2).join('.');
    (errors[key] ??= []).push(message('validation.upload'));
  }
  if (Object.keys(errors).length) throw invalidFields(resource.name, errors);
}

/**
 * The declaration as a record's own account writes it (its `self`): those fields, as `self`
 * restates them, are the only ones it may change — or `fields`, named by a route that confirmed
 * the change itself.
 */
export function selfView(
  resource: Resource,
  fields?: readonly string[],
): { view: Resource; only: readonly string[] } {
  const own = resource.self?.fields;
  if (!own) throw new Error(`${resource.name} declares no self fields`);
  const view = { ...resource, fields: { ...resource.fields, ...own } };
  return { view, only: fields ?? Object.keys(own) };
}

/** The fields' declared defaults (the values a new record takes for what it is not given). */
export function declaredDefaults(resource: Resource): Row {
  return Object.fromEntries(
    Object.entries(resource.fields)
      .filter(([, field]) => field.default !== undefined)
      .map(([name, field]) => [name, field.default]),
  );
}

/** Removes the fields whose condition the record does not meet (an iframe page keeps no PDF). */
export function dropHidden(resource: Resource, data: Row): Row {
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!isShown(field, data)) delete data[name];
  }
  return data;
}

/**
 * Each kind's last word on a valid value before it is stored (rich text is sanitised), for the
 * fields present in `data`; changes `data` in place.
 */
export async function normalizeWrite(resource: Resource, data: Row): Promise<Row> {
  for (const [name, field] of Object.entries(resource.fields)) {
    const { normalize } = kindOf(field);
    if (!normalize || data[name] === undefined || data[name] === null) continue;
    data[name] = await normalize(data[name], field as never);
  }
  return data;
}

/**
 * A field the actor may not write may be sent back unchanged (a whole record on PUT), but an
 * attempt to change it is refused (403) rather than silently ignored. With `only` (a record's
 * own account, its `self` fields), every other declared field is one it may not write.
 */
export function refuseForbiddenChanges(
  resource: Resource,
  actor: Actor,
  existing: Row,
  body: unknown,
  only?: readonly string[],
): void {
  if (typeof body !== 'object' || body === null) return;
  const fields = only ? Object.entries(resource.fields) : writableFields(resource);
  for (const [name, field] of fields) {
    const own = !only || only.includes(name);
    if ((own && mayWriteField(field, actor, existing)) || !Object.hasOwn(body, name)) continue;
    if (isDeepStrictEqual((body as Row)[name], existing[name])) continue;
    const refusal = (own && field.access?.write?.refusal) || 'apiErrors.notAllowedToChange';
    throw new HttpError(403, message(refusal, { resource: resource.name, field: name }));
  }
}

/** The declaration's rules across fields (end after start, …). */
export function checkRules(resource: Resource, record: Row): void {
  const broken = brokenRules(resource, record);
  if (Object.keys(broken).length === 0) return;
  throw invalidFields(resource.name, broken);
}

/** Who writes, and the declarations references are judged against. */
export interface ReferenceContext {
  registry: readonly Resource[];
  actor: Actor;
}

/**
 * References must exist, be records the writer may read, and, for a hotel's record pointing at
 * another hotel-owned collection (or where declared), belong to the record's own hotel and share
 * the declared fields (a Dutch amenity's category is Dutch). Judged by the value about to be
 * stored, on create and update alike; another hotel's record answers exactly as an unknown id.
 * A tenant's record belongs to a hotel (an operator), and a localized record is in one of that
 * hotel's languages.
 */
export async function checkReferences(
  resource: Resource,
  store: Reader,
  record: Row,
  { registry, actor }: ReferenceContext,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const missing = () => [message('validation.referenceMissing')];
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind !== 'reference' || record[name] === null || record[name] === undefined) continue;
    const id = Number(record[name]);
    const target = Number.isSafeInteger(id) ? await store.get(field.resource, id) : undefined;
    const targetResource = registry.find((other) => other.name === field.resource);
    const sameOwner = field.sameOwner ?? Boolean(resource.owned && targetResource?.owned);
    const wrongTenant = sameOwner && target && target[OWNER_FIELD] !== record[OWNER_FIELD];
    const mismatch = target && (field.match ?? []).some((key) => target[key] !== record[key]);
    const wrongKind =
      target &&
      Object.entries(field.where ?? {}).some(([key, value]) => String(target[key]) !== value);
    // The same read rule as GET: what the writer may not see, it may not point at (a guest's
    // write, with no actor, is bound to its hotel by the route and `sameOwner`).
    const unreadable = target && targetResource && actor && !mayRead(targetResource, actor, target);
    if (!target || wrongTenant || wrongKind || mismatch || unreadable) errors[name] = missing();
  }
  if (resource.owned) {
    const owner = await store.get('users', Number(record[OWNER_FIELD]));
    // A hotel's content belongs to a hotel; a personal record to any account (an administrator's view).
    if (!owner || (owner.role !== 'operator' && !resource.personal)) {
      errors[OWNER_FIELD] = [message('validation.ownerInvalid')];
    } else if (
      resource.localized &&
      !errors.locale &&
      !(owner.locales as unknown[] | undefined)?.includes(record.locale)
    ) {
      errors.locale = [message('validation.notHotelLanguage')];
    }
  }
  if (Object.keys(errors).length) throw invalidFields(resource.name, errors);
}

/**
 * Unique fields (texts case-insensitive, and references), across the collection or per the
 * declared fields.
 */
export async function checkUnique(
  resource: Resource,
  store: Reader,
  record: Row,
  id?: number,
): Promise<void> {
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = record[name];
    if (!field.unique || (typeof value !== 'string' && typeof value !== 'number') || value === '')
      continue;
    const per = typeof field.unique === 'object' ? field.unique.per : [];
    const scope = Object.fromEntries(per.map((key) => [key, record[key] as string | number]));
    const same = typeof value === 'string' ? { caseless: value } : value;
    const rows = await store.find(resource.name, { ...scope, [name]: same }, { limit: 2 });
    const taken = rows.some((row) => row.id !== id);
    if (taken) {
      const error = new HttpError(
        409,
        message('validation.taken', { resource: resource.name, field: name }),
        { [name]: [message('validation.taken')] },
      );
      error.resource = resource.name;
      throw error;
    }
  }
}

/** Whether the actor's read rule for `resource` lets them see `record` (no 401/403 thrown). */
function mayRead(resource: Resource, actor: NonNullable<Actor>, record: Row): boolean {
  const decision = resource.access.read({ actor, operation: 'read' });
  return decision !== false && matchesWhere(record, decision);
}

/** Every reference field in the registry that points at `resource`. */
export function referencesTo(
  registry: readonly Resource[],
  resource: Resource,
): { from: Resource; name: string; field: ReferenceField }[] {
  return registry.flatMap((from) =>
    Object.entries(from.fields)
      .filter(
        (entry): entry is [string, ReferenceField] =>
          entry[1].kind === 'reference' && entry[1].resource === resource.name,
      )
      .map(([name, field]) => ({ from, name, field })),
  );
}

export type { StoredRecord };
