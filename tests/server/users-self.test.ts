import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLatestMail } from '../../mock-server/auth/mailer';
import { versionOf } from '../../src/schema/versions';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  PASSWORD,
  startServer,
  userId,
  type TestServer,
} from './helpers';

/**
 * `PATCH /users/me` writes the users declaration's `self` fields through the engine's pipeline:
 * the declared hooks run there as on an administrator's edit of the account (issue 39 §3).
 */

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

/** The hotel's own login is its first manager: its membership shows the account's name. */
const ownMembership = async (id: number) => server.data.one('members', { userId: id });

describe('the users hooks on one’s own profile', () => {
  it('a new name reaches the member lists; a change of anything else moves no membership', async () => {
    const token = await server.login(AMSTERDAM);
    const id = userId(server, AMSTERDAM);
    const before = await ownMembership(id);

    const phone = await server.send('PATCH', '/users/me', token, {
      phoneNumber: '+31 20 555 0142',
    });
    expect(phone.status).toBe(200);
    // A manager's open edit of the membership stays current (no 412 for a phone number).
    expect(await ownMembership(id)).toEqual(before);

    const renamed = await server.send('PATCH', '/users/me', token, { name: 'Canal House' });
    expect(renamed.status).toBe(200);
    expect(await ownMembership(id)).toMatchObject({
      name: 'Canal House',
      email: before.email,
      version: versionOf(before) + 1,
    });
  });

  it('an administrator’s rename of a hotel reaches its member list too', async () => {
    const admin = await server.login(ADMIN);
    const id = userId(server, AMSTERDAM);
    const before = await ownMembership(id);
    const { status } = await server.send('PATCH', `/users/${id}`, admin, { name: 'Grachtenhuis' });
    expect(status).toBe(200);
    expect(await ownMembership(id)).toMatchObject({
      name: 'Grachtenhuis',
      version: versionOf(before) + 1,
    });
  });

  it('lets an administrator change their own profile, not their own account through /users', async () => {
    const admin = await server.login(ADMIN);
    const id = userId(server, ADMIN);
    const own = await server.send('PATCH', '/users/me', admin, { name: 'Ada Admin' });
    expect(own.status).toBe(200);
    expect(await server.data.get('users', id)).toMatchObject({ name: 'Ada Admin' });
    // The users hooks still lock an administrator's account to super administrators.
    const edit = await server.send('PATCH', `/users/${id}`, admin, { name: 'Someone else' });
    expect(edit.status).toBe(403);
    expect(await server.data.get('users', id)).toMatchObject({ name: 'Ada Admin' });
  });

  it('an email change is a write of the account: its version moves (an open edit gets a 412), the members follow, the log says what changed', async () => {
    const token = await server.login(AMSTERDAM);
    const admin = await server.login(ADMIN);
    const id = userId(server, AMSTERDAM);
    const opened = (await server.request('GET', `/users/${id}`, { token: admin })).headers.get(
      'etag',
    )!;
    const moved = await server.send('POST', '/users/me/email', token, {
      email: 'desk@canal.example',
      password: PASSWORD,
    });
    expect(moved.status).toBe(200);
    expect(await ownMembership(id)).toMatchObject({ email: 'desk@canal.example' });
    const stale = await server.request('PATCH', `/users/${id}`, {
      token: admin,
      json: { company: 'Canal House B.V.' },
      headers: { 'If-Match': opened },
    });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({
      conflict: { fields: expect.arrayContaining(['email']) as unknown },
    });
    const [entry] = await server.data.find('audit', { action: 'email-change', recordId: id });
    expect(entry).toMatchObject({
      resource: 'users',
      changes: expect.arrayContaining([
        { field: 'email', before: AMSTERDAM, after: 'desk@canal.example' },
      ]) as unknown,
    });
  });

  it('a member of two hotels changes their own profile: their account, both member lists, a log entry about no hotel', async () => {
    const email = 'noor@example.com';
    const [amsterdam, berlin] = await Promise.all([server.login(AMSTERDAM), server.login(BERLIN)]);
    const invited = await server.send('POST', '/members', amsterdam, {
      email,
      name: 'Noor de Vries',
      role: 'staff',
    });
    expect(invited.status, invited.text).toBe(201);
    const link = /\/auth\/new-password\?token=([\w-]+)/.exec(
      readLatestMail(server.config.mailOutbox, email)!.text,
    )![1]!;
    const chosen = await server.send('POST', '/auth/reset-password', undefined, {
      token: link,
      password: 'front-desk-2026',
    });
    expect(chosen.status, chosen.text).toBe(204);
    expect(
      (await server.send('POST', '/members', berlin, { email, name: 'Noor', role: 'staff' }))
        .status,
    ).toBe(201);
    const person = await server.data.one('users', { email });
    const token = await server.login(email, 'front-desk-2026');

    const renamed = await server.send('PATCH', '/users/me', token, { name: 'Noor Jansen' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Noor Jansen' });
    expect(await server.data.get('users', person.id)).toMatchObject({
      name: 'Noor Jansen',
      role: 'member',
      isAdmin: false,
    });
    const memberships = await server.data.find('members', { userId: person.id });
    expect(memberships.map((row) => row.name)).toEqual(['Noor Jansen', 'Noor Jansen']);
    const [entry] = await server.data.find('audit', {
      action: 'update',
      resource: 'users',
      recordId: person.id,
    });
    expect(entry).toMatchObject({ actorId: person.id });
    // A person's account is no hotel's: no hotel's Activity lists the change.
    expect(entry!.ownerId ?? null).toBeNull();
  });
});
