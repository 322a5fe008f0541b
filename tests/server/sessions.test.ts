import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLatestMail } from '../../mock-server/auth/mailer';
import { hashingLoad, hashPasswordSync, verifyPassword } from '../../mock-server/auth/password';
import { FORGOT_LIMITS, LOGIN_LIMITS, LoginThrottle } from '../../mock-server/auth/throttle';
import { afterAnswerSettled } from '../../mock-server/http/afterAnswer';
import { clientAddress } from '../../mock-server/http/rateLimit';
import { RESET_LIMITS } from '../../mock-server/auth/resets';
import type { PasswordReset } from '../../mock-server/store/types';
import type { ApiError } from '../../src/schema/errors';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  MADRID,
  PASSWORD,
  SUPERADMIN,
  startServer,
  STORE_KIND,
  testLimiter,
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

const MINUTE = 60_000;
const INVALID_RESET = 'This reset link is invalid or has expired';

const forgot = (email: string) =>
  server.request('POST', '/auth/forgot-password', { json: { email } });
const reset = (token: string, password: string) =>
  server.request('POST', '/auth/reset-password', { json: { token, password } });
const me = async (token: string) => (await server.request('GET', '/users/me', { token })).status;

/** Requests a reset link for `email` and returns the token from the mailed link. */
async function mailedToken(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(204);
  const mail = readLatestMail(server.config.mailOutbox, email);
  const match = /token=([\w-]+)/.exec(mail?.text ?? '');
  expect(match).not.toBeNull();
  return match![1];
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/**
 * A request from another loopback address (127.0.0.0/8 all reach the server), so the API sees a
 * different `req.ip` without trusting any forwarding header.
 */
function from(address: string, method: string, urlPath: string, json?: unknown): Promise<Reply> {
  const url = new URL(urlPath, server.baseUrl);
  const payload = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        localAddress: address,
        agent: false,
        headers: payload
          ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }
          : {},
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        // Once the request's after-answer work is done too (what it stores).
        response.on(
          'end',
          () =>
            void afterAnswerSettled().then(() =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: text ? (JSON.parse(text) as unknown) : undefined,
              }),
            ),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const signIn = (address: string, email: string, password: string) =>
  from(address, 'POST', '/auth/login', { email, password });

describe('sessions end when the account changes', () => {
  it('ends a session signed in the same second as a password reset', async () => {
    // The clock does not move: the session and the reset share one second.
    const session = await server.login(AMSTERDAM);
    const token = await mailedToken(AMSTERDAM);
    expect((await reset(token, 'new-password-1')).status).toBe(204);
    expect(await me(session)).toBe(401);
    expect(await me(await server.login(AMSTERDAM, 'new-password-1'))).toBe(200);
  });

  it('refuses 8 sign-ins with the old password racing a reset (at sign-in or on first use)', async () => {
    const token = await mailedToken(AMSTERDAM);
    // From 8 addresses, so the sign-in limits stay out of the way.
    const racing = Array.from({ length: 8 }, (_, index) =>
      signIn(`127.0.2.${index + 1}`, AMSTERDAM, PASSWORD),
    );
    expect((await reset(token, 'new-password-1')).status).toBe(204);
    for (const { status, body } of await Promise.all(racing)) {
      if (status === 200) {
        expect(await me((body as { accessToken: string }).accessToken)).toBe(401);
      } else {
        expect(status).toBe(401);
      }
    }
  });

  it('refuses a token without a session version (signed before versions existed)', async () => {
    const secret = fs.readFileSync(path.join(server.dir, '.jwt-secret'), 'utf8').trim();
    const now = Math.floor(server.clock.now() / 1000);
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId(server, AMSTERDAM)))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(secret));
    expect(await me(legacy)).toBe(401);
  });

  it.each([
    ['a ban (even once lifted)', [{ status: 'banned' }, { status: 'active' }]],
    ['a disable (even once lifted)', [{ disabled: true }, { disabled: false }]],
    ['a role change', [{ role: 'admin' }]],
  ])("%s ends the account's sessions, and only that account's", async (_name, patches) => {
    const superAdmin = await server.login(SUPERADMIN);
    const berlin = await server.login(BERLIN);
    const madrid = await server.login(MADRID);
    for (const patch of patches) {
      const { status } = await server.send(
        'PATCH',
        `/users/${userId(server, BERLIN)}`,
        superAdmin,
        patch,
      );
      expect(status).toBe(200);
    }
    expect(await me(berlin)).toBe(401);
    expect(await me(madrid)).toBe(200);
    expect(await me(superAdmin)).toBe(200);
    // Signing in again works, and the version itself never leaves the server.
    expect(await me(await server.login(BERLIN))).toBe(200);
    const shown = await server.send('GET', `/users/${userId(server, BERLIN)}`, superAdmin);
    expect(shown.text).not.toContain('sessionVersion');
  });

  it('keeps sessions through other edits of the account', async () => {
    const admin = await server.login(ADMIN);
    const berlin = await server.login(BERLIN);
    const id = userId(server, BERLIN);
    expect((await server.send('PATCH', `/users/${id}`, admin, { company: 'Spree' })).status).toBe(
      200,
    );
    expect(await me(berlin)).toBe(200);
  });

  it('ends a "log in as" session when the target or the administrator behind it changes', async () => {
    const superAdmin = await server.login(SUPERADMIN);
    const admin = await server.login(ADMIN);
    const loginAs = async (token: string, email: string) => {
      const response = await server.send('POST', '/auth/login-as', token, {
        id: userId(server, email),
      });
      expect(response.status).toBe(200);
      return (response.body as { accessToken: string }).accessToken;
    };
    // The target's role changes.
    const asBerlin = await loginAs(admin, BERLIN);
    expect(await me(asBerlin)).toBe(200);
    const berlinId = userId(server, BERLIN);
    await server.send('PATCH', `/users/${berlinId}`, superAdmin, { role: 'admin' });
    expect(await me(asBerlin)).toBe(401);
    // The administrator resets their password.
    const asMadrid = await loginAs(admin, MADRID);
    expect(await me(asMadrid)).toBe(200);
    expect((await reset(await mailedToken(ADMIN), 'new-password-1')).status).toBe(204);
    expect(await me(asMadrid)).toBe(401);
  });
});

