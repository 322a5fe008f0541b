// json-server 0.17.4's list query language (router/plural.js `list`), parsed once into data and
// run over plain records, so any store can answer the same URLs the same way.
import { createRequire } from 'node:module';
import escapeRegExp from 'lodash/escapeRegExp.js';
import toPath from 'lodash/toPath.js';
import type { Field } from '../../src/schema/fields';

// lodash ships no types and vendor.d.ts declares only a few of its modules: type what we call.
const requireCjs = createRequire(import.meta.url);
const orderBy = requireCjs('lodash/orderBy.js') as <T>(
  rows: readonly T[],
  iteratees: ((row: T) => unknown)[],
  orders: Sort['order'][],
) => T[];
const has = requireCjs('lodash/has.js') as (object: unknown, path: string) => boolean;
const cloneDeep = requireCjs('lodash/cloneDeep.js') as <T>(value: T) => T;

export type FilterOp = 'eq' | 'ne' | 'gte' | 'lte' | 'like';
/** One filter parameter: `field`, `field_ne`, `field_gte`, `field_lte`, `field_like`; repeated values OR-ed (`_ne`: AND-ed). `field` may be a lodash path (`a.b`). */
export interface Filter {
  key: string;
  field: string;
  /** `field` as its keys (`a.b[0]` → a, b, 0), read once here. */
  path: string[];
  op: FilterOp;
  values: string[];
}

/**
 * What a scalar field's values are, by its declared kind: how a list query reads a filter value
 * (mock-server/engine/listQuery.ts) and what a PostgreSQL column stores. Other kinds (lists,
 * groups, coordinates, JSON) are structured: read through their paths, compared as json-server does.
 */
export type ValueType = 'text' | 'number' | 'integer' | 'boolean';
export const VALUE_TYPE_OF_KIND: Partial<Record<Field['kind'], ValueType>> = {
  text: 'text',
  textarea: 'text',
  richText: 'text',
  email: 'text',
  url: 'text',
  phone: 'text',
  slug: 'text',
  password: 'text',
  select: 'text',
  date: 'text',
  dateTime: 'text',
  time: 'text',
  color: 'text',
  image: 'text',
  file: 'text',
  locale: 'text',
  number: 'number',
  money: 'number',
  boolean: 'boolean',
  reference: 'integer',
};

/** A list's index as JSON and JavaScript read it: digits without a leading zero. */
export const INDEX = /^(0|[1-9]\d*)$/;

/**
 * The value at a path of a record through its own keys only (an object's key, a list's index),
 * as JSONB has them: never a list's `length` nor an inherited `constructor` (lodash's `get` reads
 * both, which no SQL path can).
 */
export function valueAt(record: unknown, path: readonly string[]): unknown {
  let node = record;
  for (const key of path) {
    if (Array.isArray(node)) {
      if (!INDEX.test(key)) return undefined;
      node = node[Number(key)];
    } else if (typeof node === 'object' && node !== null && Object.hasOwn(node, key)) {
      node = (node as Record<string, unknown>)[key];
    } else {
      return undefined;
    }
  }
  return node;
}
export interface Sort {
  field: string;
  order: 'asc' | 'desc';
}
/**
 * A json-server 0.17 list query as data (what a PostgreSQL store would translate to SQL).
 * Paging modes, first match wins: `page` (+ `limit`, 10 by default), `end` (+ `start`),
 * `limit` (+ `start`); `start` alone does not slice, as in json-server.
 */
export interface Query {
  filters: Filter[];
  /** Full-text search, lower-cased; `''` (from `q=&q=x`) matches nothing, as in json-server. */
  q?: string;
  sort: Sort[];
  start?: number;
  end?: number;
  limit?: number;
  page?: number;
}

/** json-server's own parameters besides `q`; any other `_` key is not a filter. */
const PARAMS = ['_start', '_end', '_limit', '_page', '_sort', '_order'] as const;
const SUFFIX = /_(ne|gte|lte|like)$/;

/** Express's simple parser yields string | string[]; nothing else is a query value. */
function valuesOf(raw: unknown): string[] {
  const values: unknown[] = Array.isArray(raw) ? raw : [raw];
  return values.filter((value): value is string => typeof value === 'string');
}

/**
 * A json-server parameter as the single string it reads: it tests the raw value's truthiness
 * ('' is absent, an array is present) and `parseInt` sees an array as `a,b`.
 */
function scalar(raw: unknown): string | undefined {
  const values = valuesOf(raw);
  if (values.length === 0 || (!Array.isArray(raw) && values[0] === '')) return undefined;
  return values.join(',');
}

/** `parseInt`, with NaN as 0: `slice(x, NaN)` and `slice(x, 0)` select the same rows. */
function toInt(text: string | undefined): number {
  return parseInt(text ?? '', 10) || 0;
}

