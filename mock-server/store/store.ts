import fs from 'node:fs';
import cloneDeep from 'lodash/cloneDeep.js';
import type { Where } from '../../src/schema/access';
import { matchesWhere } from '../../src/schema/access';
import type { FindOptions, Reader, StoredRecord, Writer } from '../../src/schema/store';
import { atomicWriteFileSync, removeStaleTempFiles } from './atomic';
import type { RecordIds } from './ids';
import { refuseUnknown, type Documents, type Migration } from './migrations';
import type { ListOptions, StorePort, Totals, TotalsOptions } from './port';
import { runQuery, withoutPaging, type Query, type QueryResult } from './query';
import { SERVER_COLLECTIONS } from './types';

/**
 * Version of the data file's layout. Opening a file adds the collections new declarations
 * introduced and records this number; a file from a newer version is refused, never rewritten.
 */
export const SCHEMA_VERSION = 2;
export const META_KEY = '_meta';

type State = Record<string, unknown>;

/** The data file's own bookkeeping, under META_KEY. */
interface Meta {
  schemaVersion?: number;
  /**
   * Per collection, how many ids it has given (with RecordIds, ids are a keyed permutation of
   * this counter; without, the counter is the id): a deleted record's id is never given again.
   */
  lastIds?: Record<string, number>;
  /** The migration files (mock-server/migrations) whose data steps this file has had. */
  migrations?: string[];
}

const maxId = (rows: readonly { id: number }[]): number =>
  rows.reduce((max, row) => Math.max(max, row.id), 0);

/** The data file, read whole and written atomically (never truncated in place). */
class DataFile {
  constructor(private readonly file: string) {}

  read(): State {
    let raw: string;
    try {
      raw = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error(`Database file ${this.file} does not exist; run \`npm run seed\``);
      }
      throw error;
    }
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      throw new Error(`Database file ${this.file} is not valid JSON`);
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new Error(`Database file ${this.file} must hold a JSON object`);
    }
    return data as State;
  }

  write(state: State): void {
    atomicWriteFileSync(this.file, `${JSON.stringify(state, null, 2)}\n`);
  }
}

/** One step of a transaction, kept so a failed one can be undone in memory. */
type Undo = () => void;

/**
 * The JSON file store: the state in memory, written whole and atomically; json-server 0.17's
 * query language (./query) for lists. Writes are serialised; a transaction's changes reach the file in one
 * atomic write, and a failure (a thrown rule or a failed write) restores the memory too.
 */
export class JsonFileStore implements StorePort {
  private readonly dataFile: DataFile;
  private readonly state: State;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly runningJobs = new Set<string>();

  constructor(
    private readonly file: string,
    readonly collections: readonly string[],
    /** Unguessable ids (a keyed permutation of each counter); plain counters without. */
    private readonly ids?: RecordIds,
    /** The registry's migrations: their data steps run on this file too (`migrate`). */
    private readonly migrations: readonly Migration[] = [],
  ) {
    // A crash between a write and its rename leaves a temp file; the data file itself is whole.
    const stale = removeStaleTempFiles(file);
    if (stale) console.log(`Removed ${stale} temp file(s) left by an interrupted write of ${file}`);
    this.dataFile = new DataFile(file);
    this.state = this.dataFile.read();
    this.upgrade(file);
  }

  /** Adds missing collections, the id counters and the schema version; never drops data. */
  private upgrade(file: string): void {
    const state = this.state;
    const meta = state[META_KEY] as Meta | undefined;
    const version = meta?.schemaVersion ?? 1;
    if (version > SCHEMA_VERSION) {
      throw new Error(
        `Database file ${file} has schema version ${version}; this API knows up to ${SCHEMA_VERSION}. Update the API.`,
      );
    }
    let changed = version !== SCHEMA_VERSION;
    // Fresh from the seed (no bookkeeping yet): shaped as today's declarations, so every
    // migration counts as run. A file from before migration files has had the first one only.
    const migrations =
      meta?.migrations ?? this.migrations.slice(0, meta ? 1 : undefined).map(({ name }) => name);
    if (!meta?.migrations && this.migrations.length) changed = true;
    for (const name of this.collections) {
      if (Array.isArray(state[name])) continue;
      if (state[name] !== undefined) {
        throw new Error(`Database file ${file}: "${name}" must be a list of records`);
      }
      state[name] = [];
      changed = true;
    }
    // A counter starts at the highest id of a file written before counters existed.
    const lastIds = { ...meta?.lastIds };
    for (const name of this.collections) {
      if (lastIds[name] !== undefined) continue;
      lastIds[name] = maxId(state[name] as StoredRecord[]);
      changed = true;
    }
    if (changed) {
      state[META_KEY] = {
        ...meta,
        schemaVersion: SCHEMA_VERSION,
        lastIds,
        ...(this.migrations.length && { migrations }),
      } satisfies Meta;
      this.write();
    }
  }

