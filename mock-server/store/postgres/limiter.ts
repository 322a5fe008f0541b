import type pg from 'pg';
import { waitSeconds, type Limiter, type Taken } from '../limiter';
import { queryTranslated, translate } from './store';

/** How often a process removes expired hits (at most; on its next count after that). */
const CLEAN_EVERY_MS = 60_000;

/**
 * The limiter of every API process on one database (DATABASE_URL): hits are rows of
 * `_stay_hits` (created by ./migrate), so a limit holds across processes and restarts. A
 * check-and-count runs in one transaction under a transaction-level advisory lock on its key:
 * two processes counting the same key take turns (READ COMMITTED: the second sees the first's
 * hit once it has the lock); different keys never wait on each other. Expired hits are removed
 * now and then by whichever process counts.
 */
export class PostgresLimiter implements Limiter {
  private cleanedAt = 0;

  constructor(private readonly pool: pg.Pool) {}

  private query<R extends pg.QueryResultRow>(sql: string, values: unknown[]) {
    return queryTranslated<R>(this.pool, sql, values);
  }

  /** The key's hits in the window, oldest first (at most `limit`: the newest ones). */
  private async recent(
    on: Pick<pg.PoolClient, 'query'>,
    key: string,
    limit: number,
    since: number,
  ) {
    const { rows } = await on.query<{ at: string }>(
      `SELECT at FROM _stay_hits WHERE key = $1 AND at > $2 ORDER BY at DESC LIMIT $3`,
      [key, since, limit],
    );
    return rows.map((row) => Number(row.at)).reverse();
  }

  private clean(at: number): void {
    if (at - this.cleanedAt < CLEAN_EVERY_MS) return;
    this.cleanedAt = at;
    // Best effort: a failure only leaves expired rows for the next time.
    this.pool.query('DELETE FROM _stay_hits WHERE expires <= $1', [at]).catch(() => undefined);
  }

  async wait(key: string, limit: number, windowMs: number, at: number): Promise<number> {
    try {
      return waitSeconds(
        await this.recent(this.pool, key, limit, at - windowMs),
        limit,
        windowMs,
        at,
      );
    } catch (error) {
      throw translate(error);
    }
  }

  async take(key: string, limit: number, windowMs: number, at: number): Promise<Taken> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw translate(error);
    }
    let broken = false;
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `stay-console hits ${key}`,
      ]);
      const wait = waitSeconds(
        await this.recent(client, key, limit, at - windowMs),
        limit,
        windowMs,
        at,
      );
      let taken: Taken = { wait };
      if (wait === 0) {
        const { rows } = await client.query<{ id: string }>(
          'INSERT INTO _stay_hits (key, at, expires) VALUES ($1, $2, $3) RETURNING id',
          [key, at, at + windowMs],
        );
        taken = { hit: Number(rows[0]!.id) };
      }
      await client.query('COMMIT');
      this.clean(at);
      return taken;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw translate(error);
    } finally {
      client.release(broken);
    }
  }

  async hit(key: string, windowMs: number, at: number): Promise<number> {
    const { rows } = await this.query<{ id: string }>(
      'INSERT INTO _stay_hits (key, at, expires) VALUES ($1, $2, $3) RETURNING id',
      [key, at, at + windowMs],
    );
    this.clean(at);
    return Number(rows[0]!.id);
  }

  async forget(key: string, hit: number): Promise<void> {
    await this.query('DELETE FROM _stay_hits WHERE key = $1 AND id = $2', [key, hit]);
  }

  async clear(key: string, { prefix = false } = {}): Promise<void> {
    if (!prefix) {
      await this.query('DELETE FROM _stay_hits WHERE key = $1', [key]);
      return;
    }
    // A range on the key's index (the column sorts bytewise, COLLATE "C"), not LIKE: an email
    // may hold `%` or `_`.
    await this.query(`DELETE FROM _stay_hits WHERE key >= $1 AND key < $1 || chr(1114111)`, [key]);
  }
}