describe('password resets of blocked accounts', () => {
  it("kills a banned account's open links, even after the ban is lifted", async () => {
    const superAdmin = await server.login(SUPERADMIN);
    const link = await mailedToken(BERLIN);
    const id = userId(server, BERLIN);
    await server.send('PATCH', `/users/${id}`, superAdmin, { status: 'banned' });
    expect((await server.data.all('passwordResets')).every((row) => row.usedAt !== null)).toBe(
      true,
    );
    await server.send('PATCH', `/users/${id}`, superAdmin, { status: 'active' });
    const response = await reset(link, 'new-password-1');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: INVALID_RESET, statusCode: 400 });
    expect(await me(await server.login(BERLIN))).toBe(200);
  });

  it('does not let a disabled account complete a reset', async () => {
    const link = await mailedToken(BERLIN);
    // Disabled behind the API's back: the link is still open, the account is not.
    await server.data.update('users', userId(server, BERLIN), { disabled: true });
    const response = await reset(link, 'new-password-1');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: INVALID_RESET, statusCode: 400 });
    await server.data.update('users', userId(server, BERLIN), { disabled: false });
    expect(await me(await server.login(BERLIN))).toBe(200);
  });
});

describe('sign-in limits', () => {
  it('lets the owner in from another address after an attacker failed 5 times', async () => {
    const { maxFailuresPerPair } = LOGIN_LIMITS;
    for (let attempt = 0; attempt < maxFailuresPerPair; attempt++) {
      expect((await signIn('127.0.0.2', AMSTERDAM, 'guess')).status).toBe(401);
    }
    const stopped = await signIn('127.0.0.2', AMSTERDAM, PASSWORD);
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect(stopped.body).toEqual({
      message: 'Too many sign-in attempts. Try again later.',
      statusCode: 429,
    });
    // The attacker's address may still try other accounts (up to the address limit).
    expect((await signIn('127.0.0.2', BERLIN, PASSWORD)).status).toBe(200);
    // The owner, elsewhere, is not locked out.
    expect((await signIn('127.0.0.3', AMSTERDAM, PASSWORD)).status).toBe(200);
    expect(await me(await server.login(AMSTERDAM))).toBe(200);
  });

  it('stops one address after its failures across many emails, not the others', async () => {
    const { maxFailuresPerAddress, windowMs } = LOGIN_LIMITS;
    for (let attempt = 0; attempt < maxFailuresPerAddress; attempt++) {
      const email = `guess-${attempt}@example.com`;
      expect((await signIn('127.0.0.4', email, 'guess')).status).toBe(401);
    }
    const stopped = await signIn('127.0.0.4', MADRID, PASSWORD);
    expect(stopped.status).toBe(429);
    const retryAfter = Number(stopped.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
    expect((await signIn('127.0.0.5', MADRID, PASSWORD)).status).toBe(200);
    // A sliding window: once the failures are old enough, the address may try again.
    server.clock.advance(windowMs + 1);
    expect((await signIn('127.0.0.4', MADRID, PASSWORD)).status).toBe(200);
  });

  it('counts parallel guesses before hashing, so a burst cannot slip past the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signIn('127.0.0.6', AMSTERDAM, 'guess')),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      LOGIN_LIMITS.maxFailuresPerPair,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      12 - LOGIN_LIMITS.maxFailuresPerPair,
    );
  });
});

