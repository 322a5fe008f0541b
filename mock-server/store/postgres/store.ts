import pg from 'pg';
import type { Where } from '../../../src/schema/access';
import type { FindOptions, Reader, StoredRecord, Writer } from '../../../src/schema/store';
import { StoreError, type StoreFailure } from '../errors';
import type { RecordIds } from '../ids';
import type { ListOptions, StorePort, Totals, TotalsOptions } from '../port';
import type { Query, QueryResult } from '../query';
import type { Migrations } from '../migrations';
import { migrate } from './migrate';
import { ident, sequenceOf, type TableSpec } from './schema';
import { listWhereSql, orderSql, pageSql, Params, whereSql } from './sql';

/** Errors that mean the connection, not the request, failed. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
]);
export function isConnectionError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code && (CONNECTION_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code))) {
    return true;
  }
  return /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
    message ?? '',
  );
}

/** Serialization failures and deadlocks: the transaction is run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 60;

/** What PostgreSQL said, in the store's words (StoreError); anything else as it was thrown. */
export function translate(error: unknown): unknown {
  if (error instanceof StoreError) return error;
  if (isConnectionError(error)) return new StoreError('unavailable', String(error));
  if (!(error instanceof pg.DatabaseError)) return error;
  const failure = FAILURES[error.code ?? ''];
  return failure ? new StoreError(failure, error.message) : error;
}

/** A query on the pool whose failure is in the store's words (translate). */
export async function queryTranslated<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  sql: string,
  values: unknown[],
): Promise<pg.QueryResult<R>> {
  try {
    return await pool.query<R>(sql, values);
  } catch (error) {
    throw translate(error);
  }
}

/** PostgreSQL's error codes the store words (NUL: PostgreSQL stores no U+0000 in a text). */
const FAILURES: Readonly<Record<string, StoreFailure>> = {
  '23505': 'duplicate',
  '23503': 'missingReference',
  '2201B': 'invalidPattern',
  '22P05': 'nulCharacter',
  '22021': 'nulCharacter',
};

/** Connections that have their 'error' listener (see PostgresStore.checkout). */
const listened = new WeakSet<pg.PoolClient>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Queryable = Pick<pg.PoolClient, 'query'>;

/**
 * The PostgreSQL store (DATABASE_URL): the tables generated from the declarations (./schema),
 * created or migrated when it opens (./migrate). Transactions run SERIALIZABLE and are run again
 * on a serialization conflict, so rules that count (places, stock, overlaps, unique values) hold
 * across connections and processes; unique indexes and foreign keys back them.
 */
export class PostgresStore implements StorePort {
  readonly kind = 'postgres';
  readonly collections: readonly string[];
  private readonly tables: Map<string, TableSpec>;

  constructor(
    /** The connections; the composition root (../open.ts) shares them with the limiter and files. */
    readonly pool: pg.Pool,
    tables: readonly TableSpec[],
    private readonly ids?: RecordIds,
  ) {
    this.tables = new Map(tables.map((table) => [table.name, table]));
    this.collections = tables.map((table) => table.name);
  }

