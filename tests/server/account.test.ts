import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../mock-server/auth/password';
import { CHANGE_PASSWORD_LIMITS, FRESH_TOKEN_HEADER } from '../../src/schema/account';
import type { User } from '../../src/schema/user';
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

type Row = Record<string, unknown>;

/** The user as stored (a 2xx means it is on disk, in the file or the database). */
const onDisk = async (id: number): Promise<Row> => (await server.data.get('users', id))!;

const ADDRESS = {
  street: 'Prinsengracht',
  houseNumber: '263',
  city: 'Amsterdam',
  state: 'Noord-Holland',
  zipCode: '1016 GV',
  country: 'Netherlands',
};

const change = (token: string | undefined, oldPassword: unknown, newPassword: unknown) =>
  server.send('POST', '/users/me/password', token, { oldPassword, newPassword });

describe('PATCH /users/me', () => {
  it('moves the account’s version, so an administrator’s open edit of it gets a 412; a save with no change moves nothing', async () => {
    const token = await server.login(AMSTERDAM);
    const admin = await server.login(ADMIN);
    const id = userId(server, AMSTERDAM);
    const etag = async () =>
      (await server.request('GET', `/users/${id}`, { token: admin })).headers.get('etag');
    const opened = await etag();
    const me = (await server.send('GET', '/users/me', token)).body as Row;
    expect((await server.send('PATCH', '/users/me', token, { name: me.name })).status).toBe(200);
    expect(await etag()).toBe(opened);

    expect(
      (await server.send('PATCH', '/users/me', token, { phoneNumber: '+31 20 555 0199' })).status,
    ).toBe(200);
    expect(await etag()).toBe(`"${Number(JSON.parse(opened!)) + 1}"`);
    const stale = await server.request('PATCH', `/users/${id}`, {
      token: admin,
      json: { company: 'Somewhere else' },
      headers: { 'If-Match': opened! },
    });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({
      conflict: { changedBy: { id }, fields: expect.arrayContaining(['phoneNumber']) as unknown },
    });
    expect(await onDisk(id)).toMatchObject({ phoneNumber: '+31 20 555 0199' });
  });

  it('honours If-Match: a save over an older version of the account answers 412 naming the change, and stores nothing', async () => {
    const token = await server.login(AMSTERDAM);
    const admin = await server.login(ADMIN);
    const id = userId(server, AMSTERDAM);
    const loaded = await server.request('GET', `/users/${id}`, { token: admin });
    const opened = loaded.headers.get('etag')!;
    // The administrator changes the account after its owner loaded it.
    const theirs = await server.request('PATCH', `/users/${id}`, {
      token: admin,
      json: { phoneNumber: '+31 20 555 0177' },
      headers: { 'If-Match': opened },
    });
    expect(theirs.status).toBe(200);
    const stale = await server.request('PATCH', '/users/me', {
      token,
      json: { phoneNumber: '+31 20 555 0188' },
      headers: { 'If-Match': opened },
    });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe(`"${Number(JSON.parse(opened)) + 1}"`);
    expect(await stale.json()).toMatchObject({
      conflict: { fields: expect.arrayContaining(['phoneNumber']) as unknown },
    });
    expect(await onDisk(id)).toMatchObject({ phoneNumber: '+31 20 555 0177' });
    // The current version goes through; a malformed one is a 400.
    const fresh = await server.request('PATCH', '/users/me', {
      token,
      json: { phoneNumber: '+31 20 555 0188' },
      headers: { 'If-Match': stale.headers.get('etag')! },
    });
    expect(fresh.status).toBe(200);
    expect(await onDisk(id)).toMatchObject({ phoneNumber: '+31 20 555 0188' });
    const malformed = await server.request('PATCH', '/users/me', {
      token,
      json: { phoneNumber: '+31 20 555 0199' },
      headers: { 'If-Match': 'three' },
    });
    expect(malformed.status).toBe(400);
  });

  it('changes the own name, phone number, avatar and address, on disk, and answers the user', async () => {
    const token = await server.login(AMSTERDAM);
    const id = userId(server, AMSTERDAM);
    const avatar = `/uploads/files/${id}/Lh7Kq2Vx9Pz4Rb6Tn1Wc3d.png`;
    const { status, body } = await server.send('PATCH', '/users/me', token, {
      name: '  Hotel Canal House ',
      phoneNumber: '+31 20 555 0101',
      avatar,
      address: ADDRESS,
    });
    expect(status).toBe(200);
    const user = body as User & Row;
    expect(user).toMatchObject({ id, name: 'Hotel Canal House', phoneNumber: '+31 20 555 0101' });
    expect(user.address).toEqual(ADDRESS);
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).not.toHaveProperty('sessionVersion');
    expect(await onDisk(id)).toMatchObject({
      name: 'Hotel Canal House',
      avatar,
      address: ADDRESS,
    });
    // Same presenter as GET.
    expect((await server.send('GET', '/users/me', token)).body).toEqual(body);
  });

  it('keeps what is left out and accepts the GET answer sent back unchanged', async () => {
    const token = await server.login(BERLIN);
    const me = (await server.send('GET', '/users/me', token)).body as Row;
    const { status, body } = await server.send('PATCH', '/users/me', token, {
      ...me,
      name: 'Berlin Renamed',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ...me, name: 'Berlin Renamed', updatedAt: expect.any(String) });
    expect(
      (await server.send('PATCH', '/users/me', token, { phoneNumber: '+49 30 1234567' })).body,
    ).toMatchObject({ name: 'Berlin Renamed', phoneNumber: '+49 30 1234567', address: me.address });
  });

  it.each([
    ['role', 'admin', 'role'],
    ['status', 'banned', 'status'],
    ['slug', 'taken-over', 'slug'],
    ['email', 'someone@example.com', 'email'],
    ['emailVerified', false, 'email verified'],
    ['disabled', true, 'account disabled'],
    ['isAdmin', true, 'administrator'],
    ['locales', ['en'], 'languages'],
    ['company', 'Me Inc.', 'company'],
  ])('refuses a change of %s with 403 and changes nothing', async (field, value, label) => {
    const token = await server.login(AMSTERDAM);
    const id = userId(server, AMSTERDAM);
    const before = await onDisk(id);
    const { status, body } = await server.send('PATCH', '/users/me', token, {
      name: 'Sneaky',
      [field]: value,
    });
    expect(status).toBe(403);
    expect((body as { message: string }).message).toBe(
      `You are not allowed to change the ${label}`,
    );
    expect(await onDisk(id)).toEqual(before);
  });

  it('answers 422 naming the field for an invalid profile', async () => {
    const token = await server.login(AMSTERDAM);
    const id = userId(server, AMSTERDAM);
    const before = await onDisk(id);
    const { status, body } = await server.send('PATCH', '/users/me', token, {
      name: '   ',
      address: { ...ADDRESS, city: '', zipCode: undefined },
    });
    expect(status).toBe(422);
    expect((body as { errors: Row }).errors).toEqual({
      name: ['Name is required'],
      'address.city': ['City is required'],
      'address.zipCode': ['Zip code is required'],
    });
    expect(await onDisk(id)).toEqual(before);
    const bad = await server.send('PATCH', '/users/me', token, { address: null });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: Row }).errors)).toEqual(['address']);
  });

  it('answers 401 without a session and 400 for a body that is not an object', async () => {
    expect((await server.send('PATCH', '/users/me', undefined, { name: 'x' })).status).toBe(401);
    expect((await server.send('POST', '/users/me/password', undefined, {})).status).toBe(401);
    const token = await server.login(AMSTERDAM);
    expect((await server.send('PATCH', '/users/me', token, ['x'])).status).toBe(400);
  });
});