describe('forgot-password limits', () => {
  it('answers 429 to an address over its limit, whatever the emails', async () => {
    const { maxPerAddress } = FORGOT_LIMITS;
    for (let request = 0; request < maxPerAddress; request++) {
      const email = `someone-${request}@example.com`;
      expect((await from('127.0.0.7', 'POST', '/auth/forgot-password', { email })).status).toBe(
        204,
      );
    }
    const stopped = await from('127.0.0.7', 'POST', '/auth/forgot-password', { email: BERLIN });
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect(readLatestMail(server.config.mailOutbox, BERLIN)).toBeUndefined();
    // Another address is not affected.
    expect(
      (await from('127.0.0.8', 'POST', '/auth/forgot-password', { email: BERLIN })).status,
    ).toBe(204);
    expect(readLatestMail(server.config.mailOutbox, BERLIN)).toBeDefined();
  });

  it('sends at most the per-email number of mails, answering 204 to every request', async () => {
    const { maxPerEmail } = FORGOT_LIMITS;
    for (let request = 0; request < maxPerEmail + 3; request++) {
      // From many addresses, so only the per-email limit applies.
      const address = `127.0.1.${request + 1}`;
      const response = await from(address, 'POST', '/auth/forgot-password', { email: AMSTERDAM });
      expect(response.status).toBe(204);
      expect(response.body).toBeUndefined();
    }
    const mails = fs.readdirSync(server.config.mailOutbox);
    expect(mails).toHaveLength(maxPerEmail);
    expect(await server.data.count('passwordResets')).toBe(maxPerEmail);
  });

  it('keeps the stored resets bounded after 50 requests over two days', async () => {
    const id = userId(server, AMSTERDAM);
    let latest = '';
    for (let request = 0; request < 50; request++) {
      if (request) server.clock.advance(59 * MINUTE);
      latest = await mailedToken(AMSTERDAM);
    }
    const at = server.clock.now();
    const rows = (await server.data.find('passwordResets', {
      userId: id,
    })) as unknown as PasswordReset[];
    expect(rows.length).toBeLessThanOrEqual(RESET_LIMITS.maxKeptPerUser);
    const open = rows.filter((row) => row.usedAt === null && Date.parse(row.expiresAt) > at);
    expect(open.length).toBeLessThanOrEqual(RESET_LIMITS.maxOpenPerUser);
    // Nothing closed (used or expired) for more than a day is kept.
    for (const row of rows) {
      const closedAt = Math.min(Date.parse(row.usedAt ?? row.expiresAt), Date.parse(row.expiresAt));
      if (closedAt <= at) expect(closedAt).toBeGreaterThan(at - 24 * 60 * MINUTE);
    }
    // The newest link still works.
    expect((await reset(latest, 'new-password-1')).status).toBe(204);
  });
});

describe('reset mails leave the request path', () => {
  let smtp: net.Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (smtp ? smtp.close(resolve) : resolve(undefined)));
    smtp = undefined;
  });

  it('answers known and unknown emails alike while a slow mail server takes 2 s', async () => {
    // A mail server that greets nobody for 2 s, then refuses.
    smtp = net.createServer((socket) => {
      socket.on('error', () => undefined);
      const timer = setTimeout(() => socket.end('421 Too busy\r\n'), 2000);
      socket.on('close', () => clearTimeout(timer));
    });
    await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
    const port = (smtp.address() as AddressInfo).port;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const slow = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      for (const email of [AMSTERDAM, 'nobody@example.com']) {
        const started = performance.now();
        const response = await slow.request('POST', '/auth/forgot-password', { json: { email } });
        expect(response.status, email).toBe(204);
        expect(performance.now() - started, email).toBeLessThan(500);
      }
      expect(await slow.data.count('passwordResets')).toBe(1);
      // The refused mail is logged on the server, never turned into an answer.
      await vi.waitFor(() => expect(errors).toHaveBeenCalled(), { timeout: 5000 });
      expect(String(errors.mock.calls[0][0])).toMatch(/reset mail/i);
    } finally {
      errors.mockRestore();
      await slow.close();
    }
  });
});

