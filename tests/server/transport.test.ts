import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/schema/user';
import { ADMIN, AMSTERDAM, PASSWORD, startServer, type TestServer } from './helpers';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer({ env: { CORS_ORIGINS: 'http://dashboard.test' } });
  admin = await server.login(ADMIN);
});
afterAll(async () => {
  await server.close();
});

const counts = async () => ({
  users: await server.data.count('users'),
  visits: await server.data.count('visits'),
});

describe('request bodies', () => {
  it('refuses a non-JSON body with 415 before anything handles it', async () => {
    const before = await counts();
    const response = await server.request('POST', '/auth/login', {
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ email: AMSTERDAM, password: PASSWORD }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: 'Content-Type must be application/json',
      statusCode: 415,
    });

    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const created = await server.request('POST', '/visits', {
        token: admin,
        headers: { 'Content-Type': type },
        body: type === 'text/plain' ? 'junk' : 'ownerId=3&visitors=1',
      });
      expect(created.status).toBe(415);
      const put = await server.request('PUT', '/users/3', {
        token: admin,
        headers: { 'Content-Type': type },
        body: 'name=x',
      });
      expect(put.status).toBe(415);
    }
    expect(await counts()).toEqual(before);
    expect((await server.data.get('users', 3))?.name).toBe('Eva de Vries');
  });

  it('accepts application/json with a charset and an empty body without a type', async () => {
    const response = await server.request('POST', '/auth/login', {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ email: AMSTERDAM, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const empty = await server.request('POST', '/auth/forgot-password');
    expect(empty.status).toBe(422);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await server.request('POST', '/auth/login', {
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": "a@b.c", ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Malformed JSON body', statusCode: 400 });
  });

  it('answers 400 when the JSON is not an object', async () => {
    const response = await server.request('POST', '/auth/login', { json: ['a', 'b'] });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).message).toBe(
      'Request body must be a JSON object',
    );
  });

  it('answers 413 in JSON for a body over BODY_LIMIT', async () => {
    const response = await server.request('POST', '/auth/login', {
      json: { email: AMSTERDAM, password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'Request body too large', statusCode: 413 });
  });
});

describe('routing and errors', () => {
  it('answers 404 JSON for an unknown route', async () => {
    const response = await server.request('GET', '/no-such-thing', { token: admin });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      message: 'Not found',
      statusCode: 404,
      code: 'apiErrors.notFound',
      values: {},
    });
  });

  it('asks for a token before revealing whether a route exists', async () => {
    expect((await server.request('GET', '/no-such-thing')).status).toBe(401);
    expect((await server.request('GET', '/visits')).status).toBe(401);
  });

  it('answers GET /health without a token', async () => {
    const response = await server.request('GET', '/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('does not announce the framework', async () => {
    const response = await server.request('GET', '/users/me', { token: admin });
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('query sanitizing', () => {
  it('treats _like as a literal: malformed and catastrophic patterns answer 200 quickly', async () => {
    for (const pattern of ['(', '(a+)+$', '[', '\\', '*']) {
      const started = Date.now();
      const response = await server.request(
        'GET',
        `/visits?date_like=${encodeURIComponent(pattern)}`,
        { token: admin },
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
      expect(Date.now() - started).toBeLessThan(1000);
    }
    // `.` would match every date as a RegExp; as a literal it matches none.
    const dot = await server.request('GET', '/visits?date_like=.', { token: admin });
    expect(await dot.json()).toEqual([]);
    // A plain literal still filters, case-insensitively.
    const users = await server.request('GET', '/users?company_like=CANAL', { token: admin });
    expect(((await users.json()) as { email: string }[]).map((user) => user.email)).toEqual([
      AMSTERDAM,
    ]);
  });

  it('refuses a _like value over 200 characters', async () => {
    const response = await server.request('GET', `/visits?date_like=${'a'.repeat(201)}`, {
      token: admin,
    });
    expect(response.status).toBe(400);
    const ok = await server.request('GET', `/visits?date_like=${'a'.repeat(200)}`, {
      token: admin,
    });
    expect(ok.status).toBe(200);
  });

  it('answers 400, not 500, for repeated single-value parameters', async () => {
    const response = await server.request('GET', '/visits?_sort=date&_sort=id', { token: admin });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).message).toBe(
      'Invalid query parameter "_sort"',
    );
  });

  it('ignores _delay', async () => {
    const started = Date.now();
    const response = await server.request('GET', '/visits?_delay=5000&_end=1', { token: admin });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('CORS', () => {
  it('allows the configured origin and exposes X-Total-Count', async () => {
    const response = await server.request('GET', '/visits?_end=1', {
      token: admin,
      headers: { Origin: 'http://dashboard.test' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://dashboard.test');
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Total-Count');

    const preflight = await server.request('OPTIONS', '/visits', {
      headers: {
        Origin: 'http://dashboard.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
  });

  it('gives no CORS headers to other origins', async () => {
    const response = await server.request('GET', '/users/me', {
      token: admin,
      headers: { Origin: 'http://evil.test' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await server.request('OPTIONS', '/visits', {
      headers: { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
