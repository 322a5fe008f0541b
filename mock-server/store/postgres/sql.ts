import toPath from 'lodash/toPath.js';
import type { Condition, Scalar, Where } from '../../../src/schema/access';
import type { Order } from '../../../src/schema/store';
import { INDEX, type Filter, type Query } from '../query';
import { ident, literal, type Column, type TableSpec } from './schema';

/**
 * Queries as data, written as SQL with parameters: the port's `Where` (strict, typed) and
 * json-server 0.17's list query language (loose, as json-server compares: `String(value)`).
 */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const ID: Column = { name: 'id', type: 'bigint' };
const columnOf = (table: TableSpec, name: string): Column | undefined =>
  name === 'id' ? ID : table.columns.find((column) => column.name === name);

/**
 * The JSON value at a path of the record, key by key as JavaScript reads it (store/query.ts
 * `valueAt`): a key that is a list index (`0`, `12`) reads a list's item or an object's key of that
 * name; any other key only an object's. Keys come checked (no NUL: listQuery.ts) and quoted.
 */
const jsonAt = (path: readonly string[]): string =>
  path.reduce(
    (json, key) =>
      INDEX.test(key) ? `(${json} #> ${literal(`{${key}}`)})` : `(${json} -> ${literal(key)})`,
    'doc',
  );
const textAt = (path: readonly string[]): string => `(${jsonAt(path)} #>> '{}')`;

const TYPE_OF_JS = { string: 'text', number: 'double precision', boolean: 'boolean' } as const;

/** A typed column fit for comparing with a JavaScript value of this type, if any. */
function typedColumn(table: TableSpec, field: string, value: Scalar): string | undefined {
  const column = columnOf(table, field);
  if (!column || value === null) return undefined;
  const wanted = TYPE_OF_JS[typeof value as keyof typeof TYPE_OF_JS];
  const fits = column.type === wanted || (column.type === 'bigint' && typeof value === 'number');
  return fits ? ident(field) : undefined;
}

/**
 * Whether a value holds a NUL character: PostgreSQL's text and JSONB cannot (a write with one
 * is refused), so a condition on such a value matches no stored record.
 */
const hasNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : Array.isArray(value)
      ? value.some(hasNul)
      : typeof value === 'object' && value !== null && Object.values(value).some(hasNul);

function condition(table: TableSpec, field: string, test: Condition, params: Params): string {
  if (hasNul(test))
    return typeof test === 'object' && test !== null && 'ne' in test ? 'TRUE' : 'FALSE';
  const json = jsonAt([field]);
  if (test === null || typeof test !== 'object') {
    const column = typedColumn(table, field, test);
    if (column) return `${column} = ${params.add(test)}`;
    return `${json} = ${params.add(JSON.stringify(test))}::jsonb`;
  }
  if ('in' in test) {
    if (test.in.length === 0) return 'FALSE';
    const [first] = test.in;
    const sameType = test.in.every((value) => value !== null && typeof value === typeof first);
    const column = sameType ? typedColumn(table, field, first!) : undefined;
    if (column) return `${column} = ANY(${params.add(test.in)})`;
    return `${json} = ANY(${params.add(test.in.map((value) => JSON.stringify(value)))}::jsonb[])`;
  }
  if ('ne' in test) return `${json} IS DISTINCT FROM ${params.add(JSON.stringify(test.ne))}::jsonb`;
  if ('caseless' in test) {
    const column = typedColumn(table, field, test.caseless);
    const text =
      column ?? `(CASE WHEN jsonb_typeof(${json}) = 'string' THEN ${textAt([field])} END)`;
    return `lower(${text}) = lower(${params.add(test.caseless)})`;
  }
  const [op, bound] = Object.entries(test)[0] as [string, string | number];
  const sign = { lt: '<', lte: '<=', gt: '>', gte: '>=' }[op]!;
  const column = typedColumn(table, field, bound);
  if (typeof bound === 'number') {
    const value =
      column ??
      `(CASE WHEN jsonb_typeof(${json}) = 'number' THEN ${textAt([field])}::double precision END)`;
    return `${value} ${sign} ${params.add(bound)}`;
  }
  const value =
    column ?? `(CASE WHEN jsonb_typeof(${json}) = 'string' THEN ${textAt([field])} END)`;
  return `${value} COLLATE "C" ${sign} ${params.add(bound)}`;
}

