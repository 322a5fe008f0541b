import type { Where } from '../../src/schema/access';
import type { Reader, StoredRecord, Writer } from '../../src/schema/store';
import type { Query, QueryResult } from './query';

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
export interface Store extends Reader {
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
