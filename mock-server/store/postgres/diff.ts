import {
  convertField,
  renameField,
  type Documents,
  type Migration,
  type Migrations,
  type ValueKind,
} from '../migrations';
import {
  generatedFrom,
  ident,
  literal,
  objectName,
  sequenceOf,
  type Column,
  type ColumnType,
  type TableSpec,
} from './schema';

/**
 * The changes from one set of tables (the last migration's snapshot) to another (the
 * declarations'), as PostgreSQL statements up and down. Every statement is written out; the ones
 * that lose or rewrite something carry a note saying what (a migration file shows them as
 * comments). Statements are idempotent (IF [NOT] EXISTS), so the first migration also brings a
 * database made before migration files to the same place.
 */
export interface Step {
  sql: string;
  /** What a reviewer must know: shown above the statement. */
  note?: string;
  /** Drops data, or changes how stored values are read. */
  destructive?: boolean;
}

/** A data step of the plan, as code the file states and as the run itself. */
export type DataCall =
  | { kind: 'rename'; collection: string; from: string; to: string }
  | { kind: 'convert'; collection: string; field: string; to: ValueKind };

export interface Plan {
  up: Step[];
  down: Step[];
  dataUp: DataCall[];
  dataDown: DataCall[];
}

/** A field renamed by hand (`--rename table.old=new`): a diff alone sees a drop and an add. */
export interface Rename {
  table: string;
  from: string;
  to: string;
}

const VALUE_KIND: Record<ColumnType, ValueKind> = {
  text: 'text',
  'double precision': 'number',
  bigint: 'integer',
  boolean: 'boolean',
};

const columnSql = (column: Column): string =>
  `${ident(column.name)} ${column.type}${column.type === 'text' ? ' COLLATE "C"' : ''} ` +
  `GENERATED ALWAYS AS (${generatedFrom(column)}) STORED`;

type Unique = TableSpec['uniques'][number];
type Reference = TableSpec['references'][number];

const indexName = (table: string, columns: readonly string[]) => objectName('idx', table, columns);
const uniqueName = (table: string, unique: Unique) =>
  objectName('key', table, [...unique.per, unique.column]);
const keyName = (table: string, reference: Reference) =>
  objectName('fkey', table, [reference.column]);

const createIndex = (table: string, columns: readonly string[]) =>
  `CREATE INDEX IF NOT EXISTS ${ident(indexName(table, columns))} ON ${ident(table)} (${columns
    .map(ident)
    .join(', ')})`;

function createUnique(table: string, unique: Unique): string {
  const value = unique.caseless ? `lower(${ident(unique.column)})` : ident(unique.column);
  const partial = unique.caseless ? ` WHERE ${ident(unique.column)} <> ''` : '';
  return (
    `CREATE UNIQUE INDEX IF NOT EXISTS ${ident(uniqueName(table, unique))} ON ${ident(table)} ` +
    `(${[...unique.per.map(ident), value].join(', ')})${partial}`
  );
}

// NOT VALID: rows stored before the rule are not re-checked; every new write is. PostgreSQL has
// no ADD CONSTRAINT IF NOT EXISTS, hence the block.
const addKey = (table: string, reference: Reference) => {
  const name = keyName(table, reference);
  return (
    `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = ${literal(name)}) THEN ` +
    `ALTER TABLE ${ident(table)} ADD CONSTRAINT ${ident(name)} FOREIGN KEY (${ident(reference.column)}) ` +
    `REFERENCES ${ident(reference.table)} (id) DEFERRABLE INITIALLY DEFERRED NOT VALID; END IF; END $$`
  );
};
const dropKey = (table: string, reference: Reference) =>
  `ALTER TABLE ${ident(table)} DROP CONSTRAINT IF EXISTS ${ident(keyName(table, reference))}`;
const dropIndex = (name: string) => `DROP INDEX IF EXISTS ${ident(name)}`;

