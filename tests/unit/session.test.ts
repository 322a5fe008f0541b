import { describe, expect, it } from 'vitest';
import { isTokenLive, tokenExpiry } from '../../src/providers/session';

const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (payload: object) =>
  `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.signature`;

describe('session token', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);

  it('reads the expiry of a JWT', () => {
    expect(tokenExpiry(jwt({ sub: '3', exp: 1_800_000_000 }))).toBe(1_800_000_000);
  });

  it('uses a stored token only while its expiry lies in the future', () => {
    expect(isTokenLive(jwt({ exp: now / 1000 + 60 }), now)).toBe(true);
    expect(isTokenLive(jwt({ exp: now / 1000 - 1 }), now)).toBe(false);
    expect(isTokenLive(jwt({ exp: now / 1000 }), now)).toBe(false);
  });

  it('refuses what is not a readable token', () => {
    expect(isTokenLive(null, now)).toBe(false);
    expect(isTokenLive('not-a-token', now)).toBe(false);
    expect(isTokenLive('a.%%%.c', now)).toBe(false);
    expect(isTokenLive(jwt({ sub: 'no-exp' }), now)).toBe(false);
  });
});