describe(`LoginThrottle (counting in ${STORE_KIND === 'postgres' ? 'PostgreSQL' : 'memory'})`, () => {
  let time = 0;
  const now = () => time;
  beforeEach(() => {
    time = Date.UTC(2025, 0, 1);
  });
  const refused = async (run: () => Promise<unknown>): Promise<ApiError> => {
    try {
      await run();
    } catch (error) {
      return error as ApiError;
    }
    throw new Error('expected a 429');
  };

  it('keeps (email, address) pairs apart', async () => {
    const throttle = new LoginThrottle(testLimiter(server), now);
    for (let attempt = 0; attempt < LOGIN_LIMITS.maxFailuresPerPair; attempt++) {
      await throttle.beginSignIn('owner@example.com', '203.0.113.1');
    }
    const error = await refused(() => throttle.beginSignIn('Owner@Example.com', '203.0.113.1'));
    expect(error.statusCode).toBe(429);
    expect(error.headers?.['Retry-After']).toBe(String(LOGIN_LIMITS.windowMs / 1000));
    // Another address, or another email from the same address, may still try.
    await (await throttle.beginSignIn('owner@example.com', '198.51.100.7')).succeeded();
    await throttle.beginSignIn('other@example.com', '203.0.113.1');
    time += LOGIN_LIMITS.windowMs / 3;
    expect(
      (await refused(() => throttle.beginSignIn('owner@example.com', '203.0.113.1'))).headers,
    ).toEqual({ 'Retry-After': String((LOGIN_LIMITS.windowMs * 2) / 3 / 1000) });
  });

  it('limits an address across emails, and a success does not reset that count', async () => {
    const throttle = new LoginThrottle(testLimiter(server), now);
    for (let attempt = 0; attempt < LOGIN_LIMITS.maxFailuresPerAddress - 1; attempt++) {
      await throttle.beginSignIn(`guess-${attempt}@example.com`, '203.0.113.9');
      time += 1000;
    }
    // The attacker's own account signs in fine, and that erases none of the failures.
    await (await throttle.beginSignIn('mine@example.com', '203.0.113.9')).succeeded();
    await throttle.beginSignIn('last@example.com', '203.0.113.9');
    expect(
      (await refused(() => throttle.beginSignIn('mine@example.com', '203.0.113.9'))).statusCode,
    ).toBe(429);
    await (await throttle.beginSignIn('mine@example.com', '203.0.113.10')).succeeded();
    // The oldest failure leaves the window first: one more try, not a whole new allowance.
    time += LOGIN_LIMITS.windowMs - (LOGIN_LIMITS.maxFailuresPerAddress - 1) * 1000 + 1;
    await throttle.beginSignIn('again@example.com', '203.0.113.9');
    expect(
      (await refused(() => throttle.beginSignIn('more@example.com', '203.0.113.9'))).statusCode,
    ).toBe(429);
  });

  it('forgets a pair after a password reset', async () => {
    const throttle = new LoginThrottle(testLimiter(server), now);
    for (let attempt = 0; attempt < LOGIN_LIMITS.maxFailuresPerPair; attempt++) {
      await throttle.beginSignIn('owner@example.com', '203.0.113.1');
    }
    await throttle.clearEmail('OWNER@example.com');
    await (await throttle.beginSignIn('owner@example.com', '203.0.113.1')).succeeded();
  });

  it('limits reset mails per address (429) and per email (silently)', async () => {
    const throttle = new LoginThrottle(testLimiter(server), now);
    for (let request = 0; request < FORGOT_LIMITS.maxPerEmail; request++) {
      expect(await throttle.allowResetMail('owner@example.com', `203.0.113.${request}`)).toBe(true);
    }
    expect(await throttle.allowResetMail('owner@example.com', '203.0.113.200')).toBe(false);
    for (let request = 1; request < FORGOT_LIMITS.maxPerAddress; request++) {
      await throttle.allowResetMail(`someone-${request}@example.com`, '198.51.100.1');
    }
    expect(await throttle.allowResetMail('x@example.com', '198.51.100.1')).toBe(true);
    expect(
      (await refused(() => throttle.allowResetMail('y@example.com', '198.51.100.1'))).statusCode,
    ).toBe(429);
    time += FORGOT_LIMITS.windowMs + 1;
    expect(await throttle.allowResetMail('owner@example.com', '198.51.100.1')).toBe(true);
  });

  it('keys clients by address, an IPv6 client by its /64', () => {
    expect(clientAddress('203.0.113.5')).toBe('203.0.113.5');
    expect(clientAddress('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:DB8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddress(undefined)).toBe('unknown');
  });
});

describe('password hashing (unit)', () => {
  it('runs a bounded number of scrypt hashes at once and queues the rest', async () => {
    const stored = hashPasswordSync('demo1234', Buffer.alloc(16, 1));
    // Let the test server's own hashing (its dummy hash) finish first.
    await vi.waitFor(() => expect(hashingLoad()).toMatchObject({ running: 0, queued: 0 }), {
      timeout: 5000,
    });
    const checks = Array.from({ length: 10 }, () => verifyPassword('demo1234', stored));
    const { running, queued, limit } = hashingLoad();
    expect(running).toBe(limit);
    expect(queued).toBe(10 - limit);
    expect(await Promise.all(checks)).toEqual(Array(10).fill(true));
    expect(hashingLoad()).toMatchObject({ running: 0, queued: 0 });
  });
});
