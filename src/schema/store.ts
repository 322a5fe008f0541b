import type { Where } from './access';

/**
 * What declared hooks and actions may do with stored data: the storage interface as the
 * declarations see it (the bundled API's JSON file implements it; a PostgreSQL store can too).
 * Asynchronous and free of any storage detail: queries are data, writes are operations.
 */
export type StoredRecord = Record<string, unknown> & { id: number };

export interface Reader {
  /** The records of a collection that match `where` (all when omitted), as copies. */
  find(collection: string, where?: Where): Promise<StoredRecord[]>;
  /** One record by id, as a copy. */
  get(collection: string, id: number): Promise<StoredRecord | undefined>;
}

export interface Writer extends Reader {
  /** Stores a new record and gives it the next id. */
  insert(collection: string, record: Record<string, unknown>): Promise<StoredRecord>;
  /** Changes the named fields of a record. */
  update(collection: string, id: number, patch: Record<string, unknown>): Promise<StoredRecord>;
  remove(collection: string, id: number): Promise<void>;
}
