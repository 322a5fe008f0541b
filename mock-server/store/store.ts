import fs from 'node:fs';
import low, { type LowDb, type SyncAdapter } from 'lowdb';
import { atomicWriteFileSync } from './atomic';
import { COLLECTION_NAMES, type DbState, type StoredUser } from './types';

type Row<K extends keyof DbState> = DbState[K][number];

/** lowdb adapter whose writes are atomic (lowdb's FileSync truncates the file in place). */
export class AtomicFileAdapter implements SyncAdapter<DbState> {
  constructor(private readonly file: string) {}

  read(): DbState {
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
    // Older files may lack a collection; json-server only routes collections that exist.
    const state = data as Partial<DbState>;
    for (const name of COLLECTION_NAMES) {
      if (!Array.isArray(state[name])) Object.assign(state, { [name]: [] });
    }
    return state as DbState;
  }

  write(state: DbState): void {
    atomicWriteFileSync(this.file, `${JSON.stringify(state, null, 2)}\n`);
  }
}

/**
 * Typed access to the database. json-server's router works on the same lowdb instance, so both
 * see (and write) one in-memory state.
 */
export class Store {
  constructor(readonly db: LowDb<DbState>) {}

  get state(): DbState {
    return this.db.getState();
  }

  write(): void {
    this.db.write();
  }

  getUserById(id: number): StoredUser | undefined {
    return this.state.users.find((user) => user.id === id);
  }

  getUserByEmail(email: string): StoredUser | undefined {
    const wanted = email.trim().toLowerCase();
    return this.state.users.find((user) => user.email.toLowerCase() === wanted);
  }

  /** Applies a patch to a stored user and persists it. */
  updateUser(id: number, patch: Partial<StoredUser>): StoredUser {
    const user = this.getUserById(id);
    if (!user) throw new Error(`No user ${id}`);
    Object.assign(user, patch);
    this.write();
    return user;
  }

  /** A collection by name, untyped: for the generic access rules. */
  records(name: string): Record<string, unknown>[] | undefined {
    const rows: unknown = Object.hasOwn(this.state, name)
      ? this.state[name as keyof DbState]
      : undefined;
    return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : undefined;
  }

  /** Appends a record with the next numeric id (json-server does the same) and persists it. */
  insert<K extends keyof DbState>(name: K, record: Omit<Row<K>, 'id'>): Row<K> {
    const rows = this.state[name] as Row<K>[];
    const id = rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
    const row = { ...record, id } as Row<K>;
    rows.push(row);
    this.write();
    return row;
  }
}

export function openStore(dbFile: string): Store {
  return new Store(low(new AtomicFileAdapter(dbFile)));
}
