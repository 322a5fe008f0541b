import type { Where } from './access';

/**
 * What declared hooks and actions may do with stored data: the storage port as the declarations
 * see it (the bundled API's JSON file and its PostgreSQL store implement it). Asynchronous and
 * free of any storage detail: queries are data, writes are operations, and every question is
 * asked about the rows it concerns (a count is a count, not a read of the whole collection).
 */
export type StoredRecord = Record<string, unknown> & { id: number };

export interface Order {
  field: string;
  order: 'asc' | 'desc';
}

export interface FindOptions {
  /** Sorted by these fields (stored order when omitted). */
  sort?: readonly Order[];
  /** At most this many records. */
  limit?: number;
}

export interface Reader {
  /** The records of a collection that match `where` (all when omitted), as copies. */
  find(collection: string, where?: Where, options?: FindOptions): Promise<StoredRecord[]>;
  /** One record by id, as a copy. */
  get(collection: string, id: number): Promise<StoredRecord | undefined>;
  /** How many records match `where`. */
  count(collection: string, where?: Where): Promise<number>;
  /** How many records match `where`, per value of `field` (values with none are absent). */
  countBy(collection: string, field: string, where?: Where): Promise<Map<unknown, number>>;
}

export interface Writer extends Reader {
  /** Stores a new record and gives it the next id. */
  insert(collection: string, record: Record<string, unknown>): Promise<StoredRecord>;
  /** Changes the named fields of a record (`undefined` removes a field). */
  update(collection: string, id: number, patch: Record<string, unknown>): Promise<StoredRecord>;
  remove(collection: string, id: number): Promise<void>;
}