  private write(): void {
    this.dataFile.write(this.state);
  }

  /** The live id counters (persisted with every write of the data file). */
  private get lastIds(): Record<string, number> {
    const meta = (this.state[META_KEY] ??= {}) as Meta;
    return (meta.lastIds ??= {});
  }

  /**
   * Takes the next id of a collection: past every id it ever gave, so a deleted record's id (a
   * stale link, a deleted user's token) never reaches a new record. The rows' own highest id
   * counts too, for records written around the store.
   */
  private takeId(collection: string): number {
    const lastIds = this.lastIds;
    const rows = this.rows(collection);
    let counter = Math.max(lastIds[collection] ?? 0, this.ids ? 0 : maxId(rows));
    for (;;) {
      counter += 1;
      const id = this.ids ? this.ids.idOf(collection, counter) : counter;
      // A permuted id may meet one written before ids were permuted (the seed's): skip it.
      if (id > 0 && !rows.some((row) => row.id === id)) {
        lastIds[collection] = counter;
        return id;
      }
    }
  }

  /** A collection's live rows; an undeclared name is a programming error, never an empty list. */
  private rows(collection: string): StoredRecord[] {
    const rows = this.state[collection];
    if (!this.collections.includes(collection) || !Array.isArray(rows)) {
      throw new Error(`Unknown collection "${collection}"`);
    }
    return rows as StoredRecord[];
  }

  /** The records of the file as a data step sees them (changed in memory until written). */
  private documents(): Documents {
    return {
      rows: async (collection) => cloneDeep(this.rows(collection)),
      put: async (collection, row) => {
        const rows = this.rows(collection);
        const index = rows.findIndex((stored) => stored.id === row.id);
        if (index >= 0) rows[index] = cloneDeep(row) as StoredRecord;
      },
    };
  }

  /**
   * Runs the data steps of the migrations this file has not had, in order, and records them in
   * one atomic write; a failing step leaves the file (and the memory) as they were. Answers the
   * names run.
   */
  async migrate(): Promise<string[]> {
    const meta = this.state[META_KEY] as Meta;
    const done = meta.migrations ?? [];
    refuseUnknown(`The data file ${this.file}`, this.migrations, done);
    const pending = this.migrations.filter((migration) => !done.includes(migration.name));
    if (pending.length === 0) return [];
    await this.rewrite(async () => {
      for (const migration of pending) await migration.data?.up?.(this.documents());
      meta.migrations = [...done, ...pending.map((migration) => migration.name)];
    });
    return pending.map((migration) => migration.name);
  }

  /** `npm run db:migrate:down` on the file: the last migration's data step undone. */
  async migrateDown(): Promise<string | undefined> {
    const meta = this.state[META_KEY] as Meta;
    const last = meta.migrations?.at(-1);
    if (last === undefined) return undefined;
    refuseUnknown(`The data file ${this.file}`, this.migrations, [last]);
    const migration = this.migrations.find((candidate) => candidate.name === last)!;
    await this.rewrite(async () => {
      await migration.data?.down?.(this.documents());
      meta.migrations = meta.migrations!.slice(0, -1);
    });
    return last;
  }

  /**
   * Changes the records and bookkeeping in turn with writes, stored in one atomic write; a
   * failure leaves the file and the memory as they were.
   */
  private rewrite(work: () => Promise<void>): Promise<void> {
    return this.inTurn(async () => {
      const before = cloneDeep(this.state);
      try {
        await work();
        this.write();
      } catch (error) {
        this.restore(before);
        throw error;
      }
    });
  }

  private restore(state: State): void {
    for (const key of Object.keys(this.state)) delete this.state[key];
    Object.assign(this.state, state);
  }

  readonly kind = 'json';

  async list(
    collection: string,
    query: Query,
    where: Where | true,
    options?: ListOptions,
  ): Promise<QueryResult<StoredRecord>> {
    const rows = this.rows(collection).filter((row) => matchesWhere(row, where));
    return runQuery(rows, query, options);
  }

  async totals(
    collection: string,
    query: Query,
    where: Where | true,
    options: TotalsOptions,
  ): Promise<Totals> {
    const { rows } = await this.list(collection, withoutPaging(query), where, options);
    const except = Object.entries(options.sumExcept ?? {});
    const summed = rows.filter(
      (row) => !except.some(([field, values]) => values.includes(String(row[field]))),
    );
    const sums = Object.fromEntries(
      options.sum.map((field) => [
        field,
        summed.reduce((sum, row) => sum + (typeof row[field] === 'number' ? row[field] : 0), 0),
      ]),
    );
    return { count: rows.length, sums };
  }

