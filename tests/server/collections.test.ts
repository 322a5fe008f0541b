import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visit } from '../../mock-server/store/types';
import type { ApiErrorBody, User } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  SUPERADMIN,
  startServer,
  userId,
  type TestServer,
} from './helpers';

let server: TestServer;
let admin: string;
let superAdmin: string;
let amsterdam: string;
let amsterdamId: number;
let berlinId: number;
beforeAll(async () => {
  server = await startServer();
  admin = await server.login(ADMIN);
  superAdmin = await server.login(SUPERADMIN);
  amsterdam = await server.login(AMSTERDAM);
  amsterdamId = userId(server, AMSTERDAM);
  berlinId = userId(server, BERLIN);
});
afterAll(async () => {
  await server.close();
});

const get = (urlPath: string, token: string) => server.request('GET', urlPath, { token });

describe('users collection', () => {
  it('is closed to operators (403)', async () => {
    for (const urlPath of ['/users', `/users/${amsterdamId}`]) {
      const response = await get(urlPath, amsterdam);
      expect(response.status).toBe(403);
      expect(((await response.json()) as ApiErrorBody).statusCode).toBe(403);
    }
  });

  it('lists users for admins without any server-only field', async () => {
    for (const token of [admin, superAdmin]) {
      const response = await get('/users', token);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain('passwordHash');
      expect(text).not.toContain('passwordChangedAt');
      expect(text).not.toContain('scrypt$');
      const users = JSON.parse(text) as User[];
      expect(users).toHaveLength(5);
      expect(response.headers.get('x-total-count')).toBe('5');
    }
    const one = await get(`/users/${amsterdamId}`, admin);
    expect(one.status).toBe(200);
    const text = await one.text();
    expect(text).not.toContain('passwordHash');
    expect((JSON.parse(text) as User).email).toBe(AMSTERDAM);
  });

  it('paginates and sorts like json-server, with X-Total-Count', async () => {
    const response = await get('/users?_sort=name&_order=desc&_start=1&_end=3', admin);
    expect(response.headers.get('x-total-count')).toBe('5');
    const names = ((await response.json()) as User[]).map((user) => user.name);
    expect(names).toEqual(['Lukas Schneider', 'Lucía Fernández']);
  });

  it('cannot be searched, filtered or sorted on the password hash', async () => {
    const search = await get('/users?q=scrypt', admin);
    expect(search.status).toBe(200);
    expect(await search.json()).toEqual([]);
    expect(search.headers.get('x-total-count')).toBe('0');

    const found = await get('/users?q=amsterdam', admin);
    expect(((await found.json()) as User[]).map((user) => user.email)).toEqual([AMSTERDAM]);

    for (const query of [
      'passwordHash_like=scrypt',
      'passwordHash=x',
      "['passwordHash']_like=a",
      'passwordChangedAt_gte=2000',
      '_sort=passwordHash',
      '_sort=name,passwordHash',
    ]) {
      const response = await get(`/users?${query}`, admin);
      expect(response.status, query).toBe(400);
    }
  });

  it('refuses deleting a hotel that is not archived (409; offboarding deletes archived ones only)', async () => {
    const before = JSON.stringify(await server.data.all('users'));
    const response = await server.request('DELETE', `/users/${amsterdamId}`, {
      token: superAdmin,
      json: { name: 'Changed', isSuperAdmin: true },
    });
    expect(response.status).toBe(409);
    // json-server's method override header cannot turn a POST into a DELETE.
    const override = await server.request('POST', `/users/${amsterdamId}`, {
      token: superAdmin,
      headers: { 'X-HTTP-Method-Override': 'DELETE' },
    });
    expect(override.status).toBe(405);
    expect(JSON.stringify(await server.data.all('users'))).toBe(before);
  });

  it('ignores _embed and _expand', async () => {
    const response = await get(`/users/${amsterdamId}?_embed=visits&_embed=passwordResets`, admin);
    const user = (await response.json()) as Record<string, unknown>;
    expect(user).not.toHaveProperty('visits');
    expect(user).not.toHaveProperty('passwordResets');
    const visits = await get('/visits?_expand=owner&_expand=user&_end=1', admin);
    expect((await visits.json()) as Record<string, unknown>[]).toEqual([
      expect.not.objectContaining({ owner: expect.anything() }),
    ]);
  });
});

describe('visits collection', () => {
  const ownVisits = () => server.data.find('visits', { ownerId: amsterdamId });

  it('shows an operator only their own visits, whatever ownerId they send', async () => {
    for (const query of [
      '',
      `?ownerId=${berlinId}`,
      `?ownerId=${berlinId}&ownerId=${amsterdamId}`,
      `?ownerId_ne=${amsterdamId}`,
    ]) {
      const response = await get(`/visits${query}`, amsterdam);
      expect(response.status).toBe(200);
      const visits = (await response.json()) as Visit[];
      expect(
        visits.every((visit) => visit.ownerId === amsterdamId),
        query,
      ).toBe(true);
    }
    const all = await get(`/visits?ownerId=${berlinId}&_start=0&_end=10`, amsterdam);
    expect(all.headers.get('x-total-count')).toBe(String((await ownVisits()).length));
    expect((await all.json()) as Visit[]).toHaveLength(10);
    expect(await ownVisits()).toHaveLength(90);
  });

  it('answers 404 for another tenant’s visit, exactly as for a missing one', async () => {
    const [foreign] = await server.data.find('visits', { ownerId: berlinId });
    const response = await get(`/visits/${foreign!.id}`, amsterdam);
    expect(response.status).toBe(404);
    const missing = await get('/visits/999999', amsterdam);
    expect(missing.status).toBe(404);
    expect(await response.json()).toEqual(await missing.json());

    const [own] = await ownVisits();
    const mine = await get(`/visits/${own!.id}`, amsterdam);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual(own);
  });

  it('shows admins every tenant, and lets them filter by ownerId', async () => {
    const response = await get('/visits?_start=0&_end=5', admin);
    expect(response.headers.get('x-total-count')).toBe(String(await server.data.count('visits')));
    const berlin = await get(`/visits?ownerId=${berlinId}&_end=1000`, admin);
    expect(berlin.headers.get('x-total-count')).toBe('90');
    const [foreign] = await server.data.find('visits', { ownerId: berlinId });
    expect((await get(`/visits/${foreign!.id}`, admin)).status).toBe(200);
  });

  it('refuses writes with 405', async () => {
    const before = await server.data.count('visits');
    const created = await server.request('POST', '/visits', {
      token: amsterdam,
      json: { ownerId: amsterdamId, date: '2020-01-01', visitors: 1 },
    });
    expect(created.status).toBe(405);
    expect(await server.data.count('visits')).toBe(before);
  });
});

describe('unreachable data', () => {
  it('answers 404 for internal collections, json-server extras and nested routes', async () => {
    for (const urlPath of [
      '/passwordResets',
      '/passwordResets/1',
      '/impersonations',
      '/impersonations/1',
      '/db',
      `/users/${amsterdamId}/visits`,
      `/users/${amsterdamId}/passwordResets`,
      '/USERS',
      '/__proto__',
    ]) {
      const response = await get(urlPath, superAdmin);
      expect(response.status, urlPath).toBe(404);
      expect(await response.json()).toEqual({
        message: 'Not found',
        statusCode: 404,
        code: 'apiErrors.notFound',
        values: {},
      });
    }
  });
});
