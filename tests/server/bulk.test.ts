import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLatestMail } from '../../mock-server/auth/mailer';
import { resources } from '../../src/resources';
import { users } from '../../src/resources/users';
import { ApiError } from '../../src/schema/errors';
import { MAX_PAGE_SIZE } from '../../src/schema/paging';
import { defineAction, type Resource } from '../../src/schema/resource';
import { noInput } from '../../src/resources/userInputs';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  MADRID,
  PASSWORD,
  SUPERADMIN,
  startServer,
  userId,
  type TestServer,
} from './helpers';

/**
 * Bulk actions (issue 28 part 3): a record action declared `bulk` runs once per chosen record,
 * each in its own transaction, answers each record's result and writes each one's audit entry;
 * the users' disable, enable, resend invitation and app permission; the columns the API keeps.
 */

type Row = Record<string, unknown>;

/** A sign-in's answer (200 once the account may sign in again). */
const signIn = (email: string) =>
  server.send('POST', '/auth/login', undefined, { email, password: PASSWORD });
interface BulkAnswer {
  done: number;
  failed: number;
  results: { id: number; ok: boolean; error?: { message: string; statusCode: number } }[];
}

let server: TestServer;
let admin: string;
beforeEach(async () => {
  server = await startServer();
  admin = await server.login(ADMIN);
});
afterEach(async () => {
  await server.close();
});

const bulk = (token: string | undefined, action: string, body: unknown) =>
  server.send('POST', `/users/bulk/${action}`, token, body);

/** The audit entries written after `since` (an entry count). */
const auditSince = async (since: number) => (await server.data.all('audit')).slice(since);

describe('POST /users/bulk/disable and enable', () => {
  it('disables each chosen hotel in its own write, with one audit entry each; they cannot sign in', async () => {
    const ids = [userId(server, AMSTERDAM), userId(server, BERLIN)];
    const hotelToken = await server.login(AMSTERDAM);
    const before = await server.data.count('audit');
    const { status, body } = await bulk(admin, 'disable', { ids });
    expect(status).toBe(200);
    expect(body).toEqual({
      done: 2,
      failed: 0,
      results: ids.map((id) => ({ id, ok: true })),
    });
    for (const id of ids) expect((await server.data.get('users', id))!.disabled).toBe(true);
    // Its session is refused, and no new one starts.
    expect((await server.send('GET', '/users/me', hotelToken)).status).toBe(403);
    const refused = await server.request('POST', '/auth/login', {
      json: { email: BERLIN, password: 'demo1234' },
    });
    expect(refused.status).toBe(403);
    // One update entry per record, naming the action and the change.
    const entries = (await auditSince(before)).filter((entry) => entry.action === 'update');
    expect(entries.map((entry) => [entry.recordId, entry.name, entry.changes])).toEqual(
      ids.map((id) => [id, 'disable', [{ field: 'disabled', before: false, after: true }]]),
    );

    const enabled = await bulk(admin, 'enable', { ids });
    expect(enabled.body).toMatchObject({ done: 2, failed: 0 });
    for (const id of ids) expect((await server.data.get('users', id))!.disabled).toBe(false);
    expect((await signIn(BERLIN)).status).toBe(200);
  });

  it('reports a record that fails with its reason and changes only the others', async () => {
    const amsterdam = userId(server, AMSTERDAM);
    const superadmin = userId(server, SUPERADMIN);
    const before = await server.data.count('audit');
    const { status, body } = await bulk(admin, 'disable', {
      ids: [amsterdam, superadmin, 99999],
    });
    expect(status).toBe(200);
    const answer = body as BulkAnswer;
    expect(answer).toMatchObject({ done: 1, failed: 2 });
    expect(answer.results).toEqual([
      { id: amsterdam, ok: true },
      {
        id: superadmin,
        ok: false,
        error: expect.objectContaining({
          statusCode: 403,
          message: "Only a super administrator can change an administrator's account",
        }) as unknown,
      },
      {
        id: 99999,
        ok: false,
        error: expect.objectContaining({ statusCode: 404, message: 'Not found' }) as unknown,
      },
    ]);
    expect((await server.data.get('users', superadmin))!.disabled).toBe(false);
    expect((await server.data.get('users', amsterdam))!.disabled).toBe(true);
    const entries = await auditSince(before);
    expect(entries.map((entry) => [entry.action, entry.recordId])).toEqual([['update', amsterdam]]);
  });

  it('is refused to hotels (403) and without a session (401), storing nothing', async () => {
    const madrid = userId(server, MADRID);
    const hotel = await server.login(AMSTERDAM);
    const before = await server.data.snapshot();
    const asHotel = await bulk(hotel, 'disable', { ids: [madrid] });
    expect(asHotel.status).toBe(403);
    const anonymous = await bulk(undefined, 'disable', { ids: [madrid] });
    expect(anonymous.status).toBe(401);
    const after = await server.data.snapshot();
    expect(after.users).toEqual(before.users);
    // A refused call is no run: no audit entry of an action.
    expect(after.audit!.length).toBe(before.audit!.length);
  });

  it('refuses a body without ids, and an action that is not bulk', async () => {
    expect((await bulk(admin, 'disable', { ids: [] })).status).toBe(422);
    expect((await bulk(admin, 'disable', {})).status).toBe(422);
    expect((await bulk(admin, 'disable', { ids: ['x'] })).status).toBe(422);
    expect((await server.send('POST', '/users/bulk/nothing', admin, { ids: [1] })).status).toBe(
      404,
    );
    // The same action on one record still answers at its own path.
    const one = await server.send('POST', `/users/${userId(server, MADRID)}/disable`, admin, {});
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: userId(server, MADRID), disabled: true });
  });
});

