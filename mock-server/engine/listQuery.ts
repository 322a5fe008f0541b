import toPath from 'lodash/toPath.js';
import { OWNER_FIELD, type Actor, type Where } from '../../src/schema/access';
import { message } from '../../src/schema/messages';
import { MAX_PAGE_SIZE } from '../../src/schema/paging';
import type { Resource } from '../../src/schema/resource';
import { HttpError } from '../http/errors';
import {
  parseQuery,
  VALUE_TYPE_OF_KIND,
  type Filter,
  type Query,
  type ValueType,
} from '../store/query';
import { knownFields, unreadableFields } from './present';

/**
 * A list query read once, from the declarations, before any store sees it (issue 36): every
 * filter, sort and paging parameter is checked and its values typed by its field's kind, so the
 * JSON file and PostgreSQL get the same query and refuse the same input with the same 400.
 *
 * - a field nobody declared, or one the caller may not read: `400 Invalid query parameter`;
 * - a path into a field (`a.b`) only into a structured one (group, list, coordinates, JSON), with
 *   no empty key and no NUL (`title.`, `fields..name`, `ownerId[]`, `_sort=title.x`): 400;
 * - a whole-number field (`id`, `ownerId`, references) compared with anything but a whole number
 *   (`0.5`, `Infinity`, `1e+21`): 400; a whole number is read as one (`007` is 7);
 * - a number field with anything but a number: 400 (`1e3` is 1000); a yes/no field with anything
 *   but `true` or `false`, or as a range: 400;
 * - a text field compares as text whatever the text (`room_gte=200`, `at_gte=0`), never a 400;
 * - an empty value is no filter (what the dashboard sends for a cleared one: `categoryId=`);
 * - a NUL character in a value: 400 (no stored text holds one);
 * - paging beyond what can be counted (`_page=100000000000000000000`): 400.
 * json-server's own leniencies stay: `_page=abc` is page 1, `_order=sideways` ascending.
 */

/** A 400 about one query parameter: its name in the message and as the field of `errors`. */
function invalidQuery(resource: Resource, name: string, text: string): HttpError {
  const error = new HttpError(400, message('apiErrors.invalidQuery', { name }), {
    [name]: [text],
  });
  error.resource = resource.name;
  return error;
}

/** What the values of a field are: a scalar's type, or structured. */
function valueTypeOf(resource: Resource, name: string): ValueType | 'structured' {
  const field = resource.fields[name];
  if (field) return VALUE_TYPE_OF_KIND[field.kind] ?? 'structured';
  if (name === 'id' || name === OWNER_FIELD || name === resource.parent?.field) return 'integer';
  if (name === 'needsTranslation') return 'boolean';
  return 'text'; // groupId, createdAt, updatedAt
}

const WHOLE = /^[-+]?\d+$/;
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** A filter value read as its field's type (the text stores compare), or the message why not. */
function readValue(type: ValueType | 'structured', value: string, name: string) {
  if (value.includes('\u0000')) return { error: message('validation.invalid', { field: name }) };
  switch (type) {
    case 'integer': {
      const number = Number(value);
      return WHOLE.test(value) && Number.isSafeInteger(number)
        ? { value: String(number) }
        : { error: message('validation.integer', { field: name }) };
    }
    case 'number': {
      const number = Number(value);
      return DECIMAL.test(value) && Number.isFinite(number)
        ? { value: String(number) }
        : { error: message('apiErrors.answerNumber', { field: name }) };
    }
    case 'boolean':
      return value === 'true' || value === 'false'
        ? { value }
        : { error: message('apiErrors.answerBoolean', { field: name }) };
    default:
      return { value };
  }
}

/** The message why a path (`title`, `coordinates.lat`) names no value a list can read, if so. */
function pathError(resource: Resource, path: readonly string[], name: string): string | undefined {
  const [field] = path;
  const nested = path.length > 1;
  if (
    field === undefined ||
    path.some((key) => key === '' || key.includes('\u0000')) ||
    (nested && valueTypeOf(resource, field) !== 'structured')
  ) {
    return message('apiErrors.queryPath', { field: name });
  }
  return undefined;
}

/**
 * A filter's values as its field's type; 400 for a value that cannot be one. An empty value is
 * no filter (a filter the dashboard cleared: `categoryId=`, `date_lte=`), but for `_like`.
 */
