import type { Resource } from '../../../src/schema/resource';
import { VALUE_TYPE_OF_KIND, type ValueType } from '../query';
import { SERVER_COLLECTIONS } from '../types';

/**
 * The PostgreSQL schema, generated from the declarations (as Keystone generates its own): one
 * table per collection. A record is stored whole in `doc` (JSONB: a stored null stays a null, an
 * absent field stays absent, so both stores answer alike); every scalar field gets a typed column
 * generated from it, which carries the indexes, unique rules and foreign keys. `seq` keeps the
 * order records were stored in (json-server lists unsorted records in that order).
 */
export type ColumnType = 'text' | 'double precision' | 'bigint' | 'boolean';

export interface Column {
  name: string;
  type: ColumnType;
}

export interface TableSpec {
  name: string;
  columns: Column[];
  /** Plain indexes: each a list of columns (`seq` allowed). */
  indexes: string[][];
  /** Unique rules: `column` unique (text compared lower-cased) within `per`. */
  uniques: { column: string; per: string[]; caseless: boolean }[];
  /** Columns that must name an existing record of another collection. */
  references: { column: string; table: string }[];
}

/** The column of a scalar field's values (store/query.ts); structured kinds are read from `doc`. */
const COLUMN_OF_VALUE: Record<ValueType, ColumnType> = {
  text: 'text',
  number: 'double precision',
  integer: 'bigint',
  boolean: 'boolean',
};

/** The server's own collections: their typed columns and lookups (mock-server/store/types). */
const SERVER_TABLES: Record<(typeof SERVER_COLLECTIONS)[number], Omit<TableSpec, 'name'>> = {
  passwordResets: {
    columns: [
      { name: 'userId', type: 'bigint' },
      { name: 'tokenHash', type: 'text' },
      { name: 'expiresAt', type: 'text' },
    ],
    indexes: [['userId'], ['tokenHash'], ['expiresAt']],
    uniques: [],
    references: [],
  },
  emailVerifications: {
    columns: [
      { name: 'userId', type: 'bigint' },
      { name: 'tokenHash', type: 'text' },
    ],
    indexes: [['userId'], ['tokenHash']],
    uniques: [],
    references: [],
  },
  impersonations: {
    columns: [
      { name: 'adminId', type: 'bigint' },
      { name: 'userId', type: 'bigint' },
    ],
    indexes: [['adminId'], ['userId']],
    uniques: [],
    references: [],
  },
  uploads: {
    columns: [
      { name: 'url', type: 'text' },
      { name: 'ownerId', type: 'bigint' },
      { name: 'createdAt', type: 'text' },
    ],
    indexes: [['ownerId'], ['createdAt']],
    uniques: [{ column: 'url', per: [], caseless: false }],
    references: [],
  },
  oauthStates: {
    columns: [
      { name: 'stateHash', type: 'text' },
      { name: 'expiresAt', type: 'text' },
    ],
    indexes: [['stateHash'], ['expiresAt']],
    uniques: [],
    references: [],
  },
};

/** The typed columns the engine adds to a declared resource's records. */
function systemColumns(resource: Resource): Column[] {
  return [
    ...(resource.owned ? [{ name: 'ownerId', type: 'bigint' as const }] : []),
    ...(resource.localized
      ? [
          { name: 'groupId', type: 'text' as const },
          { name: 'needsTranslation', type: 'boolean' as const },
        ]
      : []),
    ...(resource.timestamps
      ? [
          { name: 'createdAt', type: 'text' as const },
          { name: 'updatedAt', type: 'text' as const },
        ]
      : []),
  ];
}

/** A declared resource's table: its scalar fields typed, its rules as indexes and keys. */
export function tableOf(resource: Resource, collections: ReadonlySet<string>): TableSpec {
  const columns = systemColumns(resource);
  const indexes: string[][] = [];
  const uniques: TableSpec['uniques'] = [];
  const references: TableSpec['references'] = [];
  const prefix = resource.owned ? ['ownerId'] : [];
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.transient || columns.some((column) => column.name === name)) continue;
    const value = VALUE_TYPE_OF_KIND[field.kind];
    if (!value) continue;
    const type = COLUMN_OF_VALUE[value];
    columns.push({ name, type });
    // What lists sort and filter by is indexed, within the owner for a tenant's records.
    if (field.list?.sort || field.list?.filter || name === 'position' || name === 'locale') {
      indexes.push([...prefix, name]);
    }
    if (field.unique) {
      const per = typeof field.unique === 'object' ? [...field.unique.per] : [];
      uniques.push({ column: name, per, caseless: type === 'text' });
    }
    if (field.kind === 'reference' && collections.has(field.resource)) {
      references.push({ column: name, table: field.resource });
      indexes.push([name]);
    }
  }
  if (resource.owned) {
    indexes.push(['ownerId', 'seq']);
    if (collections.has('users')) references.push({ column: 'ownerId', table: 'users' });
  }
  if (resource.localized) indexes.push(['groupId']);
  // A global reference that lists filter by would get the same index twice (one name: refused).
  const distinct = [...new Map(indexes.map((index) => [index.join(','), index])).values()];
  return { name: resource.name, columns, indexes: distinct, uniques, references };
}

/** Every table of a registry: the declared collections and the server's own. */
export function tablesOf(resources: readonly Resource[]): TableSpec[] {
  const names = new Set([...resources.map((resource) => resource.name), ...SERVER_COLLECTIONS]);
  return [
    ...resources.map((resource) => tableOf(resource, names)),
    ...SERVER_COLLECTIONS.map((name) => ({ name, ...SERVER_TABLES[name] })),
  ];
}

/** A quoted SQL identifier. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The expression a typed column is generated from: the field of `doc`, when it has that type. */
export function generatedFrom(column: Column): string {
  const value = `doc -> ${literal(column.name)}`;
  const text = `doc ->> ${literal(column.name)}`;
  switch (column.type) {
    case 'text':
      return `CASE WHEN jsonb_typeof(${value}) = 'string' THEN ${text} END`;
    case 'double precision':
      return `CASE WHEN jsonb_typeof(${value}) = 'number' THEN (${text})::double precision END`;
    case 'bigint':
      return `CASE WHEN jsonb_typeof(${value}) = 'number' THEN round((${text})::numeric)::bigint END`;
    case 'boolean':
      return `CASE WHEN jsonb_typeof(${value}) = 'boolean' THEN (${text})::boolean END`;
  }
}

/** A SQL string literal (for names in DDL; values always go as parameters). */
export const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** A short, stable name for an index or constraint (PostgreSQL keeps 63 bytes of a name). */
export function objectName(kind: string, table: string, columns: readonly string[]): string {
  const full = `${table}_${columns.join('_')}_${kind}`.replace(/[^A-Za-z0-9_]/g, '_');
  if (full.length <= 60) return full;
  let hash = 0;
  for (const char of full) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return `${full.slice(0, 48)}_${(hash >>> 0).toString(36)}`;
}

/** The sequence that counts a collection's records (ids are never given twice). */
export const sequenceOf = (table: string): string => ident(`${table}__ids`);