/** A table's statements, whole: the table, its id sequence, its lookups (keys separately). */
function createTable(table: TableSpec): Step[] {
  const columns = table.columns.map((column) => `,\n  ${columnSql(column)}`).join('');
  return [
    {
      sql: `CREATE TABLE IF NOT EXISTS ${ident(table.name)} (\n  id bigint PRIMARY KEY,\n  seq bigserial NOT NULL,\n  doc jsonb NOT NULL${columns}\n)`,
    },
    { sql: `CREATE SEQUENCE IF NOT EXISTS ${sequenceOf(table.name)}` },
    ...table.indexes.map((columns) => ({ sql: createIndex(table.name, columns) })),
    ...table.uniques.map((unique) => ({ sql: createUnique(table.name, unique) })),
  ];
}

const dropTable = (table: TableSpec): Step[] => [
  { sql: `DROP TABLE IF EXISTS ${ident(table.name)} CASCADE` },
  { sql: `DROP SEQUENCE IF EXISTS ${sequenceOf(table.name)}` },
];

const byName = <T extends { name: string }>(items: readonly T[]) =>
  new Map(items.map((item) => [item.name, item]));

/** The lookups of a table by their object names (what PostgreSQL knows them as). */
function lookups(table: TableSpec) {
  return {
    indexes: new Map(table.indexes.map((columns) => [indexName(table.name, columns), columns])),
    uniques: new Map(table.uniques.map((unique) => [uniqueName(table.name, unique), unique])),
    keys: new Map(table.references.map((reference) => [keyName(table.name, reference), reference])),
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The statements from `before` to `after` (one direction; `plan` runs it both ways). */
function forward(
  before: readonly TableSpec[],
  after: readonly TableSpec[],
  renames: readonly Rename[],
): { steps: Step[]; keys: Step[]; data: DataCall[] } {
  const steps: Step[] = [];
  // Foreign keys last: the tables they point at exist by then.
  const keys: Step[] = [];
  const data: DataCall[] = [];
  const old = byName(before);
  for (const table of after) {
    const was = old.get(table.name);
    if (!was) {
      steps.push(...createTable(table));
      keys.push(...table.references.map((reference) => ({ sql: addKey(table.name, reference) })));
      continue;
    }
    const name = table.name;
    const oldColumns = byName(was.columns);
    const newColumns = byName(table.columns);
    // Columns whose type changes are dropped with their lookups and made again.
    const retyped = new Set<string>();
    for (const rename of renames.filter((rename) => rename.table === name)) {
      data.push({ kind: 'rename', collection: name, from: rename.from, to: rename.to });
    }
    for (const column of was.columns) {
      const now = newColumns.get(column.name);
      if (!now) {
        const renamed = renames.find(
          (rename) => rename.table === name && rename.from === column.name,
        );
        steps.push({
          sql: `ALTER TABLE ${ident(name)} DROP COLUMN IF EXISTS ${ident(column.name)}`,
          note: renamed
            ? `Renamed to "${renamed.to}": the data step moves each record's value to it (its typed column follows).`
            : `The field "${column.name}" is no longer declared: its typed column and lookups go; the records keep their values.`,
        });
      } else if (now.type !== column.type) {
        retyped.add(column.name);
        steps.push({
          sql: `ALTER TABLE ${ident(name)} DROP COLUMN IF EXISTS ${ident(column.name)}`,
          note: `DESTRUCTIVE: "${name}"."${column.name}" changes type from ${column.type} to ${now.type}. The column and its lookups are made again; the data step converts each record's value (one without a faithful ${now.type} form is kept as it is, and its typed column stays empty).`,
          destructive: true,
        });
        steps.push({
          sql: `ALTER TABLE ${ident(name)} ADD COLUMN IF NOT EXISTS ${columnSql(now)}`,
        });
        data.push({
          kind: 'convert',
          collection: name,
          field: column.name,
          to: VALUE_KIND[now.type],
        });
      }
    }
    for (const column of table.columns) {
      if (!oldColumns.has(column.name)) {
        steps.push({
          sql: `ALTER TABLE ${ident(name)} ADD COLUMN IF NOT EXISTS ${columnSql(column)}`,
        });
      }
    }
    const touches = (columns: readonly string[]) => columns.some((column) => retyped.has(column));
    const from = lookups(was);
    const to = lookups(table);
    // A lookup of a dropped column went with it; IF EXISTS keeps its own drop harmless.
    for (const index of from.indexes.keys()) {
      if (!to.indexes.has(index)) steps.push({ sql: dropIndex(index) });
    }
    for (const [index, unique] of from.uniques) {
      const kept = to.uniques.get(index);
      if (kept && sameJson(kept, unique)) continue;
      steps.push({
        sql: dropIndex(index),
        note: `The unique rule on "${name}"."${unique.column}"${unique.per.length ? ` per ${unique.per.join(', ')}` : ''} is lifted: equal values are accepted from now on.`,
      });
    }
    for (const [key, reference] of from.keys) {
      const kept = to.keys.get(key);
      if (!(kept && sameJson(kept, reference))) steps.push({ sql: dropKey(name, reference) });
    }
    for (const [index, columns] of to.indexes) {
      if (!from.indexes.has(index) || touches(columns))
        steps.push({ sql: createIndex(name, columns) });
    }
    for (const [index, unique] of to.uniques) {
      const had = from.uniques.get(index);
      if (had && sameJson(had, unique) && !touches([...unique.per, unique.column])) continue;
      steps.push({
        sql: createUnique(name, unique),
        note: `A unique rule on "${name}"."${unique.column}": fails if stored records already repeat a value.`,
      });
    }
    for (const [key, reference] of to.keys) {
      const had = from.keys.get(key);
      if (!(had && sameJson(had, reference)) || touches([reference.column])) {
        keys.push({ sql: addKey(name, reference) });
      }
    }
  }
  const now = byName(after);
  for (const table of before) {
    if (now.has(table.name)) continue;
    steps.push(
      ...dropTable(table).map((step, index) =>
        index === 0
          ? {
              ...step,
              note: `DESTRUCTIVE: drops the table "${table.name}" with every record in it.`,
              destructive: true,
            }
          : step,
      ),
    );
  }
  return { steps, keys, data };
}

/**
 * The migration from `before` to `after`: up and down statements, and data steps that run after
 * them (records live whole in `doc`; typed columns follow each record as it is written).
 */
export function plan(
  before: readonly TableSpec[],
  after: readonly TableSpec[],
  renames: readonly Rename[] = [],
): Plan {
  const up = forward(before, after, renames);
  const reversed = renames.map(({ table, from, to }) => ({ table, from: to, to: from }));
  const down = forward(after, before, reversed);
  return {
    up: [...up.steps, ...up.keys],
    down: [...down.steps, ...down.keys],
    dataUp: up.data,
    dataDown: down.data,
  };
}

/** Whether the plan changes nothing. */
export const isEmpty = (planned: Plan) => planned.up.length === 0 && planned.dataUp.length === 0;

const run = (calls: readonly DataCall[]) =>
  calls.length === 0
    ? undefined
    : async (docs: Documents) => {
        for (const call of calls) {
          await (
            call.kind === 'rename'
              ? renameField(call.collection, call.from, call.to)
              : convertField(call.collection, call.field, call.to)
          )(docs);
        }
      };

/** A plan as a migration to run (tests, and a registry without migration files of its own). */
export function migrationOf(name: string, planned: Plan): Migration {
  const up = run(planned.dataUp);
  const down = run(planned.dataDown);
  return {
    name,
    up: planned.up.map((step) => step.sql),
    down: planned.down.map((step) => step.sql),
    ...((up || down) && { data: { up, down } }),
  };
}

/** The one migration that makes a registry's tables from nothing (throwaway registries in tests). */
export const initialMigrations = (tables: readonly TableSpec[]): Migrations => ({
  list: [migrationOf('0000-initial', plan([], tables))],
  snapshot: tables,
});

/**
 * A registry's migrations plus one that makes the tables of throwaway declarations (tests add
 * resources to the product's registry; the product itself never gets this).
 */
export function withThrowawayTables(base: Migrations, tables: readonly TableSpec[]): Migrations {
  const extra = plan(base.snapshot, tables);
  if (isEmpty(extra)) return base;
  return {
    list: [...base.list, migrationOf('9999-throwaway-declarations', extra)],
    snapshot: tables,
  };
}