describe('POST /users/bulk/archive and unarchive (issue 37, point 16)', () => {
  it('archives each chosen hotel in its own write, with one entry each; a staff account fails alone', async () => {
    const ids = [userId(server, AMSTERDAM), userId(server, BERLIN)];
    const adminId = userId(server, ADMIN);
    const hotelToken = await server.login(AMSTERDAM);
    const before = await server.data.count('audit');
    const { status, body } = await bulk(admin, 'archive', { ids: [...ids, adminId, 99999] });
    expect(status).toBe(200);
    expect(body).toMatchObject({ done: 2, failed: 2 });
    expect((body as BulkAnswer).results).toEqual([
      { id: ids[0], ok: true },
      { id: ids[1], ok: true },
      { id: adminId, ok: false, error: expect.objectContaining({ statusCode: 409 }) as unknown },
      { id: 99999, ok: false, error: expect.objectContaining({ statusCode: 404 }) as unknown },
    ]);
    for (const id of ids) expect((await server.data.get('users', id))!.archived).toBe(true);
    expect((await server.data.get('users', adminId))!.archived).toBeUndefined();
    // Archived: the session ends.
    const ended = await server.send('GET', '/users/me', hotelToken);
    expect(ended.status).toBe(403);
    expect(ended.body).toMatchObject({ code: 'offboarding.errors.accountArchived' });
    const entries = await auditSince(before);
    expect(entries.map((entry) => [entry.recordId, entry.name, entry.changes])).toEqual(
      ids.map((id) => [id, 'archive', [{ field: 'archived', before: false, after: true }]]),
    );

    const unarchived = await bulk(admin, 'unarchive', { ids });
    expect(unarchived.body).toMatchObject({ done: 2, failed: 0 });
    for (const id of ids) expect((await server.data.get('users', id))!.archived).toBe(false);
    expect((await signIn(BERLIN)).status).toBe(200);
  });

  it('has the cap and the refusals of the other bulk actions, storing nothing', async () => {
    const madrid = userId(server, MADRID);
    const hotel = await server.login(AMSTERDAM);
    const before = await server.data.snapshot();
    expect((await bulk(hotel, 'archive', { ids: [madrid] })).status).toBe(403);
    expect((await bulk(undefined, 'archive', { ids: [madrid] })).status).toBe(401);
    expect((await bulk(admin, 'archive', { ids: [] })).status).toBe(422);
    expect((await bulk(admin, 'archive', {})).status).toBe(422);
    const tooMany = Array.from({ length: MAX_PAGE_SIZE + 1 }, (_, index) => index + 1);
    expect((await bulk(admin, 'archive', { ids: tooMany })).status).toBe(422);
    expect((await bulk(admin, 'disable', { ids: tooMany })).status).toBe(422);
    const after = await server.data.snapshot();
    expect(after.users).toEqual(before.users);
    expect(after.audit!.length).toBe(before.audit!.length);
  });
});

