import type pg from 'pg';
import {
  generatedFrom,
  ident,
  objectName,
  sequenceOf,
  type Column,
  type TableSpec,
} from './schema';
import type { SeedRows } from './store';

/**
 * The version of the PostgreSQL layout this code writes (meta tables, the id/seq/doc columns).
 * A database at a newer version is refused; the declarations' own changes are migrated below.
 */
export const PG_SCHEMA_VERSION = 1;

const LOCK_KEY = 727_274_101; // pg_advisory_lock key: one process migrates at a time.

/** A change the code will not make by itself (it would lose or rewrite data). */
export class DestructiveChange extends Error {}

interface ExistingColumn {
  table_name: string;
  column_name: string;
  data_type: string;
}

const columnSql = (column: Column): string =>
  `${ident(column.name)} ${column.type}${column.type === 'text' ? ' COLLATE "C"' : ''} ` +
  `GENERATED ALWAYS AS (${generatedFrom(column)}) STORED`;

/**
 * The server's own tables beside the declared ones: `_stay_hits`, the hits of every rate limit
 * (./limiter.ts), and `_stay_files`, uploaded files when UPLOADS_STORE=postgres (./files.ts). Times
 * are the API's clock in milliseconds, as the code counts them.
 */
const OWN_TABLES: Readonly<Record<string, readonly string[]>> = {
  _stay_hits: [
    `CREATE TABLE _stay_hits (
  id bigserial PRIMARY KEY,
  key text COLLATE "C" NOT NULL,
  at bigint NOT NULL,
  expires bigint NOT NULL
)`,
    'CREATE INDEX _stay_hits_key ON _stay_hits (key, at)',
    'CREATE INDEX _stay_hits_expires ON _stay_hits (expires)',
  ],
  _stay_files: [
    `CREATE TABLE _stay_files (
  tenant text COLLATE "C" NOT NULL,
  name text COLLATE "C" NOT NULL,
  type text NOT NULL,
  bytes bytea NOT NULL,
  size integer NOT NULL,
  created bigint NOT NULL,
  PRIMARY KEY (tenant, name)
)`,
    'CREATE INDEX _stay_files_created ON _stay_files (created)',
  ],
};