  async totalsBy(
    collection: string,
    field: string,
    where: Where | true,
    sum: readonly string[],
  ): Promise<Map<unknown, Totals>> {
    const groups = new Map<unknown, Totals>();
    for (const row of this.rows(collection)) {
      const value = row[field];
      if (value === undefined || !matchesWhere(row, where)) continue;
      let group = groups.get(value);
      if (!group) {
        group = { count: 0, sums: Object.fromEntries(sum.map((name) => [name, 0])) };
        groups.set(value, group);
      }
      group.count += 1;
      for (const name of sum) {
        const number = row[name];
        if (typeof number === 'number') group.sums[name]! += number;
      }
    }
    return groups;
  }

  private matching(collection: string, where?: Where): StoredRecord[] {
    return this.rows(collection).filter((row) => !where || matchesWhere(row, where));
  }

  async find(
    collection: string,
    where?: Where,
    options: FindOptions = {},
  ): Promise<StoredRecord[]> {
    let rows = this.matching(collection, where);
    if (options.sort?.length) {
      rows = runQuery(rows, { filters: [], sort: [...options.sort] }).rows;
    }
    if (options.limit !== undefined) rows = rows.slice(0, options.limit);
    return rows.map((row) => cloneDeep(row));
  }

  async get(collection: string, id: number): Promise<StoredRecord | undefined> {
    const row = this.rows(collection).find((candidate) => candidate.id === id);
    return row && cloneDeep(row);
  }

  async count(collection: string, where?: Where): Promise<number> {
    return this.matching(collection, where).length;
  }

  async countBy(collection: string, field: string, where?: Where): Promise<Map<unknown, number>> {
    const tally = new Map<unknown, number>();
    for (const row of this.matching(collection, where)) {
      const value = row[field];
      if (value !== undefined) tally.set(value, (tally.get(value) ?? 0) + 1);
    }
    return tally;
  }

  async ready(): Promise<boolean> {
    return true;
  }

  /** The file has one process: a job runs unless the same job runs in it right now. */
  async exclusive<T>(job: string, work: () => Promise<T>): Promise<T | undefined> {
    if (this.runningJobs.has(job)) return undefined;
    this.runningJobs.add(job);
    try {
      return await work();
    } finally {
      this.runningJobs.delete(job);
    }
  }

  async close(): Promise<void> {
    await this.queue;
  }

  /** The reading half of the port, for a transaction's writer. */
  private get reader(): Reader {
    return {
      find: (collection, where, options) => this.find(collection, where, options),
      get: (collection, id) => this.get(collection, id),
      count: (collection, where) => this.count(collection, where),
      countBy: (collection, field, where) => this.countBy(collection, field, where),
    };
  }

  transaction<T>(work: (tx: Writer) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const undo: Undo[] = [];
      const tx = this.writer(undo);
      try {
        const result = await work(tx);
        if (undo.length) this.write();
        return result;
      } catch (error) {
        for (const step of undo.reverse()) step();
        throw error;
      }
    };
    return this.inTurn(run);
  }

  /** Runs work after every write before it, and before any after it. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work, work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private writer(undo: Undo[]): Writer {
    const live = (collection: string, id: number) => {
      const row = this.rows(collection).find((candidate) => candidate.id === id);
      if (!row) throw new Error(`No record ${id} in "${collection}"`);
      return row;
    };
    return {
      ...this.reader,
      insert: async (collection, record) => {
        const rows = this.rows(collection);
        const lastIds = this.lastIds;
        const previous = lastIds[collection];
        const id = this.takeId(collection);
        const row = { ...cloneDeep(record), id } as StoredRecord;
        rows.push(row);
        undo.push(() => {
          rows.splice(rows.indexOf(row), 1);
          // Nothing was stored, so no id was given away: the counter goes back with it.
          if (previous === undefined) delete lastIds[collection];
          else lastIds[collection] = previous;
        });
        return cloneDeep(row);
      },
      update: async (collection, id, patch) => {
        const row = live(collection, id);
        const before = cloneDeep(row);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined) delete row[key];
          else row[key] = cloneDeep(value);
        }
        row.id = id;
        undo.push(() => {
          for (const key of Object.keys(row)) delete row[key];
          Object.assign(row, before);
        });
        return cloneDeep(row);
      },
      remove: async (collection, id) => {
        const rows = this.rows(collection);
        const row = live(collection, id);
        const index = rows.indexOf(row);
        rows.splice(index, 1);
        undo.push(() => rows.splice(index, 0, row));
      },
    };
  }
}

/** The collections of a registry, plus the server's own. */
export const collectionsOf = (resources: readonly { name: string }[]): string[] => [
  ...resources.map((resource) => resource.name),
  ...SERVER_COLLECTIONS,
];

/** Opens the data file for a registry (the composition root, ./open.ts, passes the product's). */
export function openStore(
  file: string,
  registered: readonly { name: string }[],
  ids?: RecordIds,
  migrations?: readonly Migration[],
): JsonFileStore {
  return new JsonFileStore(file, collectionsOf(registered), ids, migrations);
}
