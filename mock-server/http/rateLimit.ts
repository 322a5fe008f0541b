import { isIPv6 } from 'node:net';
import { HttpError } from './errors';

/** In-memory rate limits shared by sign-in, password resets and the guest routes. */

/** Above this many tracked keys, stale ones are swept so memory stays bounded. */
const SWEEP_ABOVE = 10_000;

/**
 * The key a client is counted under: its address, an IPv4-mapped IPv6 address as plain IPv4, and
 * an IPv6 address by its /64 (what one subscriber usually gets, so rotating within it gains
 * nothing). From Express's `req.ip` (the socket's peer, or the browser behind the dashboard's
 * local proxy).
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
export class SlidingWindow {
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

/** The 429 of a limit, with how long to wait. */
export const tooMany = (message: string, seconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(seconds) });
