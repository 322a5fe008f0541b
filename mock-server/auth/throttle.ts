import { SlidingWindow, tooMany } from '../http/rateLimit';
import type { Limiter } from '../store/limiter';

const MINUTE = 60_000;

/**
 * Sign-in limits (README "Sign-in limits"). Failures are counted per (email, client address), so
 * an attacker's guesses never lock the owner out from another address, and per address across
 * all emails, so one client cannot sweep many accounts.
 */
export const LOGIN_LIMITS = {
  /** Failed sign-ins for one email from one address… */
  maxFailuresPerPair: 5,
  /** …and from one address across all emails… */
  maxFailuresPerAddress: 20,
  /** …within this sliding window. */
  windowMs: 15 * MINUTE,
} as const;

/** Password-reset mails: over the address limit answers 429; over the email limit sends nothing. */
export const FORGOT_LIMITS = {
  maxPerAddress: 20,
  maxPerEmail: 10,
  windowMs: 60 * MINUTE,
} as const;

/** A sign-in under way; it counts as a failure unless `succeeded()` is called. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
}

/**
 * Limits of the public auth routes, counted through the limiter (in memory on the JSON store; in
 * PostgreSQL, shared by every API process and kept across restarts, with DATABASE_URL); the
 * clock is injectable.
 */
export class LoginThrottle {
  private readonly pairs: SlidingWindow;
  private readonly addresses: SlidingWindow;
  private readonly mailsPerAddress: SlidingWindow;
  private readonly mailsPerEmail: SlidingWindow;

  constructor(limiter: Limiter, now: () => number) {
    const { maxFailuresPerPair, maxFailuresPerAddress, windowMs } = LOGIN_LIMITS;
    const { maxPerAddress, maxPerEmail } = FORGOT_LIMITS;
    this.pairs = new SlidingWindow(limiter, 'login-pair', maxFailuresPerPair, windowMs, now);
    this.addresses = new SlidingWindow(
      limiter,
      'login-address',
      maxFailuresPerAddress,
      windowMs,
      now,
    );
    this.mailsPerAddress = new SlidingWindow(
      limiter,
      'reset-address',
      maxPerAddress,
      FORGOT_LIMITS.windowMs,
      now,
    );
    this.mailsPerEmail = new SlidingWindow(
      limiter,
      'reset-email',
      maxPerEmail,
      FORGOT_LIMITS.windowMs,
      now,
    );
  }

  /**
   * Starts a sign-in: 429 when the pair or the address is at its limit. The attempt is counted as
   * a failure before the password is hashed, and check and count are one step, so parallel
   * guesses (in any process) cannot all slip through.
   */
  async beginSignIn(email: string, address: string): Promise<SignInAttempt> {
    const pair = pairKey(email, address);
    const [byPair, byAddress] = await Promise.all([
      this.pairs.take(pair),
      this.addresses.take(address),
    ]);
    if (byPair.wait !== undefined || byAddress.wait !== undefined) {
      // Refused: the one that was counted is taken back (a refused attempt is no guess).
      if (byPair.hit !== undefined) await this.pairs.forget(pair, byPair.hit);
      if (byAddress.hit !== undefined) await this.addresses.forget(address, byAddress.hit);
      const wait = Math.max(byPair.wait ?? 0, byAddress.wait ?? 0);
      throw tooMany('Too many sign-in attempts. Try again later.', wait);
    }
    const at = byAddress.hit;
    return {
      // The right password was no guess. It clears its own pair only, so signing in to one's
      // own account does not buy an address more guesses at other accounts.
      succeeded: async () => {
        await Promise.all([this.pairs.clear(pair), this.addresses.forget(address, at)]);
      },
    };
  }

  /** After a password reset the old guesses at this email no longer matter. */
  async clearEmail(email: string): Promise<void> {
    await this.pairs.clear(pairKey(email, ''), { prefix: true });
  }

  /**
   * Whether to send a reset mail: 429 for an address over its limit; false (send nothing, answer
   * as usual) for an email over its own, so the answer never says whether an account exists.
   */
  async allowResetMail(email: string, address: string): Promise<boolean> {
    const byAddress = await this.mailsPerAddress.take(address);
    if (byAddress.wait !== undefined) {
      throw tooMany('Too many password reset requests. Try again later.', byAddress.wait);
    }
    const byEmail = await this.mailsPerEmail.take(email.trim().toLowerCase());
    return byEmail.wait === undefined;
  }
}

// Emails are validated (no spaces), so a space separates the two parts unambiguously.
const pairKey = (email: string, address: string) => `${email.trim().toLowerCase()} ${address}`;
