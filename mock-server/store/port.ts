import type { Where } from '../../src/schema/access';
import type { FindOptions, Reader, StoredRecord, Writer } from '../../src/schema/store';
import type { Query, QueryResult } from './query';
import type { DbState } from './types';

/** What a list query needs besides the query: the declared fields (DESIGN §7). */
export interface ListOptions {
  /** Fields that always filter, even when no record has them (declared fields). */
  knownFields?: ReadonlySet<string>;
  /** The fields `q` searches: the declared fields the caller may read, never a secret. */
  search?: readonly string[];
}

/** Totals of what a list query selects (paging aside): `GET /<name>/summary`. */
export interface TotalsOptions extends ListOptions {
  /** Fields summed (numbers only; anything else counts as 0). */
  sum: readonly string[];
  /** Records left out of the sums (not the count): field → values. */
  sumExcept?: Readonly<Record<string, readonly string[]>>;
}
export interface Totals {
  count: number;
  sums: Record<string, number>;
}

/**
 * The storage port every route and the engine use (DESIGN §8): queries as data, writes as
 * operations, transactions as the only way to write. Two adapters: the JSON file (the zero-setup
 * default) and PostgreSQL (DATABASE_URL). Nothing outside ./ imports either one but the
 * composition root (./open.ts).
 */
export interface StorePort extends Reader {
  /** Which adapter this is (for messages and the bench, never for behaviour). */
  readonly kind: 'json' | 'postgres';
  /** The collections this store holds: the registry's plus the server's own. */
  readonly collections: readonly string[];
  /** A json-server 0.17 list query over the records that match `where`. */
  list(
    collection: string,
    query: Query,
    where: Where | true,
    options?: ListOptions,
  ): Promise<QueryResult<StoredRecord>>;
  /** The count and sums of what a list query selects, paging aside. */
  totals(
    collection: string,
    query: Query,
    where: Where | true,
    options: TotalsOptions,
  ): Promise<Totals>;
  /**
   * The count and sums of the records that match `where`, per value of `field` (values with none
   * are absent): a GROUP BY, so a summary per day or per hotel never reads the whole collection.
   */
  totalsBy(
    collection: string,
    field: string,
    where: Where | true,
    sum: readonly string[],
  ): Promise<Map<unknown, Totals>>;
  /**
   * Runs `work` with a writer: everything it wrote is stored together, or nothing is, and
   * transactions behave as if they ran one at a time (rules that count — a timeslot's places, a
   * product's stock — hold under concurrency). PostgreSQL may run `work` again after a conflict,
   * so it does nothing but store work; mails and other effects run after it resolves.
   */
  transaction<T>(work: (tx: Writer) => Promise<T>): Promise<T>;
  /**
   * Runs a periodic job (the OAuth token refresher, the upload sweep) unless another process
   * runs the same job right now: then it answers undefined at once. PostgreSQL: a session
   * advisory lock, released when the job ends or its process dies. The JSON file has one
   * process: the job runs unless it runs in that process already.
   */
  exclusive<T>(job: string, work: () => Promise<T>): Promise<T | undefined>;
  /** Whether the store answers (PostgreSQL: the database is reachable). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/** Each collection's record type: the declarations' (users with their secrets) and the server's. */
export type Collections = { [K in keyof DbState]: DbState[K][number] };

/** A record of `collection`: typed when the collection is known, a plain record either way. */
export type Row<K extends string> = (K extends keyof Collections ? Collections[K] : unknown) &
  StoredRecord;

/** Reader with typed records (the port the declarations see is untyped: src/schema/store). */
export interface TypedReader {
  find<K extends string>(collection: K, where?: Where, options?: FindOptions): Promise<Row<K>[]>;
  get<K extends string>(collection: K, id: number): Promise<Row<K> | undefined>;
  count(collection: string, where?: Where): Promise<number>;
  countBy(collection: string, field: string, where?: Where): Promise<Map<unknown, number>>;
}

export interface TypedWriter extends TypedReader {
  insert<K extends string>(collection: K, record: Record<string, unknown>): Promise<Row<K>>;
  update<K extends string>(
    collection: K,
    id: number,
    patch: Record<string, unknown>,
  ): Promise<Row<K>>;
  remove(collection: string, id: number): Promise<void>;
}

/**
 * The port as the server uses it: StorePort, its records typed by collection. The adapters keep
 * records untyped (a store keeps what it is given); what they hold was validated by the engine
 * against the declarations it is typed from, or written by the server's own typed code.
 */
export interface Store extends Omit<StorePort, 'find' | 'get' | 'transaction'>, TypedReader {
  transaction<T>(work: (tx: TypedWriter) => Promise<T>): Promise<T>;
}

/** The one place records get their types (see Store). */
export const typedStore = (store: StorePort): Store => store as Store;
