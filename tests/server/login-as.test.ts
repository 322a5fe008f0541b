import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

const loginAs = (token: string, id: unknown) =>
  server.request('POST', '/auth/login-as', { token, json: { id } });

const me = async (token: string) =>
  (await (await server.request('GET', '/users/me', { token })).json()) as User;

describe('POST /auth/login-as', () => {
  it('is refused to operators (403) and to anonymous callers (401)', async () => {
    const operator = await server.login(AMSTERDAM);
    const response = await loginAs(operator, userId(server, BERLIN));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: 'Only administrators can log in as another user',
      statusCode: 403,
    });
    const anonymous = await server.request('POST', '/auth/login-as', { json: { id: 3 } });
    expect(anonymous.status).toBe(401);
    expect(await server.data.all('impersonations')).toEqual([]);
  });

  it('lets an admin sign in as an operator and records it', async () => {
    const admin = await server.login(ADMIN);
    const response = await loginAs(admin, userId(server, AMSTERDAM));
    expect(response.status).toBe(200);
    const { accessToken } = (await response.json()) as { accessToken: string };
    expect((await me(accessToken)).email).toBe(AMSTERDAM);
    expect(decodeJwt(accessToken)).toMatchObject({
      sub: String(userId(server, AMSTERDAM)),
      impersonatorId: userId(server, ADMIN),
    });
    expect(await server.data.all('impersonations')).toEqual([
      {
        id: expect.any(Number),
        adminId: userId(server, ADMIN),
        userId: userId(server, AMSTERDAM),
        at: new Date(server.clock.now()).toISOString(),
      },
    ]);
  });

  it('accepts the id as a numeric string too', async () => {
    const admin = await server.login(ADMIN);
    expect((await loginAs(admin, String(userId(server, BERLIN)))).status).toBe(200);
  });

  it('does not let a plain admin sign in as an admin or super admin', async () => {
    const admin = await server.login(ADMIN);
    const response = await loginAs(admin, userId(server, SUPERADMIN));
    expect(response.status).toBe(403);
    expect(((await response.json()) as ApiErrorBody).message).toBe(
      'Only super administrators can log in as an administrator',
    );
    expect(await server.data.all('impersonations')).toEqual([]);
  });

  it('lets a super admin sign in as an admin', async () => {
    const superAdmin = await server.login(SUPERADMIN);
    const response = await loginAs(superAdmin, userId(server, ADMIN));
    expect(response.status).toBe(200);
    const { accessToken } = (await response.json()) as { accessToken: string };
    expect((await me(accessToken)).email).toBe(ADMIN);
    expect(await server.data.all('impersonations')).toHaveLength(1);
  });

  it('answers 404 for an unknown id, 422 for a missing one, 403 for a banned target', async () => {
    const admin = await server.login(ADMIN);
    expect((await loginAs(admin, 9999)).status).toBe(404);
    for (const id of [undefined, null, 'abc', -1, 1.5]) {
      const invalid = await loginAs(admin, id);
      expect(invalid.status).toBe(422);
      expect(((await invalid.json()) as ApiErrorBody).errors).toEqual({
        id: ['A user id is required'],
      });
    }
    await server.data.update('users', userId(server, BERLIN), { status: 'banned' });
    const banned = await loginAs(admin, userId(server, BERLIN));
    expect(banned.status).toBe(403);
    expect(((await banned.json()) as ApiErrorBody).message).toBe('This account is banned');
  });

  it('ends the impersonated session when the admin behind it is banned', async () => {
    const admin = await server.login(ADMIN);
    const { accessToken } = (await (await loginAs(admin, userId(server, AMSTERDAM))).json()) as {
      accessToken: string;
    };
    await server.data.update('users', userId(server, ADMIN), { status: 'banned' });
    expect((await server.request('GET', '/users/me', { token: accessToken })).status).toBe(401);
  });
});