describe('a bulk run rolls back only the record that failed', () => {
  it('keeps the other records’ writes and none of the failing one’s', async () => {
    await server.close();
    // The users declaration with one more bulk action that writes, then fails on Berlin.
    const flaky = defineAction({
      on: 'record',
      bulk: true,
      input: () => Promise.resolve(noInput),
      run: async ({ record, store }) => {
        await store.update('users', record!.id, { company: `${String(record!.company)} (seen)` });
        await store.insert('app-permissions', {
          ownerId: record!.id,
          appId: 1,
          canSelfConnect: false,
        });
        if (record!.email === BERLIN) throw new ApiError(409, 'Berlin says no');
        return { ok: true };
      },
    });
    const withFlaky: Resource = { ...users, actions: { ...users.actions, flaky } };
    server = await startServer({
      resources: resources.map((resource) => (resource.name === 'users' ? withFlaky : resource)),
    });
    admin = await server.login(ADMIN);
    const ids = [AMSTERDAM, BERLIN, MADRID].map((email) => userId(server, email));
    const before = await server.data.snapshot();
    const { body } = await bulk(admin, 'flaky', { ids });
    expect(body).toMatchObject({
      done: 2,
      failed: 1,
      results: [
        { id: ids[0], ok: true },
        { id: ids[1], ok: false, error: { statusCode: 409, message: 'Berlin says no' } },
        { id: ids[2], ok: true },
      ],
    });
    const company = async (id: number) => (await server.data.get('users', id))!.company;
    const was = (id: number) => before.users!.find((user) => user.id === id)!.company;
    expect(await company(ids[0]!)).toBe(`${String(was(ids[0]!))} (seen)`);
    expect(await company(ids[1]!)).toBe(was(ids[1]!));
    expect(await company(ids[2]!)).toBe(`${String(was(ids[2]!))} (seen)`);
    const permissions = await server.data.find('app-permissions', { appId: 1 });
    const owners = permissions.filter((row) => row.canSelfConnect === false).map((r) => r.ownerId);
    expect(owners).toContain(ids[0]);
    expect(owners).toContain(ids[2]);
    expect(await server.data.count('app-permissions', { ownerId: ids[1]!, appId: 1 })).toBe(
      before['app-permissions']!.filter((row) => row.ownerId === ids[1] && row.appId === 1).length,
    );
    // One action entry for each record that ran, none for Berlin.
    const entries = (await server.data.all('audit')).slice(before.audit!.length);
    expect(entries.map((entry) => [entry.action, entry.name, entry.recordId])).toEqual([
      ['action', 'flaky', ids[0]],
      ['action', 'flaky', ids[2]],
    ]);
  });
});

describe('POST /users/bulk/setAppPermission and resendInvitation', () => {
  it('sets whether each hotel may connect the app itself; a staff account fails', async () => {
    const hotels = [userId(server, AMSTERDAM), userId(server, BERLIN)];
    const [app] = await server.data.all('apps');
    const before = await server.data.count('audit');
    const { body } = await bulk(admin, 'setAppPermission', {
      ids: [...hotels, userId(server, SUPERADMIN)],
      input: { appId: app!.id, canSelfConnect: false },
    });
    expect(body).toMatchObject({
      done: 2,
      failed: 1,
      results: [
        { id: hotels[0], ok: true },
        { id: hotels[1], ok: true },
        { ok: false, error: { statusCode: 422, message: 'Only a hotel has apps' } },
      ],
    });
    for (const ownerId of hotels) {
      const rows = await server.data.find('app-permissions', { ownerId, appId: app!.id });
      expect(rows.map((row) => row.canSelfConnect)).toEqual([false]);
    }
    const entries = await auditSince(before);
    expect(entries.map((entry) => [entry.name, entry.recordId])).toEqual(
      hotels.map((id) => ['setAppPermission', id]),
    );
    // Turned on again: the same record changes, none is added.
    await bulk(admin, 'setAppPermission', {
      ids: hotels,
      input: { appId: app!.id, canSelfConnect: true },
    });
    for (const ownerId of hotels) {
      const rows = await server.data.find('app-permissions', { ownerId, appId: app!.id });
      expect(rows.map((row) => row.canSelfConnect)).toEqual([true]);
    }
    // A bad input is refused for all, before any record runs.
    const bad = await bulk(admin, 'setAppPermission', { ids: hotels, input: { appId: 'x' } });
    expect(bad.status).toBe(422);
  });

  it('names the app and the value set in the audit entry, run alone or in bulk', async () => {
    const [amsterdam, berlin] = [userId(server, AMSTERDAM), userId(server, BERLIN)];
    const [app] = await server.data.all('apps');
    const before = await server.data.count('audit');
    const alone = await server.send('POST', `/users/${amsterdam}/setAppPermission`, admin, {
      appId: app!.id,
      canSelfConnect: false,
    });
    expect(alone.status).toBe(200);
    await bulk(admin, 'setAppPermission', {
      ids: [amsterdam, berlin],
      input: { appId: app!.id, canSelfConnect: true },
    });
    const entries = await auditSince(before);
    expect(
      entries.map((entry) => [entry.name, entry.recordId, entry.ownerId, entry.details]),
    ).toEqual([
      [
        'setAppPermission',
        amsterdam,
        amsterdam,
        { app: app!.name, appId: app!.id, allowed: false },
      ],
      ['setAppPermission', amsterdam, amsterdam, { app: app!.name, appId: app!.id, allowed: true }],
      ['setAppPermission', berlin, berlin, { app: app!.name, appId: app!.id, allowed: true }],
    ]);
    // The hotel reads them too, details included, through the API.
    const hotel = await server.login(AMSTERDAM);
    const read = await server.send('GET', '/audit?name=setAppPermission', hotel);
    const details = (read.body as Row[]).map((entry) => entry.details as Row);
    expect(details.sort((a, b) => Number(a.allowed) - Number(b.allowed))).toEqual([
      { app: app!.name, appId: app!.id, allowed: false },
      { app: app!.name, appId: app!.id, allowed: true },
    ]);
  });

  it('mails a new invitation to a hotel that has not taken it up, and refuses one that has', async () => {
    const created = await server.send('POST', '/users', admin, {
      name: 'Hotel Lighthouse',
      email: 'desk@lighthouse.example',
      company: 'Lighthouse Hotel',
      phoneNumber: '+31 70 555 0199',
      slug: 'hotel-lighthouse',
      role: 'operator',
      status: 'active',
      template: 'rows',
      logo: '/uploads/files/admin/Lh7Kq2Vx9Pz4Rb6Tn1Wc3d.png',
      title: 'Lighthouse',
      locales: ['en'],
      sourceLocale: 'en',
    });
    expect(created.status).toBe(201);
    const hotel = created.body as Row & { id: number };
    expect(hotel).toMatchObject({ invitation: 'pending', connectedAppCount: 0 });
    const links = () => server.data.count('passwordResets', { userId: hotel.id });
    const first = readLatestMail(server.config.mailOutbox, 'desk@lighthouse.example')!;
    const linksBefore = await links();
    const { body } = await bulk(admin, 'resendInvitation', {
      ids: [hotel.id, userId(server, AMSTERDAM)],
    });
    expect(body).toMatchObject({
      done: 1,
      failed: 1,
      results: [
        { id: hotel.id, ok: true },
        {
          ok: false,
          error: { statusCode: 409, message: 'This account has already accepted its invitation' },
        },
      ],
    });
    expect(await links()).toBe(linksBefore + 1);
    const again = readLatestMail(server.config.mailOutbox, 'desk@lighthouse.example')!;
    expect(again.subject).toBe('Your guest app is ready: choose your password');
    expect(again.text).not.toBe(first.text);
  });
});

