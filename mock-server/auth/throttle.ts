import { SlidingWindow, tooMany } from '../http/rateLimit';

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
  succeeded(): void;
}

/** In-memory limits of the public auth routes (reset when the API restarts); the clock is injectable. */
export class LoginThrottle {
  private readonly pairs: SlidingWindow;
  private readonly addresses: SlidingWindow;
  private readonly mailsPerAddress: SlidingWindow;
  private readonly mailsPerEmail: SlidingWindow;

  constructor(now: () => number) {
    const { maxFailuresPerPair, maxFailuresPerAddress, windowMs } = LOGIN_LIMITS;
    this.pairs = new SlidingWindow(maxFailuresPerPair, windowMs, now);
    this.addresses = new SlidingWindow(maxFailuresPerAddress, windowMs, now);
    this.mailsPerAddress = new SlidingWindow(
      FORGOT_LIMITS.maxPerAddress,
      FORGOT_LIMITS.windowMs,
      now,
    );
    this.mailsPerEmail = new SlidingWindow(FORGOT_LIMITS.maxPerEmail, FORGOT_LIMITS.windowMs, now);
  }

  /**
   * Starts a sign-in: 429 when the pair or the address is at its limit. The attempt is counted as
   * a failure before the password is hashed, so parallel guesses cannot all slip through.
   */
  beginSignIn(email: string, address: string): SignInAttempt {
    const pair = pairKey(email, address);
    const wait = Math.max(this.pairs.waitSeconds(pair), this.addresses.waitSeconds(address));
    if (wait > 0) throw tooMany('Too many sign-in attempts. Try again later.', wait);
    this.pairs.hit(pair);
    const at = this.addresses.hit(address);
    return {
      // The right password was no guess. It clears its own pair only, so signing in to one's
      // own account does not buy an address more guesses at other accounts.
      succeeded: () => {
        this.pairs.clear((key) => key === pair);
        this.addresses.forget(address, at);
      },
    };
  }

  /** After a password reset the old guesses at this email no longer matter. */
  clearEmail(email: string): void {
    const prefix = pairKey(email, '');
    this.pairs.clear((key) => key.startsWith(prefix));
  }

  /**
   * Whether to send a reset mail: 429 for an address over its limit; false (send nothing, answer
   * as usual) for an email over its own, so the answer never says whether an account exists.
   */
  allowResetMail(email: string, address: string): boolean {
    const wait = this.mailsPerAddress.waitSeconds(address);
    if (wait > 0) throw tooMany('Too many password reset requests. Try again later.', wait);
    this.mailsPerAddress.hit(address);
    const key = email.trim().toLowerCase();
    if (this.mailsPerEmail.waitSeconds(key) > 0) return false;
    this.mailsPerEmail.hit(key);
    return true;
  }
}

// Emails are validated (no spaces), so a space separates the two parts unambiguously.
const pairKey = (email: string, address: string) => `${email.trim().toLowerCase()} ${address}`;
