import { permits, type Actor, type Operation } from '../../src/schema/access';
import type { Field, ReferenceField } from '../../src/schema/fields';
import { isShown } from '../../src/schema/forms';
import type { Resource } from '../../src/schema/resource';
import type { TestServer } from './helpers';

/**
 * Valid request bodies built from a declaration alone (no per-resource knowledge), for the
 * contract tests that run over the whole registry.
 */

type Row = Record<string, unknown>;

/** Whose record a sample is, and how to make the records it references. */
export interface OwnerContext {
  server: TestServer;
  /** The owner's access token (an operator). */
  token: string;
  owner: { id: number; locales: readonly string[] };
  /** The declarations the server was started with (references are looked up here). */
  registry: readonly Resource[];
}

/** The access-rule view of an operator (a hotel; the seeded ones run the Hotek app). */
export const operatorActor = (id: number): Actor => ({
  id,
  isAdmin: false,
  isSuperAdmin: false,
  connectedApps: ['hotek'],
});

/** Whether an operator's access answer lets them do the operation on at least their own records. */
export const operatorMay = (resource: Resource, operation: Operation, id = 1): boolean =>
  permits(resource.access[operation]({ actor: operatorActor(id), operation }));

const TEXT_KINDS: readonly Field['kind'][] = ['text', 'textarea', 'richText', 'password'];
const STRING_KINDS: readonly Field['kind'][] = [
  ...TEXT_KINDS,
  'email',
  'url',
  'phone',
  'slug',
  'color',
  'image',
  'file',
  'date',
  'dateTime',
  'time',
];
export const isTextKind = (field: Field): boolean => TEXT_KINDS.includes(field.kind);
export const isStringKind = (field: Field): boolean => STRING_KINDS.includes(field.kind);

// One run-wide counter: unique values (emails, slugs, periods, search tokens) never repeat.
let counter = 0;
const RUN = Math.random().toString(36).slice(2, 6);
/** A token no seeded text contains, so `?q=<token>` finds exactly the sample's records. */
const token = (n: number) => `zq${RUN}${String(n).padStart(5, '0')}x`;

/**
 * How many fields of the same kind come before this one in the declaration: a range is declared
 * start first (startTime/endTime, arrival/departure), so each later one gets a later value.
 */
const rankOf = (resource: Resource, name: string): number => {
  const entries = Object.entries(resource.fields);
  const kind = resource.fields[name]!.kind;
  return entries
    .slice(
      0,
      entries.findIndex(([other]) => other === name),
    )
    .filter(([, field]) => field.kind === kind).length;
};

/** A Monday, so a weekday-bound rule (first weekday option) is met. */
export const SAMPLE_DATE = '2030-01-07';
const FAR_FUTURE = Date.UTC(2090, 0, 1);
const HOUR = 60 * 60 * 1000;

function textValue(field: Field, name: string, n: number): string {
  // A declared default is a valid value where free text is not (a saved view's state).
  if (typeof field.default === 'string') return field.default;
  const max = 'max' in field && field.max ? field.max : 200;
  const min = 'min' in field && field.min ? field.min : 0;
  let value = `Sample ${name} ${token(n)}`;
  if (value.length > max) value = token(n).slice(0, max);
  return value.padEnd(min, 'x');
}

function numberValue(field: Extract<Field, { kind: 'number' | 'money' }>): number {
  if (field.default !== undefined) return field.default;
  const low = field.min ?? 0;
  const high = field.max ?? low + 100;
  const middle = (low + high) / 2;
  return field.integer ? Math.round(middle) : middle;
}

/**
 * A value for a plain (non-reference) field, or undefined to leave the field out. Declared
 * defaults are preferred where a rule may say more than the field does (a VAT rate).
 */
function plainValue(
  field: Field,
  name: string,
  n: number,
  ctx: OwnerContext,
  rank: number,
): unknown {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'richText':
    case 'password':
      // A text with a pattern (a form field's name) gets the bare token, letters and digits.
      return field.pattern ? token(n) : textValue(field, name, n);
    case 'email':
      return `sample-${RUN}-${n}@example.com`;
    case 'url':
      return 'https://example.com';
    case 'slug':
      return `sample-${RUN}-${n}`;
    case 'phone':
      return '+31 20 123 4567';
    case 'number':
    case 'money':
      return numberValue(field);
    case 'boolean':
      return field.default ?? true;
    case 'select':
      return field.default ?? field.options[0];
    case 'multiSelect':
      return [field.options[0]];
    case 'date':
      return new Date(Date.parse(SAMPLE_DATE) + rank * 24 * HOUR).toISOString().slice(0, 10);
    case 'dateTime': {
      // Each sample gets its own far-future day: periods of one owner never overlap.
      const start = FAR_FUTURE + n * 24 * HOUR + 8 * HOUR;
      return new Date(start + rank * 4 * HOUR).toISOString();
    }
    case 'time':
      return `${String(9 + rank).padStart(2, '0')}:00`;
    case 'color':
      return '#123456';
    case 'image':
    case 'file':
      // An address in the owner's own upload folder (the only kind the API takes).
      return `/uploads/files/${ctx.owner.id}/${token(n).padEnd(22, '0')}.${field.kind === 'file' ? 'pdf' : 'png'}`;
    case 'locale':
      return ctx.owner.locales[0];
    case 'locales':
      return [ctx.owner.locales[0]];
    case 'coordinates':
      return { lat: 52, lng: 4 };
    case 'items': {
      if (!field.required) return undefined;
      // One sub-record of its parts (those its own values show: a select's options).
      const row: Row = {};
      for (const [part, sub] of Object.entries(field.of)) {
        if (sub.readOnly) continue;
        const value = plainValue(sub, part, n, ctx, rank);
        if (value !== undefined) row[part] = value;
      }
      for (const [part, sub] of Object.entries(field.of)) {
        if (!isShown(sub, row)) delete row[part];
      }
      return [row];
    }
    case 'json':
      // A list of ids (a hotel group's hotels): the owner, a hotel.
      if (field.ids) return [ctx.owner.id];
      return field.required ? field.default : undefined;
    case 'group':
      return Object.fromEntries(
        Object.entries(field.of).map(([part, sub]) => [part, plainValue(sub, part, n, ctx, rank)]),
      );
    case 'reference':
      return undefined;
  }
}

