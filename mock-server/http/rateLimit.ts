import { isIPv6 } from 'node:net';
import type { Limiter, Taken } from '../store/limiter';
import { HttpError } from './errors';

/** Rate limits shared by sign-in, password resets, uploads and the guest routes. */

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

/**
 * A sliding window per key: at most `limit` hits within `windowMs`, counted through the limiter
 * (memory, or PostgreSQL shared by every API process). `name` keeps windows' keys apart.
 */
export class SlidingWindow {
  constructor(
    private readonly limiter: Limiter,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  private key(key: string): string {
    return `${this.name}:${key}`;
  }

  /** Seconds until the key may be hit again; 0 when it may now. */
  waitSeconds(key: string): Promise<number> {
    return this.limiter.wait(this.key(key), this.limit, this.windowMs, this.now());
  }

  /** Counts a hit unless the key is at its limit (one step): the hit, or the seconds to wait. */
  take(key: string): Promise<Taken> {
    return this.limiter.take(this.key(key), this.limit, this.windowMs, this.now());
  }

  /** Counts a hit whatever the count, and returns it, to take it back with `forget`. */
  hit(key: string): Promise<number> {
    return this.limiter.hit(this.key(key), this.windowMs, this.now());
  }

  forget(key: string, hit: number): Promise<void> {
    return this.limiter.forget(this.key(key), hit);
  }

  /** Forgets a key's hits (with `prefix`, of every key that starts with it). */
  clear(key: string, options?: { prefix?: boolean }): Promise<void> {
    return this.limiter.clear(this.key(key), options);
  }
}

/** The 429 of a limit, with how long to wait. */
export const tooMany = (message: string, seconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(seconds) });
