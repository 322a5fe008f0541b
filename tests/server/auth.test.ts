import fs from 'node:fs';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../mock-server/config';
import type { ApiErrorBody, User } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  PASSWORD,
  startServer,
  userId,
  type TestServer,
} from './helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

const login = (email: string, password: string) =>
  server.request('POST', '/auth/login', { json: { email, password } });

const secretKey = () =>
  new TextEncoder().encode(fs.readFileSync(path.join(server.dir, '.jwt-secret'), 'utf8').trim());

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('POST /auth/login', () => {
  it('answers 200 with a token for the right password', async () => {
    const response = await login(AMSTERDAM, PASSWORD);
    expect(response.status).toBe(200);
    const { accessToken } = (await response.json()) as { accessToken: string };
    const claims = decodeJwt(accessToken);
    expect(claims.sub).toBe(String(userId(server, AMSTERDAM)));
    expect(claims.exp).toBe((claims.iat ?? 0) + 3600);
  });

  it('accepts the email in any case', async () => {
    expect((await login('Hotel-Amsterdam@Example.COM', PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong password with 401 and the shared message', async () => {
    const response = await login(AMSTERDAM, 'wrong-password');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: 'Invalid email or password',
      statusCode: 401,
    });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const response = await login('nobody@example.com', PASSWORD);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: 'Invalid email or password',
      statusCode: 401,
    });
  });

  it('validates the body with field errors (422)', async () => {
    const response = await server.request('POST', '/auth/login', {
      json: { email: 'not-an-email' },
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.statusCode).toBe(422);
    expect(body.errors?.email).toEqual(['Email must be a valid email address']);
    expect(body.errors?.password).toEqual(['Password is required']);

    const empty = await server.request('POST', '/auth/login');
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as ApiErrorBody).errors?.email).toEqual(['Email is required']);
  });

  it('throttles after 5 failures for one email, then lets the right password in 15 minutes later', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      // Mixed case: the counter is per email, case-insensitive.
      const email = attempt % 2 ? AMSTERDAM.toUpperCase() : AMSTERDAM;
      expect((await login(email, 'wrong-password')).status).toBe(401);
    }
    const blocked = await login(AMSTERDAM, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      message: 'Too many sign-in attempts. Try again later.',
      statusCode: 429,
    });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Other accounts are not affected.
    expect((await login(BERLIN, PASSWORD)).status).toBe(200);

    server.clock.advance(14 * 60 * 1000);
    expect((await login(AMSTERDAM, PASSWORD)).status).toBe(429);
    server.clock.advance(60 * 1000 + 1);
    expect((await login(AMSTERDAM, PASSWORD)).status).toBe(200);
  });

  it('clears the failure counter on success', async () => {
    for (let attempt = 0; attempt < 4; attempt++) await login(AMSTERDAM, 'wrong-password');
    expect((await login(AMSTERDAM, PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) await login(AMSTERDAM, 'wrong-password');
    expect((await login(AMSTERDAM, PASSWORD)).status).toBe(200);
  });

  it('refuses a banned or disabled account with the right password (403)', async () => {
    await server.data.update('users', userId(server, AMSTERDAM), { status: 'banned' });
    const banned = await login(AMSTERDAM, PASSWORD);
    expect(banned.status).toBe(403);
    expect(await banned.json()).toEqual({ message: 'This account is banned', statusCode: 403 });

    await server.data.update('users', userId(server, BERLIN), { disabled: true });
    const disabled = await login(BERLIN, PASSWORD);
    expect(disabled.status).toBe(403);
    expect(((await disabled.json()) as ApiErrorBody).message).toBe('This account is disabled');

    // A wrong password still says only "invalid".
    expect((await login(AMSTERDAM, 'wrong-password')).status).toBe(401);
  });

  it('answers 405 for other methods on the auth paths', async () => {
    const response = await server.request('GET', '/auth/login');
    expect(response.status).toBe(405);
  });
});

