import { randomBytes } from 'node:crypto';

/** What happened to records, as the stream tells it (`{ resource, ids, action }`). */
export type ChangeAction = 'created' | 'updated' | 'deleted';

/**
 * One change, as the processes pass it on. `records` are the changed records' scalar, non-secret
 * values (the deleted record as it was): what the read access rules compare, so each stream
 * sends a user only the ids they may read. They never leave the server.
 */
export interface Change {
  resource: string;
  action: ChangeAction;
  ids: number[];
  records: Record<number, Record<string, unknown>>;
  /** Who wrote it, as the write's audit entry names them (none: a guest, the system). */
  by?: { id: number; name: string };
}

/** A change with the id a client resumes after (`Last-Event-ID`). */
export interface PublishedChange extends Change {
  id: string;
}

/**
 * Who has a record open in an edit form (issue 38 point 4), or, with `gone`, a stream that
 * closed: whatever it had open is no longer. `record` is the record's access view (as Change's).
 */
export type Presence =
  | {
      stream: string;
      resource: string;
      id: number;
      user: { id: number; name: string };
      editing: boolean;
      record: Record<string, unknown>;
    }
  | { stream: string; gone: true };

/** What the bus delivers to every process: changes, and sessions that ended (a sign-out). */
export type BusMessage =
  | { kind: 'change'; change: PublishedChange }
  | { kind: 'presence'; presence: Presence }
  | { kind: 'session-ended'; session: string }
  /** The bus lost its connection (PostgreSQL went away): streams end; clients come back. */
  | { kind: 'down' };

/**
 * Carries changes to the streams of every API process: in process on the JSON store (one
 * process), through PostgreSQL LISTEN/NOTIFY and a table of recent events on PostgreSQL.
 */
export interface EventBus {
  publish(changes: readonly Change[]): Promise<void>;
  endSession(session: string): Promise<void>;
  /** Passes presence on to every process's streams (never stored nor replayed). */
  presence(presence: Presence): Promise<void>;
  listen(listener: (message: BusMessage) => void): () => void;
  /**
   * The changes after `lastId`, oldest first; `reset` when they are no longer all known (too
   * old, another process's boot on the JSON store): the client reloads everything instead.
   */
  since(lastId: string): Promise<PublishedChange[] | 'reset'>;
  close(): Promise<void>;
}

/** How many recent changes a process keeps for clients that reconnect. */
export const REPLAY_LIMIT = 1000;

/** Listeners of one process (both buses deliver through it). */
export class Listeners {
  private readonly all = new Set<(message: BusMessage) => void>();

  add(listener: (message: BusMessage) => void): () => void {
    this.all.add(listener);
    return () => this.all.delete(listener);
  }

  emit(message: BusMessage): void {
    for (const listener of this.all) {
      try {
        listener(message);
      } catch (error) {
        console.error('A live-event listener failed:', error);
      }
    }
  }
}

/**
 * The JSON store's bus: one process, a bounded ring of recent changes. Ids are `<boot>.<n>`, so
 * a client that resumes after a restart is told to reload (the ring began again).
 */
export class MemoryBus implements EventBus {
  private readonly listeners = new Listeners();
  private readonly ring: PublishedChange[] = [];
  private readonly boot = randomBytes(4).toString('hex');
  private counter = 0;

  publish(changes: readonly Change[]): Promise<void> {
    for (const change of changes) {
      const published = { ...change, id: `${this.boot}.${(this.counter += 1)}` };
      this.ring.push(published);
      if (this.ring.length > REPLAY_LIMIT) this.ring.shift();
      this.listeners.emit({ kind: 'change', change: published });
    }
    return Promise.resolve();
  }

  endSession(session: string): Promise<void> {
    this.listeners.emit({ kind: 'session-ended', session });
    return Promise.resolve();
  }

  presence(presence: Presence): Promise<void> {
    this.listeners.emit({ kind: 'presence', presence });
    return Promise.resolve();
  }

  listen(listener: (message: BusMessage) => void): () => void {
    return this.listeners.add(listener);
  }

  since(lastId: string): Promise<PublishedChange[] | 'reset'> {
    const [boot, raw] = lastId.split('.');
    const last = Number(raw);
    if (boot !== this.boot || !Number.isSafeInteger(last) || last > this.counter) {
      return Promise.resolve('reset');
    }
    const oldest = this.ring[0] ? Number(this.ring[0].id.split('.')[1]) : this.counter + 1;
    // Changes between the last one seen and the oldest kept were dropped from the ring.
    if (last < oldest - 1) return Promise.resolve('reset');
    return Promise.resolve(this.ring.filter((change) => Number(change.id.split('.')[1]) > last));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