  /**
   * A connection of the pool for a transaction or a job. A connection that the server ends
   * while it is checked out emits 'error': heard here (the query in flight fails on its own),
   * it cannot stop the process.
   */
  private async checkout(): Promise<pg.PoolClient> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw translate(error);
    }
    if (!listened.has(client)) {
      listened.add(client);
      client.on('error', () => undefined);
    }
    return client;
  }

  private table(collection: string): TableSpec {
    const table = this.tables.get(collection);
    if (!table) throw new Error(`Unknown collection "${collection}"`);
    return table;
  }

  /** A query on the pool, its connection failures as StoreError('unavailable'). */
  private async run<R extends pg.QueryResultRow>(
    on: Queryable,
    sql: string,
    values: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    try {
      return await on.query<R>(sql, values);
    } catch (error) {
      throw translate(error);
    }
  }

  private reader(on: Queryable): Reader {
    return {
      find: async (collection, where, options: FindOptions = {}) => {
        const table = this.table(collection);
        const params = new Params();
        const limit = options.limit === undefined ? '' : `LIMIT ${Math.max(0, options.limit)}`;
        const { rows } = await this.run<{ doc: StoredRecord }>(
          on,
          `SELECT doc FROM ${ident(collection)} WHERE ${whereSql(table, where, params)}
           ORDER BY ${orderSql(table, options.sort ?? [])} ${limit}`,
          params.values,
        );
        return rows.map((row) => row.doc);
      },
      get: async (collection, id) => {
        this.table(collection);
        if (!Number.isSafeInteger(id)) return undefined;
        const { rows } = await this.run<{ doc: StoredRecord }>(
          on,
          `SELECT doc FROM ${ident(collection)} WHERE id = $1`,
          [id],
        );
        return rows[0]?.doc;
      },
      count: async (collection, where) => {
        const params = new Params();
        const { rows } = await this.run<{ count: string }>(
          on,
          `SELECT count(*) AS count FROM ${ident(collection)} WHERE ${whereSql(this.table(collection), where, params)}`,
          params.values,
        );
        return Number(rows[0]!.count);
      },
      countBy: async (collection, field, where) => {
        const params = new Params();
        const table = this.table(collection);
        const { rows } = await this.run<{ value: unknown; count: string }>(
          on,
          `SELECT doc -> ${params.add(field)} AS value, count(*) AS count FROM ${ident(collection)}
           WHERE ${whereSql(table, where, params)} AND doc ? ${params.add(field)} GROUP BY 1`,
          params.values,
        );
        return new Map(rows.map((row) => [row.value, Number(row.count)]));
      },
    };
  }

  find(collection: string, where?: Where, options?: FindOptions): Promise<StoredRecord[]> {
    return this.reader(this.pool).find(collection, where, options);
  }
  get(collection: string, id: number): Promise<StoredRecord | undefined> {
    return this.reader(this.pool).get(collection, id);
  }
  count(collection: string, where?: Where): Promise<number> {
    return this.reader(this.pool).count(collection, where);
  }
  countBy(collection: string, field: string, where?: Where): Promise<Map<unknown, number>> {
    return this.reader(this.pool).countBy(collection, field, where);
  }

  async list(
    collection: string,
    query: Query,
    where: Where | true,
    options: ListOptions = {},
  ): Promise<QueryResult<StoredRecord>> {
    const table = this.table(collection);
    const params = new Params();
    const condition = listWhereSql(table, query, where, options.search, params);
    const { sql: page, paged } = pageSql(query);
    const [rows, total] = await Promise.all([
      this.run<{ doc: StoredRecord }>(
        this.pool,
        `SELECT doc FROM ${ident(collection)} WHERE ${condition}
         ORDER BY ${orderSql(table, query.sort)} ${page}`,
        params.values,
      ),
      this.run<{ count: string }>(
        this.pool,
        `SELECT count(*) AS count FROM ${ident(collection)} WHERE ${condition}`,
        params.values,
      ),
    ]);
    return {
      rows: rows.rows.map((row) => row.doc),
      total: Number(total.rows[0]!.count),
      paged,
    };
  }

  async totals(
    collection: string,
    query: Query,
    where: Where | true,
    options: TotalsOptions,
  ): Promise<Totals> {
    const table = this.table(collection);
    const params = new Params();
    const condition = listWhereSql(table, query, where, options.search, params);
    const except = Object.entries(options.sumExcept ?? {}).map(
      ([field, values]) =>
        `COALESCE(doc ->> ${params.add(field)} = ANY(${params.add(values)}), FALSE)`,
    );
    const counted = except.length ? `NOT (${except.join(' OR ')})` : 'TRUE';
    const sums = options.sum.map(
      (field, index) =>
        `COALESCE(sum(CASE WHEN ${counted} AND jsonb_typeof(doc -> ${params.add(field)}) = 'number'
          THEN (doc ->> ${params.add(field)})::double precision END), 0) AS s${index}`,
    );
    const { rows } = await this.run<Record<string, string | number>>(
      this.pool,
      `SELECT count(*) AS count${sums.map((sum) => `, ${sum}`).join('')}
       FROM ${ident(collection)} WHERE ${condition}`,
      params.values,
    );
    const row = rows[0]!;
    return {
      count: Number(row.count),
      sums: Object.fromEntries(
        options.sum.map((field, index) => [field, Number(row[`s${index}`])]),
      ),
    };
  }

  async totalsBy(
    collection: string,
    field: string,
    where: Where | true,
    sum: readonly string[],
  ): Promise<Map<unknown, Totals>> {
    const table = this.table(collection);
    const params = new Params();
    const key = params.add(field);
    const sums = sum.map((name, index) => {
      const at = params.add(name);
      return `, COALESCE(sum(CASE WHEN jsonb_typeof(doc -> ${at}) = 'number'
        THEN (doc ->> ${at})::double precision END), 0) AS s${index}`;
    });
    const { rows } = await this.run<Record<string, unknown>>(
      this.pool,
      `SELECT doc -> ${key} AS value, count(*) AS count${sums.join('')}
       FROM ${ident(collection)} WHERE ${whereSql(table, where, params)} AND doc ? ${key}
       GROUP BY 1`,
      params.values,
    );
    return new Map(
      rows.map((row) => [
        row.value,
        {
          count: Number(row.count),
          sums: Object.fromEntries(sum.map((name, index) => [name, Number(row[`s${index}`])])),
        },
      ]),
    );
  }

  /**
   * Stores a new record under the next id of its collection: the sequence's next counter,
   * through the keyed permutation when set. A permuted id may meet one stored before (the
   * seed's plain ids): then the next counter is taken.
   */
  private async insertNew(
    on: Queryable,
    collection: string,
    record: Record<string, unknown>,
  ): Promise<StoredRecord> {
    for (;;) {
      const { rows } = await this.run<{ counter: string }>(
        on,
        'SELECT nextval($1::regclass) AS counter',
        [sequenceOf(collection)],
      );
      const counter = Number(rows[0]!.counter);
      const id = this.ids ? this.ids.idOf(collection, counter) : counter;
      if (id <= 0) continue;
      const doc = { ...record, id } as StoredRecord;
      const { rowCount } = await this.run(
        on,
        `INSERT INTO ${ident(collection)} (id, doc) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
        [id, JSON.stringify(doc)],
      );
      if (rowCount) return structuredClone(doc);
    }
  }

  private writer(client: pg.PoolClient): Writer {
    return {
      ...this.reader(client),
      insert: async (collection, record) => {
        this.table(collection);
        return this.insertNew(client, collection, record);
      },
      update: async (collection, id, patch) => {
        this.table(collection);
        const { rows } = await this.run<{ doc: StoredRecord }>(
          client,
          `SELECT doc FROM ${ident(collection)} WHERE id = $1 FOR UPDATE`,
          [id],
        );
        const row = rows[0]?.doc;
        if (!row) throw new Error(`No record ${id} in "${collection}"`);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined) delete row[key];
          else row[key] = structuredClone(value);
        }
        row.id = id;
        await this.run(client, `UPDATE ${ident(collection)} SET doc = $2 WHERE id = $1`, [
          id,
          JSON.stringify(row),
        ]);
        return row;
      },
      remove: async (collection, id) => {
        this.table(collection);
        const { rowCount } = await this.run(
          client,
          `DELETE FROM ${ident(collection)} WHERE id = $1`,
          [id],
        );
        if (!rowCount) throw new Error(`No record ${id} in "${collection}"`);
      },
    };
  }

  async transaction<T>(work: (tx: Writer) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      let client: pg.PoolClient | undefined = await this.checkout();
      let broken = false;
      try {
        await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
        const result = await work(this.writer(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        const code = (error as { code?: string }).code;
        if (code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) {
          client.release(broken);
          client = undefined;
          // Jittered back-off: the conflicting transactions do not meet again at once.
          await sleep(Math.random() * Math.min(100, 5 * attempt));
          continue;
        }
        throw translate(error);
      } finally {
        client?.release(broken);
      }
    }
  }

  async exclusive<T>(job: string, work: () => Promise<T>): Promise<T | undefined> {
    const client = await this.checkout();
    let broken = false;
    try {
      // The lock ends with this connection. A process that exits closes it at once; a machine
      // that vanishes does not, so the server probes the connection and drops it within about
      // 25 s (not the system's default of 2 hours), and another process takes the job over.
      await client
        .query(
          'SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3',
        )
        .catch(() => undefined);
      const { rows } = await client.query<{ got: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS got',
        [`stay-console job ${job}`],
      );
      if (!rows[0]?.got) return undefined;
      try {
        return await work();
      } finally {
        await client
          .query('SELECT pg_advisory_unlock(hashtext($1))', [`stay-console job ${job}`])
          .catch(() => {
            broken = true; // The connection is gone, and the lock with it.
          });
      }
    } finally {
      client.release(broken);
    }
  }

  async ready(): Promise<boolean> {
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** Seed rows for an empty database: records by collection, ids included. */
export type SeedRows = Record<string, readonly Record<string, unknown>[]>;

export interface OpenPostgresOptions {
  url: string;
  /** The declarations' tables (what queries use)… */
  tables: readonly TableSpec[];
  /** …and the migrations that make them (mock-server/migrations; tests: `initialMigrations`). */
  migrations: Migrations;
  ids?: RecordIds;
  /** The demo data for an empty database (built only when needed). */
  seed?: () => Promise<SeedRows> | SeedRows;
  /** Connections in the pool (default 10). */
  poolSize?: number;
  log?: (line: string) => void;
}

/** Connects, creates or migrates the schema, seeds an empty database, and answers the store. */
export async function openPostgresStore(options: OpenPostgresOptions): Promise<PostgresStore> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle connection that the server drops must not stop the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await migrate(pool, options.tables, options.migrations, {
      seed: options.seed,
      log: options.log ?? console.log,
    });
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return new PostgresStore(pool, options.tables, options.ids);
}
