/** 5 failed sign-ins for one email within 15 minutes lock that email for 15 minutes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Above this many tracked emails, stale entries are swept so memory stays bounded. */
const SWEEP_ABOVE = 10_000;

interface Entry {
  failures: number[];
  lockedUntil: number;
}

/** In-memory sign-in throttle keyed by lower-cased email; the clock is injectable for tests. */
export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  /** Seconds the key must still wait, or 0 when it may try. */
  retryAfterSeconds(email: string): number {
    const key = email.toLowerCase();
    const entry = this.entries.get(key);
    if (!entry || entry.lockedUntil === 0) return 0;
    const left = entry.lockedUntil - this.now();
    if (left > 0) return Math.ceil(left / 1000);
    this.entries.delete(key); // The lock is over: start afresh.
    return 0;
  }

  recordFailure(email: string): void {
    const key = email.toLowerCase();
    const now = this.now();
    const entry = this.entries.get(key) ?? { failures: [], lockedUntil: 0 };
    entry.failures = entry.failures.filter((at) => at > now - LOGIN_WINDOW_MS);
    entry.failures.push(now);
    if (entry.failures.length >= LOGIN_MAX_FAILURES) entry.lockedUntil = now + LOGIN_WINDOW_MS;
    this.entries.set(key, entry);
    if (this.entries.size > SWEEP_ABOVE) this.sweep(now);
  }

  clear(email: string): void {
    this.entries.delete(email.toLowerCase());
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      const lastFailure = entry.failures[entry.failures.length - 1] ?? 0;
      if (entry.lockedUntil <= now && lastFailure <= now - LOGIN_WINDOW_MS)
        this.entries.delete(key);
    }
  }
}