/** Parses Express's simple query object (values string | string[]). Ignores `callback`, `_`, and any other `_`-prefixed key that is not one of json-server's (_start,_end,_limit,_page,_sort,_order). */
export function parseQuery(raw: Record<string, unknown>): Query {
  const filters: Filter[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const values = valuesOf(value);
    if (key === 'q' || key === 'callback' || key.startsWith('_') || values.length === 0) continue;
    const suffix = SUFFIX.exec(key);
    const field = suffix ? key.slice(0, suffix.index) : key;
    const op = suffix ? (suffix[1] as FilterOp) : 'eq';
    filters.push({ key, field, path: toPath(field), op, values });
  }

  const [start, end, limit, page, sortText, orderText] = PARAMS.map((name) => scalar(raw[name]));
  const orders = (orderText ?? '').split(',').map((order) => order.toLowerCase());
  const sort: Sort[] = (sortText?.split(',') ?? []).map((field, index) => ({
    field,
    // lodash's orderBy sorts descending only for exactly 'desc'.
    order: orders[index] === 'desc' ? 'desc' : 'asc',
  }));

  const query: Query = { filters, sort };
  // json-server searches whenever `q` is truthy: an array gives its first value, even ''.
  const q = Array.isArray(raw.q) ? (valuesOf(raw.q)[0] ?? '') : scalar(raw.q);
  if (q !== undefined) query.q = q.toLowerCase();

  if (page !== undefined) {
    const number = parseInt(page, 10);
    query.page = number >= 1 ? number : 1;
    query.limit = toInt(limit) || 10;
  } else if (end !== undefined) {
    query.start = toInt(start);
    query.end = toInt(end);
  } else if (limit !== undefined) {
    query.start = toInt(start);
    query.limit = toInt(limit);
  }
  return query;
}

/** The same query without pagination (for totals over what a list selects). */
export function withoutPaging(query: Query): Query {
  const { filters, q, sort } = query;
  return q === undefined ? { filters, sort } : { filters, q, sort };
}

export interface QueryResult<T> {
  rows: T[];
  total: number;
  /** json-server only sends X-Total-Count/paginates when one of _end/_limit/_page is set */
  paged: boolean;
}
export interface RunOptions<T> {
  /** Fields that always filter, even when no record has them (json-server silently drops filters on a key that no record has; for declared fields that is a bug: `?status=x` on a collection whose records lack `status` must return nothing, not everything). */
  knownFields?: ReadonlySet<string>;
  /**
   * The fields `q` searches (their values, deeply), e.g. the declared fields a caller may read;
   * the whole record when omitted (json-server's own behaviour).
   */
  search?: readonly (keyof T & string)[];
}

/** lodash-id's `deepQuery` (json-server mixins): a truthy leaf whose text contains `q`. */
function deepQuery(value: unknown, q: string): boolean {
  if (!value || !q) return false;
  if (typeof value === 'object' || typeof value === 'function') {
    return Object.values(value).some((item) => deepQuery(item, q));
  }
  return String(value).toLowerCase().includes(q);
}

/** json-server compiles `_like` as a RegExp; an invalid one (which made it throw) is a literal. */
function likeRegExp(value: string): RegExp {
  try {
    return new RegExp(value, 'i');
  } catch {
    return new RegExp(escapeRegExp(value), 'i');
  }
}

/**
 * JS's loose `a <= b`, as json-server writes it (`'10' <= 9` compares numbers, two strings
 * compare lexically); the casts only quiet the type checker.
 */
function looseLte(a: unknown, b: unknown): boolean {
  return (a as number) <= (b as number);
}

function matcher(op: FilterOp, value: string): (element: unknown) => boolean {
  switch (op) {
    case 'eq':
      return (element) => String(element) === value;
    case 'ne':
      return (element) => String(element) !== value;
    case 'gte':
      return (element) => looseLte(value, element);
    case 'lte':
      return (element) => looseLte(element, value);
    case 'like': {
      const regExp = likeRegExp(value);
      return (element) => regExp.test(String(element));
    }
  }
}

function predicate({ path, op, values }: Filter): (row: object) => boolean {
  const matchers = values.map((value) => matcher(op, value));
  return (row) => {
    const element = valueAt(row, path);
    // json-server maps a missing/null value to `undefined`, which fails both its `||` and `&&`.
    if (element === undefined || element === null) return false;
    return op === 'ne'
      ? matchers.every((match) => match(element))
      : matchers.some((match) => match(element));
  };
}

/** Runs a query the way json-server's `GET /<collection>` does: filter, sort, slice, copy. */
export function runQuery<T extends object>(
  rows: readonly T[],
  query: Query,
  options: RunOptions<T> = {},
): QueryResult<T> {
  const { knownFields, search } = options;
  const searchable = (row: T): unknown =>
    search ? search.map((field) => (row as Record<string, unknown>)[field]) : row;
  const isKnown = (field: string) =>
    knownFields !== undefined && (knownFields.has(field) || knownFields.has(toPath(field)[0]));
  // json-server drops a plain filter whose key no record has; suffixed ones always apply.
  const tests = query.filters
    .filter(
      ({ key, field, op }) => op !== 'eq' || isKnown(field) || rows.some((row) => has(row, key)),
    )
    .map(predicate);

  const { q } = query;
  let selected = rows.filter(
    (row) => (q === undefined || deepQuery(searchable(row), q)) && tests.every((test) => test(row)),
  );
  if (query.sort.length > 0) {
    selected = orderBy(
      selected,
      query.sort.map((sort) => {
        const path = toPath(sort.field);
        return (row: T) => valueAt(row, path);
      }),
      query.sort.map((sort) => sort.order),
    );
  }

  const { start = 0, end, limit, page } = query;
  const total = selected.length;
  if (page !== undefined) {
    const perPage = limit || 10;
    selected = selected.slice((page - 1) * perPage, page * perPage);
  } else if (end !== undefined) {
    selected = selected.slice(start, end);
  } else if (limit !== undefined) {
    selected = selected.slice(start, start + limit);
  }
  // Copies, as json-server's `cloneDeep`: callers must not reach the stored records.
  return {
    rows: cloneDeep(selected),
    total,
    paged: page !== undefined || end !== undefined || limit !== undefined,
  };
}