function typedFilter(resource: Resource, filter: Filter): Filter[] {
  const { key, path, op } = filter;
  const fail = (text: string) => invalidQuery(resource, key, text);
  const problem = pathError(resource, path, filter.field);
  if (problem) throw fail(problem);
  const type = valueTypeOf(resource, path[0]!);
  if (type === 'boolean' && (op === 'gte' || op === 'lte')) {
    throw fail(message('apiErrors.queryNoRange', { field: key }));
  }
  // `_like` is a literal text (http/middleware.ts) matched against any value's text.
  const readAs = op === 'like' ? 'text' : path.length > 1 ? 'structured' : type;
  const given = op === 'like' ? filter.values : filter.values.filter((value) => value !== '');
  const values = given.map((value) => {
    const read = readValue(readAs, value, key);
    if (read.error !== undefined) throw fail(read.error);
    return read.value;
  });
  return values.length ? [{ ...filter, values }] : [];
}

const PAGING = ['_start', '_end', '_limit', '_page'] as const;

/**
 * Paging bounds a store can count to: at most 2^53 - 1, and a page that starts there at most
 * (json-server reads them with parseInt: `_page=1e20` is page 1, `_page=100000000000000000000`
 * is not a page), else 400 naming the parameter.
 */
function checkPaging(resource: Resource, { start, end, limit, page }: Query): void {
  const bounds = { _start: start, _end: end, _limit: limit, _page: page };
  for (const name of PAGING) {
    const max =
      name === '_page'
        ? Math.floor(Number.MAX_SAFE_INTEGER / MAX_PAGE_SIZE)
        : Number.MAX_SAFE_INTEGER;
    if ((bounds[name] ?? 0) > max) {
      throw invalidQuery(resource, name, message('validation.max', { field: name, max }));
    }
  }
}

/**
 * A list query within MAX_PAGE_SIZE: a larger page is refused (400), and so is a negative bound
 * (json-server slices from the end: `_end=-1` is every record but the last); a query without
 * paging gets the first MAX_PAGE_SIZE records (the caller still sees the full X-Total-Count).
 */
function capPage(query: Query): Query {
  const { start = 0, end, limit, page } = query;
  if (page === undefined && end === undefined && limit === undefined) {
    return { ...query, limit: MAX_PAGE_SIZE };
  }
  if (start < 0 || (end ?? 0) < 0 || (limit ?? 0) < 0) {
    throw new HttpError(400, 'Paging parameters (_start, _end, _limit) must not be negative');
  }
  // parseQuery gives a page its limit (10 by default); `end` pages run from `start`.
  const size = page === undefined && end !== undefined ? end - start : (limit ?? 0);
  if (size > MAX_PAGE_SIZE) {
    throw new HttpError(
      400,
      `A page holds at most ${MAX_PAGE_SIZE} records; ask for the list page by page`,
    );
  }
  return query;
}

/** A json-server filter or sort key's top-level field (`a.b_like` → `a`). */
const fieldOf = (key: string): string => toPath(key.replace(/_(like|gte|lte|ne)$/, ''))[0] ?? '';

/** Refuses filters and sorts on fields a caller may not read or that no record has. */
function checkFields(resource: Resource, actor: Actor, raw: Record<string, unknown>): void {
  const known = knownFields(resource);
  const hidden = unreadableFields(resource, actor);
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'q' || key === '_start' || key === '_end' || key === '_limit') continue;
    if (key === '_page' || key === '_order' || key === '_' || key === 'callback') continue;
    const fields =
      key === '_sort'
        ? String(value)
            .split(',')
            .map((part) => part.trim())
        : [key];
    if (fields.some((field) => !known.has(fieldOf(field)) || hidden.has(fieldOf(field)))) {
      throw new HttpError(400, `Invalid query parameter "${key}"`);
    }
  }
}

/**
 * The list query a caller sent, read and typed, within their scope: a filter on a scoped field
 * (an operator's `ownerId=<another hotel>`) is replaced by the scope, as json-server-era clients
 * expect. `paged`: capped to a page (a list); else every match (a summary's count).
 */
export function listQuery(
  resource: Resource,
  actor: Actor,
  raw: Record<string, unknown>,
  scope: Where | true,
  { paged }: { paged: boolean },
): Query {
  checkFields(resource, actor, raw);
  const own = { ...raw };
  if (scope !== true) for (const key of Object.keys(scope)) delete own[key];
  const query = parseQuery(own);
  for (const sort of query.sort) {
    const problem = pathError(resource, toPath(sort.field), sort.field);
    if (problem) throw invalidQuery(resource, '_sort', problem);
  }
  checkPaging(resource, query);
  const typed = {
    ...query,
    filters: query.filters.flatMap((filter) => typedFilter(resource, filter)),
  };
  return paged ? capPage(typed) : typed;
}
