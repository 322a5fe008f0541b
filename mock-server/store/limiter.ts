/**
 * The port every throttle and rate limit counts through (sign-in, password resets, guest routes,
 * uploads, password changes): sliding windows of hits per key. Two implementations, chosen in the
 * composition root (./open.ts): this process's memory (the JSON store: one process, counts reset
 * on restart) and PostgreSQL (./postgres/limiter.ts: shared by every API process on the database,
 * kept across restarts). Times are the API's clock in milliseconds (tests move it).
 */
export interface Limiter {
  /**
   * Counts a hit on `key` at `at` unless the key already has `limit` hits after
   * `at - windowMs`: answers the hit (to take back with `forget`), or the seconds to wait
   * (nothing counted). Check and count are one step: two processes cannot both pass the last
   * place.
   */
  take(key: string, limit: number, windowMs: number, at: number): Promise<Taken>;
  /** Seconds until `key` may be hit again (0: it may now), counting nothing. */
  wait(key: string, limit: number, windowMs: number, at: number): Promise<number>;
  /** Counts a hit whatever the count (a failure already made). */
  hit(key: string, windowMs: number, at: number): Promise<number>;
  /** Takes back one hit that `take` or `hit` answered. */
  forget(key: string, hit: number): Promise<void>;
  /** Forgets every hit of `key`, or with `prefix`, of every key that starts with it. */
  clear(key: string, options?: { prefix?: boolean }): Promise<void>;
  close?(): Promise<void>;
}

export type Taken = { hit: number; wait?: undefined } | { wait: number; hit?: undefined };

/** Seconds to wait given a key's hits in the window, newest last (the sliding-window rule). */
export function waitSeconds(
  recent: readonly number[],
  limit: number,
  windowMs: number,
  at: number,
) {
  if (recent.length < limit) return 0;
  // The oldest hit that keeps the key at its limit must leave the window first.
  const frees = recent[recent.length - limit]! + windowMs;
  return Math.max(1, Math.ceil((frees - at) / 1000));
}

/** Above this many tracked keys, expired ones are swept so memory stays bounded. */
const SWEEP_ABOVE = 10_000;

interface Hit {
  id: number;
  at: number;
  expires: number;
}

/** The limiter of one process (the JSON store): counts live in memory and end with it. */
export class MemoryLimiter implements Limiter {
  private readonly hits = new Map<string, Hit[]>();
  private lastId = 0;

  private recent(key: string, since: number): Hit[] {
    return (this.hits.get(key) ?? []).filter((hit) => hit.at > since);
  }

  private add(key: string, windowMs: number, at: number): number {
    const id = (this.lastId += 1);
    const kept = (this.hits.get(key) ?? []).filter((hit) => hit.expires > at);
    this.hits.set(key, [...kept, { id, at, expires: at + windowMs }]);
    if (this.hits.size > SWEEP_ABOVE) {
      for (const [other, list] of this.hits) {
        if (list.every((hit) => hit.expires <= at)) this.hits.delete(other);
      }
    }
    return id;
  }

  wait(key: string, limit: number, windowMs: number, at: number): Promise<number> {
    const recent = this.recent(key, at - windowMs).map((hit) => hit.at);
    return Promise.resolve(waitSeconds(recent, limit, windowMs, at));
  }

  take(key: string, limit: number, windowMs: number, at: number): Promise<Taken> {
    // No await between the check and the count: one process, so nothing runs in between.
    const recent = this.recent(key, at - windowMs).map((hit) => hit.at);
    const wait = waitSeconds(recent, limit, windowMs, at);
    return Promise.resolve(wait > 0 ? { wait } : { hit: this.add(key, windowMs, at) });
  }

  hit(key: string, windowMs: number, at: number): Promise<number> {
    return Promise.resolve(this.add(key, windowMs, at));
  }

  forget(key: string, hit: number): Promise<void> {
    const list = this.hits.get(key);
    if (list)
      this.hits.set(
        key,
        list.filter((one) => one.id !== hit),
      );
    return Promise.resolve();
  }

  clear(key: string, { prefix = false } = {}): Promise<void> {
    if (!prefix) this.hits.delete(key);
    else for (const other of this.hits.keys()) if (other.startsWith(key)) this.hits.delete(other);
    return Promise.resolve();
  }
}