/**
 * A record of `field.resource` the sample may point at: a new one made through the API when the
 * owner may create it (so it meets the same rules as the sample: a timeslot offered on the
 * sample's weekday, a category in the sample's language), else one from the store that belongs
 * to the owner and matches the declared `match` and `where` values.
 */
async function referenceValue(
  field: ReferenceField,
  record: Row,
  ctx: OwnerContext,
  taken: ReadonlySet<unknown> = new Set(),
) {
  const target = ctx.registry.find((resource) => resource.name === field.resource);
  const matching: Row = Object.fromEntries((field.match ?? []).map((key) => [key, record[key]]));
  if (target && !target.singleton && operatorMay(target, 'create', ctx.owner.id)) {
    const body = await sampleBody(target, ctx, matching);
    const answer = await ctx.server.send('POST', `/${target.name}`, ctx.token, body);
    if (answer.status !== 201) {
      throw new Error(`sample ${target.name} -> ${answer.status} ${answer.text}`);
    }
    return (answer.body as { id: number }).id;
  }
  const found = (await ctx.server.data.all(field.resource)).find(
    (row) =>
      (!target?.owned || row.ownerId === ctx.owner.id) &&
      !taken.has(row.id) &&
      Object.entries(matching).every(([key, value]) => row[key] === value) &&
      Object.entries(field.where ?? {}).every(([key, value]) => String(row[key]) === value),
  );
  if (!found) throw new Error(`no ${field.resource} record to reference`);
  return found.id;
}

/**
 * A valid body for a new record of `resource` owned by `ctx.owner`, from its fields alone:
 * read-only fields are left out, `fixed` values win (e.g. a referencing record's language).
 */
export async function sampleBody(
  resource: Resource,
  ctx: OwnerContext,
  fixed: Row = {},
): Promise<Row> {
  const n = ++counter;
  const body: Row = {};
  // Fields the server never reads from a body (transient ones) are left out.
  const entries = Object.entries(resource.fields).filter(
    ([, field]) => !field.readOnly && !field.transient,
  );
  // Plain values first: references match on them (a category in the amenity's language).
  for (const [name, field] of entries) {
    if (name in fixed) body[name] = fixed[name];
    else if (field.kind !== 'reference') {
      const value = plainValue(field, name, n, ctx, rankOf(resource, name));
      if (value !== undefined) body[name] = value;
    }
  }
  // A field the record does not show (another variant's, a subpage's parent) is left out: the
  // server neither checks nor keeps it.
  for (const [name, field] of entries) {
    if (!isShown(field, body)) delete body[name];
  }
  for (const [name, field] of entries) {
    if (field.kind === 'reference' && !(name in fixed) && isShown(field, body)) {
      // A unique reference (one customization per app) points at a record the owner's records
      // do not point at yet.
      const taken = new Set(
        field.unique
          ? (await ctx.server.data.all(resource.name))
              .filter((row) => !resource.owned || row.ownerId === ctx.owner.id)
              .map((row) => row[name])
          : [],
      );
      body[name] = await referenceValue(field, body, ctx, taken);
    }
  }
  return body;
}

/** A field the sample fills and a value it may not take, with the reason. */
export function invalidValue(resource: Resource): { field: string; value: unknown } {
  const writable = Object.entries(resource.fields).filter(([, field]) => !field.readOnly);
  const text = writable.find(([, field]) => field.required && isTextKind(field));
  if (text) return { field: text[0], value: '' };
  const number = writable.find(([, field]) => field.kind === 'number' || field.kind === 'money');
  if (number) return { field: number[0], value: 'x' };
  const required = writable.find(([, field]) => field.required);
  if (required) return { field: required[0], value: null };
  throw new Error(`${resource.name} has no field a body can get wrong`);
}

/** How the API shows a value that was sent: a secret answers only that it is set. */
export function shownAs(field: Field, sent: unknown): unknown {
  if ('secret' in field && field.secret) return { set: typeof sent === 'string' && sent !== '' };
  return sent;
}

/** A text of the body no other record holds (for `?q=`), if the sample has one. */
export function distinctiveText(resource: Resource, body: Row): string | undefined {
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = body[name];
    if (isStringKind(field) && !('secret' in field && field.secret) && typeof value === 'string') {
      const match = /zq[a-z0-9]+x/.exec(value);
      if (match) return match[0];
    }
  }
  return undefined;
}
