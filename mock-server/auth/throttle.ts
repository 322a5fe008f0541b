import { isIPv6 } from 'node:net';
import { HttpError } from '../http/errors';

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

/** Above this many tracked keys, stale ones are swept so memory stays bounded. */
const SWEEP_ABOVE = 10_000;

/**
 * The key a client is counted under: its address, an IPv4-mapped IPv6 address as plain IPv4, and
 * an IPv6 address by its /64 (what one subscriber usually gets, so rotating within it gains
 * nothing). Express's `req.ip`: the socket's peer, as no proxy is trusted.
 */
export function clientAddress(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  const bare = ip.split('%')[0].toLowerCase(); // Without a zone id (fe80::1%eth0).
  if (!isIPv6(bare)) return ip;
  const [head, tail] = bare.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) fills two groups.
  const width = (part: string[]) => part.reduce((sum, g) => sum + (g.includes('.') ? 2 : 1), 0);
  const full =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - width(left) - width(groups(tail))).fill('0')];
  const prefix = full.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** A sliding window per key: at most `limit` hits within `windowMs`. */
class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.hits.set(key, kept);
    else this.hits.delete(key);
    return kept;
  }

  /** Seconds until the key may be hit again; 0 when it may now. */
  waitSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    // The oldest hit that keeps the key at its limit must leave the window first.
    const frees = recent[recent.length - this.limit] + this.windowMs;
    return Math.max(1, Math.ceil((frees - this.now()) / 1000));
  }

  /** Counts a hit and returns its time, to take it back with `forget`. */
  hit(key: string): number {
    const at = this.now();
    this.hits.set(key, [...this.recent(key), at]);
    if (this.hits.size > SWEEP_ABOVE) for (const stale of this.hits.keys()) this.recent(stale);
    return at;
  }

  forget(key: string, at: number): void {
    const hits = this.hits.get(key);
    const index = hits?.indexOf(at) ?? -1;
    if (index >= 0) hits!.splice(index, 1);
  }

  clear(matches: (key: string) => boolean): void {
    for (const key of this.hits.keys()) if (matches(key)) this.hits.delete(key);
  }
}

/** A sign-in under way; it counts as a failure unless `succeeded()` is called. */
export interface SignInAttempt {
  succeeded(): void;
}

const tooMany = (message: string, seconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(seconds) });

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
