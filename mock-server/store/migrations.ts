import type { TableSpec } from './postgres/schema';

type Row = Record<string, unknown>;

/**
 * The records as a migration's data step sees them, on either store: whole records of a
 * collection, read and written back in the migration's own transaction (PostgreSQL) or write
 * (the JSON file). Typed columns and indexes follow the records by themselves.
 */
export interface Documents {
  rows(collection: string): Promise<Row[]>;
  /** Stores the record (by its id) as given, whole. */
  put(collection: string, row: Row): Promise<void>;
}

/** One PostgreSQL statement of a migration, with what a reviewer must know about it. */
export type Statement = string;

/**
 * A migration file (mock-server/migrations): PostgreSQL statements up and down, written out by
 * `npm run db:migrate:new` from the declarations, and a data step for both stores when records
 * change shape (a renamed field, a new type).
 */
export interface Migration {
  /** The file's name without `.ts`: `0003-remove-unique-code`. Migrations run in name order. */
  name: string;
  up: readonly Statement[];
  down: readonly Statement[];
  data?: { up?: (docs: Documents) => Promise<void>; down?: (docs: Documents) => Promise<void> };
}

/** The migrations of a registry, and the tables they leave the database with. */
export interface Migrations {
  list: readonly Migration[];
  /** The tables after the last migration: the declarations must plan exactly these. */
  snapshot: readonly TableSpec[];
}

/** Why a store does not open: its declarations and its migrations disagree, or it is newer. */
export class MigrationRefused extends Error {}

/**
 * Refuses a store (`where`) that ran a migration this code does not have: a newer version of the
 * API migrated it.
 */
export function refuseUnknown(
  where: string,
  list: readonly Migration[],
  applied: readonly string[],
): void {
  const known = new Set(list.map((migration) => migration.name));
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length === 0) return;
  throw new MigrationRefused(
    `${where} has migration(s) this API does not know (${unknown.join(', ')}): it was migrated by a newer version. Update the API.`,
  );
}

/** A data step that renames a field in every record of a collection (`renameField`). */
export const renameField =
  (collection: string, from: string, to: string) => async (docs: Documents) => {
    for (const row of await docs.rows(collection)) {
      if (!Object.hasOwn(row, from)) continue;
      const { [from]: value, ...rest } = row;
      await docs.put(collection, { ...rest, [to]: value });
    }
  };

/** What a field's values become when its column type changes. */
export type ValueKind = 'text' | 'number' | 'integer' | 'boolean';

/**
 * A value in the new kind, or the value unchanged when it has no faithful form there (the record
 * keeps it; its typed column is then empty, as for any value of the wrong type).
 */
export function converted(value: unknown, to: ValueKind): unknown {
  if (value === null || value === undefined) return value;
  switch (to) {
    case 'text':
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    case 'number':
    case 'integer': {
      if (typeof value === 'boolean') return value;
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) return value;
      return to === 'integer' ? Math.round(number) : number;
    }
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
  }
}

/** A data step that converts a field's values in every record of a collection (`converted`). */
export const convertField =
  (collection: string, field: string, to: ValueKind) => async (docs: Documents) => {
    for (const row of await docs.rows(collection)) {
      if (!Object.hasOwn(row, field)) continue;
      const value = converted(row[field], to);
      if (value !== row[field]) await docs.put(collection, { ...row, [field]: value });
    }
  };
