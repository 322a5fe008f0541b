import pg from 'pg';
import {
  type BusMessage,
  type Change,
  type EventBus,
  Listeners,
  type Presence,
  type PublishedChange,
  REPLAY_LIMIT,
} from './bus';

const CHANNEL = 'stay_live_events';
const TABLE = 'stay_live_events';
/** What a NOTIFY payload may hold (PostgreSQL's limit is 8000 bytes). */
const NOTIFY_MAX = 7900;
/** Events older than this are pruned: a client away longer reloads everything. */
const KEEP_MS = 60 * 60 * 1000;

type Row = { id: string; event: Change };

/**
 * The bus across API processes on one PostgreSQL database. A change is stored in a table (any
 * process can replay it to a client that resumes with Last-Event-ID) and announced with
 * NOTIFY; each process LISTENs on a connection of its own and reads the announced rows. Plain
 * `pg`, already the store's driver: LISTEN is one statement, and `pg-listen` (its usual wrapper)
 * has not been released since 2020; the reconnection it adds is the few lines in `connect`.
 */
export class PostgresBus implements EventBus {
  private readonly listeners = new Listeners();
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  /** The newest change this process delivered: where it catches up from after a reconnect. */
  private lastDelivered = 0;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
  ) {}

  static async open(pool: pg.Pool, url: string): Promise<PostgresBus> {
    await pool.query(
      `CREATE TABLE IF NOT EXISTS ${TABLE} (
         id bigserial PRIMARY KEY,
         at timestamptz NOT NULL DEFAULT now(),
         event jsonb NOT NULL
       )`,
    );
    const bus = new PostgresBus(pool, url);
    const { rows } = await pool.query<{ id: string | null }>(`SELECT max(id) AS id FROM ${TABLE}`);
    bus.lastDelivered = Number(rows[0]?.id ?? 0);
    await bus.connect();
    return bus;
  }

  /** LISTENs on a connection of its own; when it drops, streams end and it tries again. */
  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      client.end().catch(() => undefined);
      this.listeners.emit({ kind: 'down' });
      this.reconnectSoon();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (note) => void this.heard(note.payload ?? ''));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.reconnectSoon();
      return;
    }
    this.client = client;
    // What was published while this process did not listen.
    await this.deliver(
      await this.read(`SELECT id, event FROM ${TABLE} WHERE id > $1 ORDER BY id`, [
        this.lastDelivered,
      ]).catch(() => []),
    );
  }

  private reconnectSoon(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, 1000);
    this.retry.unref();
  }

  private async heard(payload: string): Promise<void> {
    if (payload.startsWith('presence:')) {
      const presence = JSON.parse(payload.slice('presence:'.length)) as Presence;
      this.listeners.emit({ kind: 'presence', presence });
      return;
    }
    if (payload.startsWith('session:')) {
      this.listeners.emit({ kind: 'session-ended', session: payload.slice('session:'.length) });
      return;
    }
    if (payload.startsWith('[')) {
      const told = JSON.parse(payload) as { id: string; event: Change }[];
      await this.deliver(told.map(({ id, event }) => ({ ...event, id })));
      return;
    }
    const ids = payload.split(',').map(Number).filter(Number.isSafeInteger);
    if (ids.length === 0) return;
    const rows = await this.read(
      `SELECT id, event FROM ${TABLE} WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    ).catch(() => []);
    await this.deliver(rows);
  }

  private async read(sql: string, values: unknown[]): Promise<PublishedChange[]> {
    const { rows } = await this.pool.query<Row>(sql, values);
    return rows.map((row) => ({ ...row.event, id: String(row.id) }));
  }

  private deliver(changes: readonly PublishedChange[]): Promise<void> {
    for (const change of changes) {
      this.lastDelivered = Math.max(this.lastDelivered, Number(change.id));
      this.listeners.emit({ kind: 'change', change });
    }
    return Promise.resolve();
  }

  async publish(changes: readonly Change[]): Promise<void> {
    if (changes.length === 0) return;
    // One statement: the rows and their announcement are committed together. The announcement
    // carries the changes themselves when they fit NOTIFY's 8000 bytes (no process reads them
    // back), else their ids.
    await this.pool.query(
      `WITH added AS (
         INSERT INTO ${TABLE} (event) SELECT unnest($1::jsonb[]) RETURNING id, event
       ), said AS (
         SELECT json_agg(json_build_object('id', id::text, 'event', event) ORDER BY id)::text AS whole,
                string_agg(id::text, ',') AS ids
         FROM added
       )
       SELECT pg_notify('${CHANNEL}', CASE WHEN octet_length(whole) < ${NOTIFY_MAX} THEN whole ELSE ids END)
       FROM said`,
      [changes.map((change) => JSON.stringify(change))],
    );
    // Now and then, what no client can still resume from goes.
    if (Math.random() < 0.01) {
      await this.pool
        .query(
          `DELETE FROM ${TABLE} WHERE at < now() - $1::interval
             OR id < (SELECT max(id) FROM ${TABLE}) - $2`,
          [`${KEEP_MS} milliseconds`, REPLAY_LIMIT * 10],
        )
        .catch(() => undefined);
    }
  }

  async presence(presence: Presence): Promise<void> {
    const payload = `presence:${JSON.stringify(presence)}`;
    // A record's access view too big to announce is announced without it: nobody is told.
    if (Buffer.byteLength(payload) > NOTIFY_MAX) return;
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
  }

  async endSession(session: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, `session:${session}`]);
  }

  listen(listener: (message: BusMessage) => void): () => void {
    return this.listeners.add(listener);
  }

  async since(lastId: string): Promise<PublishedChange[] | 'reset'> {
    const last = /^\d{1,15}$/.test(lastId) ? Number(lastId) : NaN;
    if (!Number.isSafeInteger(last)) return 'reset';
    const { rows } = await this.pool.query<{ oldest: string | null; newest: string | null }>(
      `SELECT min(id) AS oldest, max(id) AS newest FROM ${TABLE}`,
    );
    const oldest = Number(rows[0]?.oldest ?? last + 1);
    const newest = Number(rows[0]?.newest ?? 0);
    // Pruned since, or an id this database never gave (another database, a restore).
    if (last < oldest - 1 || last > newest) return 'reset';
    return this.read(`SELECT id, event FROM ${TABLE} WHERE id > $1 ORDER BY id LIMIT $2`, [
      last,
      REPLAY_LIMIT,
    ]);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
