import type pg from 'pg';
import {
  MigrationRefused,
  refuseUnknown,
  type Documents,
  type Migration,
  type Migrations,
} from '../migrations';
import { isEmpty, plan } from './diff';
import { ident, type TableSpec } from './schema';
import type { SeedRows } from './store';

/**
 * The version of the PostgreSQL layout this code writes (meta tables, the id/seq/doc columns).
 * A database at a newer version is refused; the declarations' own changes are the migration
 * files' (mock-server/migrations, run below).
 */
export const PG_SCHEMA_VERSION = 1;

const LOCK_KEY = 727_274_101; // pg_advisory_lock key: one process migrates at a time.

/**
 * The server's own tables beside the declared ones: `_stay_hits`, the hits of every rate limit
 * (./limiter.ts), and `_stay_files`, uploaded files when UPLOADS_STORE=postgres (./files.ts). Times
 * are the API's clock in milliseconds, as the code counts them.
 */
const OWN_TABLES: Readonly<Record<string, readonly string[]>> = {
  _stay_hits: [
    `CREATE TABLE IF NOT EXISTS _stay_hits (
  id bigserial PRIMARY KEY,
  key text COLLATE "C" NOT NULL,
  at bigint NOT NULL,
  expires bigint NOT NULL
)`,
    'CREATE INDEX IF NOT EXISTS _stay_hits_key ON _stay_hits (key, at)',
    'CREATE INDEX IF NOT EXISTS _stay_hits_expires ON _stay_hits (expires)',
  ],
  _stay_files: [
    `CREATE TABLE IF NOT EXISTS _stay_files (
  tenant text COLLATE "C" NOT NULL,
  name text COLLATE "C" NOT NULL,
  type text NOT NULL,
  bytes bytea NOT NULL,
  size integer NOT NULL,
  created bigint NOT NULL,
  PRIMARY KEY (tenant, name)
)`,
    'CREATE INDEX IF NOT EXISTS _stay_files_created ON _stay_files (created)',
  ],
};

/** The records of a collection inside the migration's transaction (a data step's view). */
const documentsOn = (client: pg.PoolClient): Documents => ({
  async rows(collection) {
    const { rows } = await client.query<{ doc: Record<string, unknown> }>(
      `SELECT doc FROM ${ident(collection)} ORDER BY seq`,
    );
    return rows.map((row) => row.doc);
  },
  async put(collection, row) {
    await client.query(`UPDATE ${ident(collection)} SET doc = $2 WHERE id = $1`, [
      row.id,
      JSON.stringify(row),
    ]);
  },
});