describe('bearer tokens', () => {
  it('GET /users/me returns the signed-in user without server-only fields', async () => {
    const token = await server.login(AMSTERDAM);
    const response = await server.request('GET', '/users/me', { token });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('passwordChangedAt');
    expect(text).not.toContain('scrypt$');
    const user = JSON.parse(text) as User;
    expect(user).toMatchObject({
      id: userId(server, AMSTERDAM),
      email: AMSTERDAM,
      role: 'operator',
      company: 'Canal House Amsterdam',
      locales: ['nl', 'en', 'de'],
      sourceLocale: 'nl',
    });
  });

  it('refuses requests without a token', async () => {
    const response = await server.request('GET', '/users/me');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.json()).toEqual({ message: 'Unauthorized', statusCode: 401 });
    const garbage = await server.request('GET', '/users/me', { token: 'not.a.jwt' });
    expect(garbage.status).toBe(401);
  });

  it('stops a live token once the user is banned or disabled', async () => {
    const token = await server.login(AMSTERDAM);
    expect((await server.request('GET', '/users/me', { token })).status).toBe(200);
    await server.data.update('users', userId(server, AMSTERDAM), { status: 'banned' });
    const banned = await server.request('GET', '/users/me', { token });
    expect(banned.status).toBe(403);
    expect(((await banned.json()) as ApiErrorBody).message).toBe('This account is banned');

    const berlin = await server.login(BERLIN);
    await server.data.update('users', userId(server, BERLIN), { disabled: true });
    const disabled = await server.request('GET', '/stats', { token: berlin });
    expect(disabled.status).toBe(403);
    expect(((await disabled.json()) as ApiErrorBody).message).toBe('This account is disabled');
  });

  it('refuses a token of a user that no longer exists', async () => {
    const token = await server.login(AMSTERDAM);
    // The account goes, and with it what it owned (PostgreSQL keeps no record of a missing owner).
    const id = userId(server, AMSTERDAM);
    await server.store.transaction(async (tx) => {
      for (const collection of server.store.collections) {
        if (collection === 'users') continue;
        for (const record of await tx.find(collection, { ownerId: id })) {
          await tx.remove(collection, record.id);
        }
      }
      await tx.remove('users', id);
    });
    expect(await server.data.get('users', id)).toBeUndefined();
    expect((await server.request('GET', '/users/me', { token })).status).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const now = Math.floor(server.clock.now() / 1000);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId(server, ADMIN)))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const response = await server.request('GET', '/users/me', { token: forged });
    expect(response.status).toBe(401);
    expect(((await response.json()) as ApiErrorBody).message).toBe('Unauthorized');
  });

  it('refuses an expired token signed with the real secret', async () => {
    const now = Math.floor(server.clock.now() / 1000);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId(server, AMSTERDAM)))
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(secretKey());
    const response = await server.request('GET', '/users/me', { token: expired });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Token expired', statusCode: 401 });
  });

  it('expires an issued token after TOKEN_TTL_SECONDS on the injected clock', async () => {
    const token = await server.login(AMSTERDAM);
    server.clock.advance(3599 * 1000);
    expect((await server.request('GET', '/users/me', { token })).status).toBe(200);
    server.clock.advance(2 * 1000);
    const response = await server.request('GET', '/users/me', { token });
    expect(response.status).toBe(401);
    expect(((await response.json()) as ApiErrorBody).message).toBe('Token expired');
  });

  it('refuses an unsigned token (alg none)', async () => {
    const now = Math.floor(server.clock.now() / 1000);
    const header = base64url({ alg: 'none', typ: 'JWT' });
    const payload = base64url({ sub: String(userId(server, ADMIN)), iat: now, exp: now + 3600 });
    for (const token of [`${header}.${payload}.`, `${header}.${payload}`]) {
      const response = await server.request('GET', '/users/me', { token });
      expect(response.status).toBe(401);
    }
  });

  it('refuses a token signed with the right secret but another algorithm', async () => {
    const now = Math.floor(server.clock.now() / 1000);
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(userId(server, ADMIN)))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(secretKey());
    expect((await server.request('GET', '/users/me', { token: hs512 })).status).toBe(401);
  });
});

describe('JWT secret', () => {
  it('is generated beside the DB file (mode 0600) and reused by the next createApp', async () => {
    const file = path.join(server.dir, '.jwt-secret');
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const secret = fs.readFileSync(file, 'utf8');
    expect(secret.trim().length).toBeGreaterThanOrEqual(32);

    const token = await server.login(AMSTERDAM);
    await server.close({ keepDir: true });
    server = await startServer({ dir: server.dir });
    expect(fs.readFileSync(file, 'utf8')).toBe(secret);
    expect((await server.request('GET', '/users/me', { token })).status).toBe(200);
  });

  it('comes from JWT_SECRET when set, and a short one is refused', async () => {
    const secret = 's'.repeat(40);
    const other = await startServer({ env: { JWT_SECRET: secret } });
    try {
      const token = await other.login(AMSTERDAM);
      const now = Math.floor(other.clock.now() / 1000);
      // sv: the session version every token carries (a seeded account's is 0).
      const own = await new SignJWT({ sv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId(other, ADMIN)))
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(new TextEncoder().encode(secret));
      expect((await other.request('GET', '/users/me', { token })).status).toBe(200);
      expect((await other.request('GET', '/users/me', { token: own })).status).toBe(200);
      expect(fs.existsSync(path.join(other.dir, '.jwt-secret'))).toBe(false);
    } finally {
      await other.close();
    }
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});