describe('the columns the API keeps on accounts', () => {
  it('stores the last sign-in and the invitation taken up; lists filter and sort on them', async () => {
    const berlin = userId(server, BERLIN);
    server.clock.advance(60_000);
    await server.login(BERLIN);
    const stored = (await server.data.get('users', berlin))!;
    expect(stored.lastSignInAt).toBe(new Date(server.clock.now()).toISOString());
    expect(stored.invitation).toBe('accepted');

    const list = async (query: string) =>
      (await server.send('GET', `/users?${query}`, admin)).body as Row[];
    const latest = await list('_sort=lastSignInAt&_order=desc&_limit=1&_page=1');
    expect(latest.map((row) => row.id)).toEqual([berlin]);
    await server.data.update('users', berlin, { invitation: 'pending' });
    expect((await list('invitation=pending')).map((row) => row.id)).toEqual([berlin]);
    const since = new Date(server.clock.now() - 1000).toISOString();
    expect((await list(`lastSignInAt_gte=${since}`)).map((row) => row.id)).toEqual([berlin]);
    const all = await list('_limit=100&_page=1');
    const withApps = await list('connectedAppCount_gte=1');
    expect(withApps.length).toBeGreaterThan(0);
    expect(withApps.length).toBe(all.filter((row) => Number(row.connectedAppCount) >= 1).length);
    const created = await list(`createdAt_gte=${String(all[0]!.createdAt)}`);
    expect(created.every((row) => String(row.createdAt) >= String(all[0]!.createdAt))).toBe(true);
    // Read-only: what a client sends for them is not stored.
    const count = (await server.data.get('users', berlin))!.connectedAppCount;
    await server.send('PATCH', `/users/${berlin}`, admin, { connectedAppCount: 9 });
    expect((await server.data.get('users', berlin))!.connectedAppCount).toBe(count);
  });

  it('counts a hotel’s connected apps at each connect and disconnect', async () => {
    const amsterdam = userId(server, AMSTERDAM);
    const connected = await server.data.count('app-connections', {
      ownerId: amsterdam,
      status: 'connected',
    });
    const stored = async () => (await server.data.get('users', amsterdam))!.connectedAppCount;
    expect(await stored()).toBe(connected);
    const [connection] = await server.data.find('app-connections', {
      ownerId: amsterdam,
      status: 'connected',
    });
    expect(connection).toBeDefined();
    const off = await server.send('POST', `/apps/${String(connection!.appId)}/disconnect`, admin, {
      hotelId: amsterdam,
    });
    expect(off.status).toBe(200);
    expect(await stored()).toBe(connected - 1);
  });
});