describe('POST /users/me/password', () => {
  it('checks the rules of spec §5 with their messages', async () => {
    const token = await server.login(AMSTERDAM);
    const errorsOf = async (oldPassword: unknown, newPassword: unknown) => {
      const { status, body } = await change(token, oldPassword, newPassword);
      expect(status).toBe(422);
      return (body as { errors: Row }).errors;
    };
    expect(await errorsOf('', '')).toEqual({
      oldPassword: ['Current password is required'],
      newPassword: ['New password is required'],
    });
    expect(await errorsOf(PASSWORD, 'short')).toEqual({
      newPassword: ['Password must be at least 6 characters'],
    });
    expect(await errorsOf(PASSWORD, PASSWORD)).toEqual({
      newPassword: ['New password must be different than the old password'],
    });
    expect(await errorsOf('wrong-password', 'brand-new-1')).toEqual({
      oldPassword: ['The current password is not correct'],
    });
    // Nothing changed: the seeded password still signs in.
    expect(await server.login(AMSTERDAM)).toBeTruthy();
  });

  it('changes the password, ends the other sessions and keeps the caller signed in', async () => {
    const id = userId(server, AMSTERDAM);
    const mine = await server.login(AMSTERDAM);
    const other = await server.login(AMSTERDAM);
    const { status, text, headers } = await change(mine, PASSWORD, 'sunny-side-6');
    expect(status).toBe(204);
    expect(text).toBe('');
    const fresh = headers.get(FRESH_TOKEN_HEADER)!;
    expect(fresh).toBeTruthy();
    // Hashed as elsewhere, on disk.
    const stored = await onDisk(id);
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('sunny-side-6', stored.passwordHash as string)).toBe(true);
    // Every token from before ends, the caller goes on with the fresh one.
    expect((await server.send('GET', '/users/me', other)).status).toBe(401);
    expect((await server.send('GET', '/users/me', mine)).status).toBe(401);
    expect((await server.send('GET', '/users/me', fresh)).status).toBe(200);
    // The old password no longer signs in; the new one does.
    const oldLogin = await server.send('POST', '/auth/login', undefined, {
      email: AMSTERDAM,
      password: PASSWORD,
    });
    expect(oldLogin.status).toBe(401);
    expect(await server.login(AMSTERDAM, 'sunny-side-6')).toBeTruthy();
  });

  it('throttles wrong current passwords per account with 429', async () => {
    const token = await server.login(AMSTERDAM);
    for (let i = 0; i < CHANGE_PASSWORD_LIMITS.maxFailures; i++) {
      expect((await change(token, `wrong-${i}`, 'brand-new-1')).status).toBe(422);
    }
    const limited = await change(token, PASSWORD, 'brand-new-1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another account is not affected.
    const berlin = await server.login(BERLIN);
    expect((await change(berlin, PASSWORD, 'brand-new-1')).status).toBe(204);
    // Each failure stops counting after the window.
    server.clock.advance(CHANGE_PASSWORD_LIMITS.windowMs + 1000);
    expect((await change(token, PASSWORD, 'brand-new-1')).status).toBe(204);
  });

  it('answers 405 to other methods', async () => {
    const token = await server.login(AMSTERDAM);
    const { status, headers } = await server.send('GET', '/users/me/password', token);
    expect(status).toBe(405);
    expect(headers.get('Allow')).toBe('POST');
  });
});
