import { HttpError } from '../http/errors';

/**
 * A sliding-window counter per key (a client address, a room): at most `limit` hits in
 * `windowMs`. In memory, like the sign-in throttle: limits reset when the API restarts.
 */
export class RateLimit {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number,
    /** What the 429 says. */
    private readonly message: string,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.hits.set(key, kept);
    else this.hits.delete(key);
    return kept;
  }

  /** Refuses with 429 and Retry-After when the key has used up its window. */
  check(key: string): void {
    const recent = this.recent(key);
    if (recent.length < this.limit) return;
    const retryAfter = Math.max(1, Math.ceil((recent[0]! + this.windowMs - this.now()) / 1000));
    throw new HttpError(429, this.message, undefined, { 'Retry-After': String(retryAfter) });
  }

  record(key: string): void {
    this.hits.set(key, [...this.recent(key), this.now()]);
  }

  /** Checks, then counts this hit. */
  take(key: string): void {
    this.check(key);
    this.record(key);
  }
}

const MINUTE = 60_000;

/** The limits of the routes guest apps call without an account (documented in docs/api.md). */
export const GUEST_LIMITS = {
  /** Orders and bookings per client address. */
  writesPerAddress: { limit: 30, windowMs: 10 * MINUTE },
  /** Room charges per room of a hotel. */
  chargesPerRoom: { limit: 20, windowMs: 60 * MINUTE },
  /** Failed guest sign-ins (wrong reference or room and surname) per client address. */
  failedSessionsPerAddress: { limit: 5, windowMs: 15 * MINUTE },
} as const;

/** The rate limits guest routes share (one set per API). */
export function guestLimits(now: () => number) {
  const { writesPerAddress, chargesPerRoom, failedSessionsPerAddress } = GUEST_LIMITS;
  return {
    writes: new RateLimit(
      writesPerAddress.limit,
      writesPerAddress.windowMs,
      now,
      'Too many orders or bookings from this device. Try again later.',
    ),
    charges: new RateLimit(
      chargesPerRoom.limit,
      chargesPerRoom.windowMs,
      now,
      'Too many charges to this room. Ask the front desk.',
    ),
    failedSessions: new RateLimit(
      failedSessionsPerAddress.limit,
      failedSessionsPerAddress.windowMs,
      now,
      'Too many attempts. Try again later or ask the front desk.',
    ),
  };
}
export type GuestLimits = ReturnType<typeof guestLimits>;
