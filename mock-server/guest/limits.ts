import { SlidingWindow, tooMany } from '../http/rateLimit';

/** A limit per key (a client address, a room) whose excess answers 429 with `message`. */
export class RateLimit {
  private readonly window: SlidingWindow;

  constructor(
    limit: number,
    windowMs: number,
    now: () => number,
    private readonly message: string,
  ) {
    this.window = new SlidingWindow(limit, windowMs, now);
  }

  /** Refuses with 429 and Retry-After when the key has used up its window. */
  check(key: string): void {
    const wait = this.window.waitSeconds(key);
    if (wait > 0) throw tooMany(this.message, wait);
  }

  record(key: string): void {
    this.window.hit(key);
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
  /**
   * Form submissions per client address: a guest sends a handful in a stay (a request, a
   * correction, feedback); 20 in 10 minutes leaves room for mistakes and stops a script.
   */
  submissionsPerAddress: { limit: 20, windowMs: 10 * MINUTE },
  /** Failed guest sign-ins (wrong reference or room and surname) per client address. */
  failedSessionsPerAddress: { limit: 5, windowMs: 15 * MINUTE },
} as const;

/** The rate limits guest routes share (one set per API). */
export function guestLimits(now: () => number) {
  const { writesPerAddress, chargesPerRoom, failedSessionsPerAddress, submissionsPerAddress } =
    GUEST_LIMITS;
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
    submissions: new RateLimit(
      submissionsPerAddress.limit,
      submissionsPerAddress.windowMs,
      now,
      'Too many form submissions from this device. Try again later.',
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