/** Runs one migration's statements and data step in the client's open transaction. */
async function runMigration(client: pg.PoolClient, migration: Migration, direction: 'up' | 'down') {
  const data = migration.data?.[direction];
  const runData = async () => {
    if (!data) return;
    await data(documentsOn(client));
    // The written records' deferred key checks, now: a table with pending checks cannot be
    // altered by the statements that follow in this transaction.
    await client.query('SET CONSTRAINTS ALL IMMEDIATE');
    await client.query('SET CONSTRAINTS ALL DEFERRED');
  };
  // Down undoes in reverse: the records take their old shape before the schema does.
  if (direction === 'down') await runData();
  for (const statement of migration[direction]) await client.query(statement);
  if (direction === 'up') await runData();
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
 * The declarations must plan exactly the tables the migrations leave: otherwise a change (a
 * unique rule dropped, a field retyped) would reach one store and not the other.
 */
export function refuseUnmigrated(tables: readonly TableSpec[], migrations: Migrations): void {
  const pending = plan(migrations.snapshot, tables);
  if (isEmpty(pending)) return;
  const first = pending.up.slice(0, 3).map((step) => `  ${step.sql.split('\n')[0]}`);
  throw new MigrationRefused(
    `The declarations changed since the last migration file (mock-server/migrations): ${pending.up.length} statement(s) are not written, e.g.\n${first.join('\n')}\n` +
      'Run `npm run db:migrate:new <name>` (see README, "Changing a declaration"), review the file, and start again.',
  );
}

/** Runs work in one transaction on the client: committed whole, or rolled back. */
async function inTransaction<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

const LOCK = async <T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>) => {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    return await work(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
};

/** The bookkeeping tables, and the names of the migrations the database has run. */
async function applied(client: pg.PoolClient): Promise<string[]> {
  await client.query(
    `CREATE TABLE IF NOT EXISTS _stay_meta (key text PRIMARY KEY, value jsonb NOT NULL)`,
  );
  await client.query(
    `CREATE TABLE IF NOT EXISTS _stay_migrations (
       id serial PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), statements text[] NOT NULL,
       name text UNIQUE)`,
  );
  // Databases from before migration files: the planner's runs, without names.
  await client.query('ALTER TABLE _stay_migrations ADD COLUMN IF NOT EXISTS name text UNIQUE');
  const version = await client.query<{ value: number }>(
    `SELECT value FROM _stay_meta WHERE key = 'schemaVersion'`,
  );
  const stored = version.rows[0]?.value;
  if (stored !== undefined && stored > PG_SCHEMA_VERSION) {
    throw new MigrationRefused(
      `The database has schema version ${stored}; this API knows up to ${PG_SCHEMA_VERSION}. Update the API.`,
    );
  }
  const { rows } = await client.query<{ name: string }>(
    'SELECT name FROM _stay_migrations WHERE name IS NOT NULL ORDER BY id',
  );
  return rows.map((row) => row.name);
}

/**
 * Brings the database to the declarations by running the migration files it has not run, in
 * order, each in one transaction with its data step (under an advisory lock, so several
 * processes starting at once migrate once), and seeds an empty database. Refuses to start when
 * the declarations plan tables the migrations do not make, or the database ran a migration this
 * code does not have.
 */
export async function migrate(
  pool: pg.Pool,
  tables: readonly TableSpec[],
  migrations: Migrations,
  options: { seed?: () => Promise<SeedRows> | SeedRows; log: (line: string) => void },
): Promise<void> {
  refuseUnmigrated(tables, migrations);
  await LOCK(pool, async (client) => {
    const done = await applied(client);
    refuseUnknown('The database', migrations.list, done);
    const pending = migrations.list.filter((migration) => !done.includes(migration.name));
    await inTransaction(client, async () => {
      for (const statements of Object.values(OWN_TABLES)) {
        for (const statement of statements) await client.query(statement);
      }
      for (const migration of pending) {
        await runMigration(client, migration, 'up');
        await client.query('INSERT INTO _stay_migrations (name, statements) VALUES ($1, $2)', [
          migration.name,
          migration.up,
        ]);
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
    });
    if (pending.length) {
      options.log(
        `Migrated the database: ${pending.map((migration) => migration.name).join(', ')}`,
      );
    }
  });
}

/**
 * `npm run db:migrate:down`: undoes the last migration the database ran (its data step, then its
 * down statements), in one transaction. Answers its name, or undefined when none has run.
 */
export async function migrateDown(
  pool: pg.Pool,
  migrations: Migrations,
): Promise<string | undefined> {
  return LOCK(pool, async (client) => {
    const done = await applied(client);
    const last = done.at(-1);
    if (last === undefined) return undefined;
    refuseUnknown('The database', migrations.list, [last]);
    const migration = migrations.list.find((candidate) => candidate.name === last)!;
    await inTransaction(client, async () => {
      await runMigration(client, migration, 'down');
      await client.query('DELETE FROM _stay_migrations WHERE name = $1', [last]);
    });
    return last;
  });
}

/** `npm run seed` on PostgreSQL: every collection emptied and loaded with the seed, in one transaction. */
export async function replaceAll(
  pool: pg.Pool,
  tables: readonly TableSpec[],
  rows: SeedRows,
): Promise<void> {
  const client = await pool.connect();
  try {
    await inTransaction(client, async () => {
      await client.query(`TRUNCATE ${tables.map((table) => ident(table.name)).join(', ')}`);
      for (const table of tables) await load(client, table.name, rows[table.name] ?? []);
      await client.query(
        `INSERT INTO _stay_meta (key, value) VALUES ('seededAt', to_jsonb(now()::text))
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      );
    });
  } finally {
    client.release();
  }
}
