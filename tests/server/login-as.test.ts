import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody, User } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  MADRID,
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
    // The operator's attempt is on the audit trail; the anonymous one had nobody to name.
    expect(await server.store.find('impersonations', {})).toEqual([
      expect.objectContaining({
        kind: 'login-as',
        outcome: 'refused',
        adminId: userId(server, AMSTERDAM),
        userId: userId(server, BERLIN),
        statusCode: 403,
      }),
    ]);
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
    const [record] = await server.store.find('impersonations', {});
    expect(await server.store.find('impersonations', {})).toEqual([
      {
        id: expect.any(Number),
        kind: 'login-as',
        outcome: 'allowed',
        adminId: userId(server, ADMIN),
        userId: userId(server, AMSTERDAM),
        actingAdminId: userId(server, ADMIN),
        chain: [userId(server, ADMIN), userId(server, AMSTERDAM)],
        viaId: null,
        at: new Date(server.clock.now()).toISOString(),
      },
    ]);
    // The session's token names its record, for the chain of a further login-as.
    expect(decodeJwt(accessToken).iid).toBe(record!.id);
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
    expect(await server.store.find('impersonations', { outcome: 'allowed' })).toEqual([]);
  });

  it('lets a super admin sign in as an admin', async () => {
    const superAdmin = await server.login(SUPERADMIN);
    const response = await loginAs(superAdmin, userId(server, ADMIN));
    expect(response.status).toBe(200);
    const { accessToken } = (await response.json()) as { accessToken: string };
    expect((await me(accessToken)).email).toBe(ADMIN);
    expect(await server.store.find('impersonations', {})).toHaveLength(1);
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

describe('the audit trail of log in as (issue 26, point 6)', () => {
  const tokenOf = async (response: Response) =>
    ((await response.json()) as { accessToken: string }).accessToken;
  const trail = () => server.store.find('impersonations', {});

  it('records the real chain: super admin → admin → hotel names the super admin behind it', async () => {
    const [superId, adminId, berlinId] = [SUPERADMIN, ADMIN, BERLIN].map((email) =>
      userId(server, email),
    );
    const asAdmin = await tokenOf(await loginAs(await server.login(SUPERADMIN), adminId));
    const asBerlin = await tokenOf(await loginAs(asAdmin, berlinId));
    expect((await me(asBerlin)).email).toBe(BERLIN);
    const [first, second] = await trail();
    expect(first).toMatchObject({
      kind: 'login-as',
      outcome: 'allowed',
      adminId: superId,
      userId: adminId,
      actingAdminId: superId,
      chain: [superId, adminId],
      viaId: null,
    });
    expect(second).toMatchObject({
      kind: 'login-as',
      outcome: 'allowed',
      adminId,
      userId: berlinId,
      actingAdminId: superId,
      chain: [superId, adminId, berlinId],
      viaId: first!.id,
    });
    expect(decodeJwt(asBerlin)).toMatchObject({ impersonatorId: superId, iid: second!.id });
  });

  it('records refused attempts with the status and the reason', async () => {
    const admin = await server.login(ADMIN);
    const adminId = userId(server, ADMIN);
    const superId = userId(server, SUPERADMIN);
    const ban = await server.request('PATCH', `/users/${userId(server, MADRID)}`, {
      token: admin,
      json: { status: 'banned' },
    });
    expect(ban.status).toBe(200);
    expect((await loginAs(admin, superId)).status).toBe(403);
    expect((await loginAs(admin, 9999)).status).toBe(404);
    expect((await loginAs(admin, 'abc')).status).toBe(422);
    expect((await loginAs(admin, userId(server, MADRID))).status).toBe(403);
    const rows = await trail();
    expect(
      rows.map(({ outcome, adminId: by, userId: to, statusCode, reason, chain }) => ({
        outcome,
        by,
        to,
        statusCode,
        reason,
        chain,
      })),
    ).toEqual([
      {
        outcome: 'refused',
        by: adminId,
        to: superId,
        statusCode: 403,
        reason: 'Only super administrators can log in as an administrator',
        chain: [adminId, superId],
      },
      {
        outcome: 'refused',
        by: adminId,
        to: 9999,
        statusCode: 404,
        reason: 'User not found',
        chain: [adminId, 9999],
      },
      {
        outcome: 'refused',
        by: adminId,
        to: null,
        statusCode: 422,
        reason: 'Validation failed',
        chain: [adminId],
      },
      {
        outcome: 'refused',
        by: adminId,
        to: userId(server, MADRID),
        statusCode: 403,
        reason: 'This account is banned',
        chain: [adminId, userId(server, MADRID)],
      },
    ]);
  });

  it('records every write made in a login-as session with the administrator acting behind it', async () => {
    const [superId, adminId, amsterdamId, berlinId] = [SUPERADMIN, ADMIN, AMSTERDAM, BERLIN].map(
      (email) => userId(server, email),
    );
    // A hotel's own writes are not impersonation.
    const own = await server.login(AMSTERDAM);
    expect(
      (await server.request('PATCH', '/users/me', { token: own, json: { name: 'Own' } })).status,
    ).toBe(200);
    expect(await trail()).toEqual([]);

    const asAmsterdam = await tokenOf(await loginAs(await server.login(ADMIN), amsterdamId));
    const [login] = await trail();
    const renamed = await server.request('PATCH', '/users/me', {
      token: asAmsterdam,
      json: { name: 'Renamed by the admin' },
    });
    expect(renamed.status).toBe(200);
    const refused = await server.request('POST', '/amenity-categories', {
      token: asAmsterdam,
      json: { name: '' },
    });
    expect(refused.status).toBe(422);
    // Reads are not writes.
    expect(
      (await server.request('GET', '/amenity-categories', { token: asAmsterdam })).status,
    ).toBe(200);
    await vi.waitFor(async () =>
      expect(await server.store.find('impersonations', { kind: 'write' })).toEqual([
        expect.objectContaining({
          adminId,
          userId: amsterdamId,
          actingAdminId: adminId,
          chain: [adminId, amsterdamId],
          viaId: login!.id,
          method: 'PATCH',
          path: '/users/me',
          statusCode: 200,
        }),
        expect.objectContaining({
          actingAdminId: adminId,
          method: 'POST',
          path: '/amenity-categories',
          statusCode: 422,
        }),
      ]),
    );

    // Two steps deep, the write names the super administrator who started it all.
    const asAdmin = await tokenOf(await loginAs(await server.login(SUPERADMIN), adminId));
    const asBerlin = await tokenOf(await loginAs(asAdmin, berlinId));
    expect(
      (await server.request('PATCH', '/users/me', { token: asBerlin, json: { name: 'B' } })).status,
    ).toBe(200);
    await vi.waitFor(async () =>
      expect(
        await server.store.find('impersonations', { kind: 'write', userId: berlinId }),
      ).toEqual([
        expect.objectContaining({
          adminId: superId,
          actingAdminId: superId,
          chain: [superId, adminId, berlinId],
          statusCode: 200,
        }),
      ]),
    );
  });
});