/** A `Where` (or the access answer `true`) as a SQL condition. */
export function whereSql(
  table: TableSpec,
  where: Where | true | undefined,
  params: Params,
): string {
  if (where === true || where === undefined) return 'TRUE';
  const parts = Object.entries(where).flatMap(([field, test]) => {
    if (test === undefined) return [];
    if (field === 'or') {
      const branches = (test as readonly Where[]).map((branch) => whereSql(table, branch, params));
      return [branches.length ? `(${branches.join(' OR ')})` : 'FALSE'];
    }
    return [condition(table, field, test as Condition, params)];
  });
  return parts.length ? parts.map((part) => `(${part})`).join(' AND ') : 'TRUE';
}

/** `String(value)` of a JavaScript number, if `text` is one (json-server's equality). */
const asNumber = (text: string): number | undefined => {
  const value = Number(text);
  return text.trim() !== '' && String(value) === text ? value : undefined;
};

/**
 * One json-server filter: `String(element) === value` (eq), `!==` for every value (ne), JS's
 * loose `<=` (gte, lte), a case-insensitive regular expression (like). A missing or null value
 * fails every filter.
 */
function filterSql(table: TableSpec, filter: Filter, params: Params): string {
  const { path } = filter;
  const column = path.length === 1 ? columnOf(table, path[0]!) : undefined;
  const parts = filter.values.map((value) => {
    if (hasNul(value)) return filter.op === 'ne' ? 'TRUE' : 'FALSE';
    const text = column ? `${ident(column.name)}::text` : stringOf(jsonAt(path));
    switch (filter.op) {
      case 'eq':
      case 'ne': {
        const sign = filter.op === 'eq' ? '=' : '<>';
        if (column?.type === 'double precision' || column?.type === 'bigint') {
          const number = asNumber(value);
          if (number === undefined || (column.type === 'bigint' && !Number.isInteger(number))) {
            return filter.op === 'eq' ? 'FALSE' : `${ident(column.name)} IS NOT NULL`;
          }
          return `${ident(column.name)} ${sign} ${params.add(number)}`;
        }
        if (column?.type === 'boolean') {
          if (value !== 'true' && value !== 'false') {
            return filter.op === 'eq' ? 'FALSE' : `${ident(column.name)} IS NOT NULL`;
          }
          return `${ident(column.name)} ${sign} ${params.add(value === 'true')}`;
        }
        // A text column as it is (its byte-order collation is its indexes' too).
        if (column) return `${ident(column.name)} ${sign} ${params.add(value)}`;
        return `${text} ${sign} ${params.add(value)}`;
      }
      case 'like':
        return `${text} ~* ${params.add(likePattern(value))}`;
      case 'gte':
      case 'lte': {
        const sign = filter.op === 'gte' ? '>=' : '<=';
        if (column?.type === 'text')
          return `${ident(column.name)} COLLATE "C" ${sign} ${params.add(value)}`;
        // JavaScript's loose `<=` of a number and a text: the text as a number (NaN: false).
        // A parameter only where one is used (PostgreSQL cannot type an unused one), typed.
        const number = Number(value);
        const numeric = Number.isNaN(number)
          ? undefined
          : () => `${params.add(number)}::double precision`;
        if (column?.type === 'boolean') {
          return numeric ? `${ident(column.name)}::int ${sign} ${numeric()}` : 'FALSE';
        }
        if (column) return numeric ? `${ident(column.name)} ${sign} ${numeric()}` : 'FALSE';
        const json = jsonAt(path);
        return `(CASE jsonb_typeof(${json})
          WHEN 'string' THEN ${textAt(path)} COLLATE "C" ${sign} ${params.add(value)}
          WHEN 'number' THEN ${numeric ? `${textAt(path)}::double precision ${sign} ${numeric()}` : 'FALSE'}
          WHEN 'boolean' THEN ${numeric ? `${textAt(path)}::boolean::int ${sign} ${numeric()}` : 'FALSE'}
          WHEN 'array' THEN ${stringOf(json)} COLLATE "C" ${sign} ${params.add(value)}
          WHEN 'object' THEN '[object Object]' COLLATE "C" ${sign} ${params.add(value)}
          ELSE FALSE END)`;
      }
    }
  });
  const joined = parts.join(filter.op === 'ne' ? ' AND ' : ' OR ');
  return `(${joined})`;
}

/**
 * JavaScript's `String(value)` of a JSON value, as json-server compares it: a list is its items
 * joined with commas (an item that is an object: '[object Object]', null: ''), an object is
 * '[object Object]', anything else its text.
 */
