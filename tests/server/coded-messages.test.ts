import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/schema/user';
import {
  ADMIN,
  BERLIN,
  SUPERADMIN,
  startServer,
  userId,
  type Answer,
  type TestServer,
} from './helpers';

/**
 * Server messages as codes and values (issue 27 item 13): the generic answers, the "Only … can
 * change …" refusals and Sync's hotel choice carry a code the dashboard words in the user's
 * language (tests/unit/server-messages.test.ts words these very bodies), and keep their English
 * `message` for every other client.
 */

let server: TestServer;
let admin: string;
let berlin: string;
let berlinId: number;

beforeAll(async () => {
  server = await startServer();
  [admin, berlin] = await Promise.all([ADMIN, BERLIN].map((email) => server.login(email)));
  berlinId = userId(server, BERLIN);
});
afterAll(async () => {
  await server.close();
});

const body = (answer: Answer) => answer.body as ApiErrorBody;

describe('coded server messages', () => {
  it('generic answers: not found, validation failed', async () => {
    const missing = await server.send('GET', '/no-such-collection', admin);
    expect(missing.status).toBe(404);
    expect(body(missing)).toEqual({
      message: 'Not found',
      statusCode: 404,
      code: 'apiErrors.notFound',
      values: {},
    });
    const record = await server.send('GET', '/amenities/999999', berlin);
    expect(record.status).toBe(404);
    expect(body(record)).toMatchObject({ message: 'Not found', code: 'apiErrors.notFound' });

    const invalid = await server.send('POST', '/amenities', berlin, {});
    expect(invalid.status).toBe(422);
    expect(body(invalid)).toMatchObject({
      message: 'Validation failed',
      code: 'apiErrors.validationFailed',
      values: {},
    });
  });

  it('"Only … can change …": the account lock, a guarded field, a field of the profile', async () => {
    const locked = await server.send('PATCH', `/users/${userId(server, SUPERADMIN)}`, admin, {
      company: 'Changed',
    });
    expect(locked.status).toBe(403);
    expect(body(locked)).toEqual({
      message: "Only a super administrator can change an administrator's account",
      statusCode: 403,
      code: 'userTabs.lockedAdminAccount',
      values: {},
    });

    const role = await server.send('PATCH', `/users/${berlinId}`, admin, { role: 'admin' });
    expect(role.status).toBe(403);
    expect(body(role)).toEqual({
      message: 'Only a super administrator can change the role',
      statusCode: 403,
      code: 'apiErrors.onlySuperAdminChanges',
      values: { resource: 'users', field: 'role' },
    });

    const own = await server.send('PATCH', '/users/me', berlin, { role: 'admin' });
    expect(own.status).toBe(403);
    expect(body(own)).toEqual({
      message: 'You are not allowed to change the role',
      statusCode: 403,
      code: 'apiErrors.notAllowedToChange',
      values: { resource: 'users', field: 'role' },
    });
  });

  it('an app only an administrator connects for the hotel', async () => {
    const [app] = (await server.data.find('apps', { key: 'channel-axis' })) as {
      id: number;
      name: string;
    }[];
    const permission = await server.send('POST', '/app-permissions', admin, {
      ownerId: berlinId,
      appId: app!.id,
      canSelfConnect: false,
    });
    expect(permission.status, permission.text).toBe(201);
    const refused = await server.send('POST', `/apps/${app!.id}/connect`, berlin, {
      username: 'spree',
      password: 'pw-1234',
    });
    expect(refused.status).toBe(403);
    expect(body(refused)).toEqual({
      message: `Only an administrator can connect ${app!.name} for your hotel`,
      statusCode: 403,
      code: 'apiErrors.onlyAdminConnects',
      values: { app: app!.name },
    });
  });

  it("Sync's and a branding's choice of hotel, under the field", async () => {
    const sync = await server.send('POST', '/amenities/sync', admin, { locale: 'nl' });
    expect(sync.status).toBe(422);
    expect(body(sync)).toMatchObject({
      message: 'Validation failed',
      code: 'apiErrors.validationFailed',
      errors: { ownerId: ['Choose the hotel whose content to sync'] },
      errorCodes: { ownerId: [{ code: 'apiErrors.chooseSyncHotel', values: {} }] },
    });
    const branding = await server.send('GET', '/branding', admin);
    expect(branding.status).toBe(422);
    expect(body(branding)).toMatchObject({
      errors: { ownerId: ['Choose the hotel'] },
      errorCodes: { ownerId: [{ code: 'apiErrors.chooseHotel', values: {} }] },
    });
  });
});