/** The statements that bring the database to the declarations: additive ones only. */
async function plan(client: pg.PoolClient, tables: readonly TableSpec[]): Promise<string[]> {
  const statements: string[] = [];
  // Foreign keys last: the tables they point at are created first.
  const keys: string[] = [];
  const existingColumns = await client.query<ExistingColumn>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
     WHERE table_schema = current_schema()`,
  );
  const columnsOf = new Map<string, Map<string, string>>();
  for (const row of existingColumns.rows) {
    if (!columnsOf.has(row.table_name)) columnsOf.set(row.table_name, new Map());
    columnsOf.get(row.table_name)!.set(row.column_name, row.data_type);
  }
  const indexNames = new Set(
    (
      await client.query<{ indexname: string }>(
        'SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()',
      )
    ).rows.map((row) => row.indexname),
  );
  const sequenceNames = new Set(
    (
      await client.query<{ relname: string }>(
        `SELECT relname FROM pg_class WHERE relkind = 'S' AND relnamespace = current_schema()::regnamespace`,
      )
    ).rows.map((row) => row.relname),
  );
  const constraintNames = new Set(
    (await client.query<{ conname: string }>('SELECT conname FROM pg_constraint')).rows.map(
      (row) => row.conname,
    ),
  );

  for (const [name, create] of Object.entries(OWN_TABLES)) {
    if (!columnsOf.has(name)) statements.push(...create);
  }
  for (const table of tables) {
    const existing = columnsOf.get(table.name);
    if (!existing) {
      statements.push(
        `CREATE TABLE ${ident(table.name)} (\n  id bigint PRIMARY KEY,\n  seq bigserial NOT NULL,\n  doc jsonb NOT NULL${table.columns
          .map((column) => `,\n  ${columnSql(column)}`)
          .join('')}\n)`,
      );
    } else {
      for (const column of table.columns) {
        const type = existing.get(column.name);
        if (type === undefined) {
          statements.push(`ALTER TABLE ${ident(table.name)} ADD COLUMN ${columnSql(column)}`);
        } else if (type !== column.type) {
          throw new DestructiveChange(
            `The declarations change column "${table.name}"."${column.name}" from ${type} to ${column.type}; ` +
              'that would rewrite stored data, so it is not done automatically. Migrate it by hand ' +
              `(e.g. ALTER TABLE "${table.name}" DROP COLUMN "${column.name}") after a backup (pg_dump), then start again.`,
          );
        }
      }
    }
    if (!sequenceNames.has(`${table.name}__ids`)) {
      statements.push(`CREATE SEQUENCE ${sequenceOf(table.name)}`);
    }
    for (const columns of table.indexes) {
      const name = objectName('idx', table.name, columns);
      if (indexNames.has(name)) continue;
      statements.push(
        `CREATE INDEX ${ident(name)} ON ${ident(table.name)} (${columns.map(ident).join(', ')})`,
      );
    }
    for (const { column, per, caseless } of table.uniques) {
      const name = objectName('key', table.name, [...per, column]);
      if (indexNames.has(name)) continue;
      const value = caseless ? `lower(${ident(column)})` : ident(column);
      const partial = caseless ? ` WHERE ${ident(column)} <> ''` : '';
      statements.push(
        `CREATE UNIQUE INDEX ${ident(name)} ON ${ident(table.name)} (${[...per.map(ident), value].join(', ')})${partial}`,
      );
    }
    for (const { column, table: target } of table.references) {
      const name = objectName('fkey', table.name, [column]);
      if (constraintNames.has(name)) continue;
      // NOT VALID: rows stored before the rule are not re-checked; every new write is.
      keys.push(
        `ALTER TABLE ${ident(table.name)} ADD CONSTRAINT ${ident(name)} FOREIGN KEY (${ident(column)}) ` +
          `REFERENCES ${ident(target)} (id) DEFERRABLE INITIALLY DEFERRED NOT VALID`,
      );
    }
  }
  return [...statements, ...keys];
}

/** Puts one collection's seed rows in, ids as given, in their order. */
async function load(
  client: pg.PoolClient,
  table: string,
  rows: readonly Record<string, unknown>[],
) {
  const size = 2000;
  for (let start = 0; start < rows.length; start += size) {
    const slice = rows.slice(start, start + size);
    await client.query(
      `INSERT INTO ${ident(table)} (id, doc)
       SELECT (row ->> 'id')::bigint, row FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(row, n)
       ORDER BY n`,
      [JSON.stringify(slice)],
    );
  }
}

/**
 * Creates or migrates the schema to the declarations (under an advisory lock, so several
 * processes starting at once migrate once), records what it ran in `_stay_migrations`, and
 * seeds an empty database.
 */
export async function migrate(
  pool: pg.Pool,
  tables: readonly TableSpec[],
  options: { seed?: () => Promise<SeedRows> | SeedRows; log: (line: string) => void },
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS _stay_meta (key text PRIMARY KEY, value jsonb NOT NULL)`,
    );
    await client.query(
      `CREATE TABLE IF NOT EXISTS _stay_migrations (
         id serial PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), statements text[] NOT NULL)`,
    );
    const version = await client.query<{ value: number }>(
      `SELECT value FROM _stay_meta WHERE key = 'schemaVersion'`,
    );
    const stored = version.rows[0]?.value;
    if (stored !== undefined && stored > PG_SCHEMA_VERSION) {
      throw new DestructiveChange(
        `The database has schema version ${stored}; this API knows up to ${PG_SCHEMA_VERSION}. Update the API.`,
      );
    }
    const statements = await plan(client, tables);
    await client.query('BEGIN');
    try {
      for (const statement of statements) await client.query(statement);
      if (statements.length) {
        await client.query('INSERT INTO _stay_migrations (statements) VALUES ($1)', [statements]);
      }
      await client.query(
        `INSERT INTO _stay_meta (key, value) VALUES ('schemaVersion', $1)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [JSON.stringify(PG_SCHEMA_VERSION)],
      );
      const seeded = await client.query(`SELECT 1 FROM _stay_meta WHERE key = 'seededAt'`);
      // Empty: no accounts yet (a registry without users is never seeded).
      const hasUsers = tables.some((table) => table.name === 'users');
      const empty = hasUsers && (await client.query('SELECT 1 FROM users LIMIT 1')).rowCount === 0;
      if (options.seed && seeded.rowCount === 0 && empty) {
        const rows = await options.seed();
        for (const table of tables) await load(client, table.name, rows[table.name] ?? []);
        await client.query(
          `INSERT INTO _stay_meta (key, value) VALUES ('seededAt', to_jsonb(now()::text))`,
        );
        options.log(`Seeded the empty database with the demo data`);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    if (statements.length) options.log(`Migrated the database: ${statements.length} statement(s)`);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

/** `npm run seed` on PostgreSQL: every collection emptied and loaded with the seed, in one transaction. */
export async function replaceAll(
  pool: pg.Pool,
  tables: readonly TableSpec[],
  rows: SeedRows,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`TRUNCATE ${tables.map((table) => ident(table.name)).join(', ')}`);
    for (const table of tables) await load(client, table.name, rows[table.name] ?? []);
    await client.query(
      `INSERT INTO _stay_meta (key, value) VALUES ('seededAt', to_jsonb(now()::text))
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
