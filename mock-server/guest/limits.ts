import { SlidingWindow, tooMany } from '../http/rateLimit';
import type { Limiter } from '../store/limiter';

/** A limit per key (a client address, a room) whose excess answers 429 with `message`. */
export class RateLimit {
  private readonly window: SlidingWindow;

  constructor(
    limiter: Limiter,
    name: string,
    limit: number,
    windowMs: number,
    now: () => number,
    private readonly message: string,
  ) {
    this.window = new SlidingWindow(limiter, name, limit, windowMs, now);
  }

  /** Refuses with 429 and Retry-After when the key has used up its window. */
  async check(key: string): Promise<void> {
    const wait = await this.window.waitSeconds(key);
    if (wait > 0) throw tooMany(this.message, wait);
  }

  async record(key: string): Promise<void> {
    await this.window.hit(key);
  }

  /** Checks and counts this hit in one step (parallel requests cannot all pass the last place). */
  async take(key: string): Promise<void> {
    const taken = await this.window.take(key);
    if (taken.wait !== undefined) throw tooMany(this.message, taken.wait);
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

/** The rate limits guest routes share (one set per API, counted through `limiter`). */
export function guestLimits(limiter: Limiter, now: () => number) {
  const { writesPerAddress, chargesPerRoom, failedSessionsPerAddress, submissionsPerAddress } =
    GUEST_LIMITS;
  return {
    writes: new RateLimit(
      limiter,
      'guest-writes',
      writesPerAddress.limit,
      writesPerAddress.windowMs,
      now,
      'Too many orders or bookings from this device. Try again later.',
    ),
    charges: new RateLimit(
      limiter,
      'guest-charges',
      chargesPerRoom.limit,
      chargesPerRoom.windowMs,
      now,
      'Too many charges to this room. Ask the front desk.',
    ),
    submissions: new RateLimit(
      limiter,
      'guest-submissions',
      submissionsPerAddress.limit,
      submissionsPerAddress.windowMs,
      now,
      'Too many form submissions from this device. Try again later.',
    ),
    failedSessions: new RateLimit(
      limiter,
      'guest-failedSessions',
      failedSessionsPerAddress.limit,
      failedSessionsPerAddress.windowMs,
      now,
      'Too many attempts. Try again later or ask the front desk.',
    ),
  };
}
export type GuestLimits = ReturnType<typeof guestLimits>;