function stringOf(json: string): string {
  const item = `CASE jsonb_typeof(item) WHEN 'object' THEN '[object Object]' WHEN 'null' THEN '' ELSE item #>> '{}' END`;
  return `(CASE jsonb_typeof(${json})
    WHEN 'array' THEN (SELECT coalesce(string_agg(${item}, ',' ORDER BY n), '') FROM jsonb_array_elements(${json}) WITH ORDINALITY AS items(item, n))
    WHEN 'object' THEN '[object Object]'
    ELSE ${json} #>> '{}' END)`;
}

/** json-server compiles `_like` as a JavaScript RegExp; an invalid one is taken literally. */
function likePattern(value: string): string {
  try {
    new RegExp(value, 'i');
    return value;
  } catch {
    return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
}

/** `q`: a truthy value of one of the searched fields (deeply) contains the text, any case. */
function searchSql(table: TableSpec, q: string, fields: readonly string[], params: Params): string {
  if (q === '' || fields.length === 0 || hasNul(q)) return 'FALSE';
  const pattern = params.add(`%${q.replace(/[\\%_]/g, '\\$&')}%`);
  const parts = fields.map((field) => {
    const column = columnOf(table, field);
    const name = column && ident(column.name);
    switch (column?.type) {
      case 'text':
        return `${name} ILIKE ${pattern}`;
      case 'boolean':
        return `(${name} AND 'true' ILIKE ${pattern})`;
      case 'double precision':
      case 'bigint':
        return `(${name} <> 0 AND ${name}::text ILIKE ${pattern})`;
      default:
        return `EXISTS (SELECT 1 FROM jsonb_path_query(${jsonAt([field])}, 'strict $.**') AS leaf(v)
          WHERE jsonb_typeof(v) IN ('string', 'number', 'boolean')
            AND v NOT IN ('""'::jsonb, '0'::jsonb, 'false'::jsonb)
            AND v #>> '{}' ILIKE ${pattern})`;
    }
  });
  return `(${parts.join(' OR ')})`;
}

/** The WHERE clause of a list query over what `where` selects. */
export function listWhereSql(
  table: TableSpec,
  query: Query,
  where: Where | true,
  search: readonly string[] | undefined,
  params: Params,
): string {
  const parts = [whereSql(table, where, params)];
  for (const filter of query.filters) parts.push(filterSql(table, filter, params));
  if (query.q !== undefined) {
    const fields = search ?? table.columns.map((column) => column.name);
    parts.push(searchSql(table, query.q, fields, params));
  }
  return parts.map((part) => `(${part})`).join(' AND ');
}

/**
 * ORDER BY: typed columns as their type (texts by code point, as JavaScript compares), other
 * values as lodash's `orderBy` compares them where it can: numbers and booleans as such, texts by
 * code point, a list or an object as its `String()` (`a,b`, `[object Object]`); nulls and missing
 * values last (first descending). Values of mixed types may order otherwise; ties in stored order.
 */
export function orderSql(table: TableSpec, sort: readonly Order[]): string {
  const keys = sort.flatMap(({ field, order }) => {
    const path = toPath(field);
    const column = path.length === 1 ? columnOf(table, path[0]!) : undefined;
    const direction = order === 'desc' ? 'DESC' : 'ASC';
    if (column?.type === 'text') return [`${ident(column.name)} COLLATE "C" ${direction}`];
    if (column) return [`${ident(column.name)} ${direction}`];
    const json = jsonAt(path);
    return [
      `(CASE WHEN jsonb_typeof(${json}) IN ('number', 'boolean') THEN ${json} END) ${direction}`,
      `(CASE jsonb_typeof(${json}) WHEN 'string' THEN ${textAt(path)}
        WHEN 'array' THEN ${stringOf(json)} WHEN 'object' THEN '[object Object]' END) COLLATE "C" ${direction}`,
    ];
  });
  return [...keys, 'seq ASC'].join(', ');
}

/** LIMIT/OFFSET of a json-server query, or '' for all. */
export function pageSql(query: Query): { sql: string; paged: boolean } {
  const { start = 0, end, limit, page } = query;
  if (page !== undefined) {
    const size = limit || 10;
    return { sql: `LIMIT ${size} OFFSET ${(page - 1) * size}`, paged: true };
  }
  if (end !== undefined) {
    return { sql: `LIMIT ${Math.max(0, end - start)} OFFSET ${Math.max(0, start)}`, paged: true };
  }
  if (limit !== undefined)
    return { sql: `LIMIT ${Math.max(0, limit)} OFFSET ${Math.max(0, start)}`, paged: true };
  return { sql: '', paged: false };
}
