import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestMail } from '../../mock-server/auth/mailer';
import { migrateMembers } from '../../mock-server/members';
import type { ApiErrorBody, User } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  MADRID,
  PASSWORD,
  startServer,
  SUPERADMIN,
  userId,
  type TestServer,
} from './helpers';

/**
 * Issue 40, first slice: a hotel's members (people with their own accounts and a role in the
 * hotel), their invitations and leaving, staff kept from managers' parts by the declarations,
 * and the migration that makes every hotel account its hotel's first manager. On both stores.
 */
let server: TestServer;
let amsterdam: string;
let berlin: string;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  [amsterdam, berlin, admin] = await Promise.all([
    server.login(AMSTERDAM),
    server.login(BERLIN),
    server.login(ADMIN),
  ]);
});
afterAll(async () => {
  await server.close();
});

type Row = Record<string, unknown>;
const NEW_PASSWORD = 'front-desk-2026';
const codeOf = (body: unknown) => (body as ApiErrorBody).code;

/** Invites as `token`, answers the member record (fails the test on anything but 201). */
async function invite(token: string, body: Row): Promise<Row> {
  const made = await server.send('POST', '/members', token, body);
  expect(made.status, made.text).toBe(201);
  return made.body as Row;
}

/** The invitation link's token in the newest mail to `email`. */
function invitationToken(email: string): string {
  const mail = readLatestMail(server.config.mailOutbox, email);
  expect(mail, `a mail to ${email}`).toBeDefined();
  const match = /\/auth\/new-password\?token=([\w-]+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return match![1]!;
}

/** Invites a new person to Amsterdam, who chooses a password through the mail and signs in. */
async function newMember(email: string, role: 'manager' | 'staff', name = 'Noor de Vries') {
  const member = await invite(amsterdam, { email, name, role });
  const chosen = await server.send('POST', '/auth/reset-password', undefined, {
    token: invitationToken(email),
    password: NEW_PASSWORD,
  });
  expect(chosen.status, chosen.text).toBe(204);
  return { member, token: await server.login(email, NEW_PASSWORD) };
}

describe('the migration', () => {
  it('makes every hotel account of data from before members the first manager of its hotel; every seeded sign-in still works', async () => {
    for (const row of await server.data.all('members')) await server.data.remove('members', row.id);
    expect(await migrateMembers(server.store, Date.now())).toBe(3);
    for (const email of [AMSTERDAM, BERLIN, MADRID]) {
      const id = userId(server, email);
      const own = await server.data.find('members', { ownerId: id });
      expect(own, email).toHaveLength(1);
      expect(own[0]).toMatchObject({ userId: id, role: 'manager', email, invitation: 'accepted' });
    }
    for (const email of [SUPERADMIN, ADMIN, AMSTERDAM, BERLIN, MADRID]) {
      const token = await server.login(email, PASSWORD);
      expect((await server.send('GET', '/users/me', token)).status, email).toBe(200);
    }
  });

  it('adds nothing when run again, and only what is missing', async () => {
    const before = await server.data.count('members');
    expect(await migrateMembers(server.store, Date.now())).toBe(0);
    expect(await server.data.count('members')).toBe(before);
    const madrid = userId(server, MADRID);
    const [own] = await server.data.find('members', { ownerId: madrid, userId: madrid });
    await server.data.remove('members', own!.id);
    expect(await migrateMembers(server.store, Date.now())).toBe(1);
    expect(await server.data.find('members', { ownerId: madrid })).toEqual([
      expect.objectContaining({ userId: madrid, role: 'manager' }),
    ]);
  });
});

describe('members of a hotel', () => {
  it('lists the hotel account as its manager, with email, name, role and invitation state', async () => {
    const list = await server.send('GET', '/members', amsterdam);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        ownerId: userId(server, AMSTERDAM),
        userId: userId(server, AMSTERDAM),
        email: AMSTERDAM,
        role: 'manager',
        invitation: 'accepted',
      }),
    ]);
  });

  it('invites a new person: an account of their own, the 72-hour link, then they act for the hotel', async () => {
    const { member, token } = await newMember('Noor@Example.org', 'staff');
    expect(member).toMatchObject({
      email: 'noor@example.org',
      role: 'staff',
      invitation: 'pending',
    });
    const person = await server.data.one('users', { email: 'noor@example.org' });
    expect(person).toMatchObject({ role: 'member', isAdmin: false, name: 'Noor de Vries' });
    expect(member.userId).toBe(person.id);
    // Joined once they chose their password.
    const stored = await server.data.get('members', member.id as number);
    expect(stored).toMatchObject({ invitation: 'accepted', joinedAt: expect.any(String) });

    const me = await server.send('GET', '/users/me', token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: userId(server, AMSTERDAM),
      personId: person.id,
      name: 'Noor de Vries',
      email: 'noor@example.org',
      hotelRole: 'staff',
      hotels: [{ id: userId(server, AMSTERDAM), name: expect.any(String), role: 'staff' }],
    } satisfies Partial<User>);
  });

  it('keeps staff to the day’s work: 403 on members, branding, apps and Activity; the hotel’s amenities and pages are theirs', async () => {
    const { token } = await newMember('staff-rules@example.org', 'staff', 'Sam Staff');
    for (const [method, path, body] of [
      ['GET', '/members', undefined],
      ['POST', '/members', { email: 'x@example.org', name: 'X', role: 'staff' }],
      ['GET', '/branding', undefined],
      ['PATCH', '/branding', { title: 'Staff branding' }],
      ['GET', '/apps', undefined],
      ['GET', '/app-customizations', undefined],
      ['GET', '/audit', undefined],
      ['GET', '/users/me/export', undefined],
    ] as const) {
      const answer = await server.send(method, path, token, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(403);
      expect(codeOf(answer.body), path).toBe('apiErrors.managersOnly');
    }
    const amenities = await server.send('GET', '/amenities', token);
    expect(amenities.status).toBe(200);
    const owners = new Set((amenities.body as Row[]).map((row) => row.ownerId));
    expect([...owners]).toEqual([userId(server, AMSTERDAM)]);
    const notes = await server.send('GET', '/notifications', token);
    expect(notes.status).toBe(200);
  });

  it('names the person in the Activity of the hotel they acted for', async () => {
    const { token } = await newMember('activity@example.org', 'staff', 'Ada Activity');
    const [category] = (await server.send('GET', '/amenity-categories', token)).body as Row[];
    const saved = await server.send('PATCH', `/amenity-categories/${String(category!.id)}`, token, {
      name: 'Renamed by Ada',
    });
    expect(saved.status, saved.text).toBe(200);
    const entries = await server.data.find('audit', {
      resource: 'amenity-categories',
      recordId: category!.id as number,
      action: 'update',
    });
    expect(entries.at(-1)).toMatchObject({
      actorName: 'Ada Activity',
      actorId: (await server.data.one('users', { email: 'activity@example.org' })).id,
      ownerId: userId(server, AMSTERDAM),
    });
  });

  it("is another hotel's to neither read nor change nor remove (404)", async () => {
    const member = await invite(amsterdam, {
      email: 'private@example.org',
      name: 'P',
      role: 'staff',
    });
    const item = `/members/${String(member.id)}`;
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { role: 'manager' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await server.send(method, item, berlin, body)).status, method).toBe(404);
    }
    const list = (await server.send('GET', '/members?email=private@example.org', berlin)).body;
    expect(list).toEqual([]);
    expect(await server.data.get('members', member.id as number)).toMatchObject({ role: 'staff' });
  });

  it('keeps the last manager: no demotion, no removal (409)', async () => {
    const [own] = await server.data.find('members', {
      ownerId: userId(server, BERLIN),
      userId: userId(server, BERLIN),
    });
    const demote = await server.send('PATCH', `/members/${String(own!.id)}`, berlin, {
      role: 'staff',
    });
    expect(demote.status, demote.text).toBe(409);
    expect(codeOf(demote.body)).toBe('resources.members.lastManager');
    const second = await invite(berlin, {
      email: 'second@example.org',
      name: 'Second',
      role: 'manager',
    });
    // With a second manager, the first may become staff; then the second is the last one.
    expect(
      (await server.send('PATCH', `/members/${String(own!.id)}`, berlin, { role: 'staff' })).status,
    ).toBe(200);
    const last = await server.send('DELETE', `/members/${String(second.id)}`, admin);
    expect(last.status, last.text).toBe(409);
    expect(codeOf(last.body)).toBe('resources.members.lastManager');
    const back = await server.send('PATCH', `/members/${String(own!.id)}`, admin, {
      role: 'manager',
    });
    expect(back.status, back.text).toBe(200);
  });

  it('ends a removed member’s sessions at once (401), and they cannot sign in again (403)', async () => {
    const { member, token } = await newMember('leaving@example.org', 'manager', 'Lou Leaving');
    expect((await server.send('GET', '/users/me', token)).status).toBe(200);
    const removed = await server.send('DELETE', `/members/${String(member.id)}`, amsterdam);
    expect(removed.status, removed.text).toBe(200);
    expect((await server.send('GET', '/amenities', token)).status).toBe(401);
    const again = await server.send('POST', '/auth/login', undefined, {
      email: 'leaving@example.org',
      password: NEW_PASSWORD,
    });
    expect(again.status, again.text).toBe(403);
    expect(codeOf(again.body)).toBe('apiErrors.noHotel');
  });

  it('adds an existing person by their address (any case), who keeps their one password', async () => {
    const { member } = await newMember('mover@example.org', 'staff', 'Mo Mover');
    expect((await server.send('DELETE', `/members/${String(member.id)}`, amsterdam)).status).toBe(
      200,
    );
    const accounts = await server.data.count('users');
    const joined = await invite(berlin, {
      email: 'MOVER@example.org',
      name: 'Typed otherwise',
      role: 'staff',
    });
    expect(await server.data.count('users')).toBe(accounts);
    expect(joined).toMatchObject({
      userId: member.userId,
      name: 'Mo Mover',
      invitation: 'accepted',
    });
    const token = await server.login('mover@example.org', NEW_PASSWORD);
    const me = (await server.send('GET', '/users/me', token)).body as User;
    expect(me.id).toBe(userId(server, BERLIN));
    expect(me.hotels).toEqual([
      expect.objectContaining({ id: userId(server, BERLIN), role: 'staff' }),
    ]);
  });

  it('re-invites a removed person who has a password with word that they were added (no link), and they sign in with it', async () => {
    const { member } = await newMember('comeback@example.org', 'staff', 'Cam Comeback');
    const item = `/members/${String(member.id)}`;
    expect((await server.send('DELETE', item, amsterdam)).status).toBe(200);
    const invitation = readLatestMail(server.config.mailOutbox, 'comeback@example.org')!;
    await invite(amsterdam, { email: 'comeback@example.org', name: 'Cam', role: 'manager' });
    await expect
      .poll(() => readLatestMail(server.config.mailOutbox, 'comeback@example.org')?.subject)
      .not.toBe(invitation.subject);
    const added = readLatestMail(server.config.mailOutbox, 'comeback@example.org')!;
    expect(added.subject).toMatch(/^You have been added to .*Amsterdam/);
    expect(added.text).toContain('/auth/login');
    expect(added.text).not.toContain('/auth/new-password');
    const token = await server.login('comeback@example.org', NEW_PASSWORD);
    expect((await server.send('GET', '/members', token)).status).toBe(200);
  });

  it('re-invites a removed person who never chose a password with a new link that works (the old one ends)', async () => {
    const email = 'never-chose@example.org';
    const member = await invite(amsterdam, { email, name: 'Nia Neverchose', role: 'staff' });
    const first = invitationToken(email);
    expect((await server.send('DELETE', `/members/${String(member.id)}`, amsterdam)).status).toBe(
      200,
    );
    await invite(amsterdam, { email, name: 'Nia', role: 'staff' });
    await expect.poll(() => invitationToken(email)).not.toBe(first);
    const again = readLatestMail(server.config.mailOutbox, email)!;
    expect(again.subject).toContain('choose your password');
    const old = await server.send('POST', '/auth/reset-password', undefined, {
      token: first,
      password: NEW_PASSWORD,
    });
    expect(old.status, old.text).toBe(400);
    const chosen = await server.send('POST', '/auth/reset-password', undefined, {
      token: invitationToken(email),
      password: NEW_PASSWORD,
    });
    expect(chosen.status, chosen.text).toBe(204);
    const token = await server.login(email, NEW_PASSWORD);
    const me = (await server.send('GET', '/users/me', token)).body as User;
    expect(me.hotels).toEqual([
      expect.objectContaining({ id: userId(server, AMSTERDAM), role: 'staff' }),
    ]);
  });

  it('refuses an administrator’s or another hotel’s address (409), storing nothing', async () => {
    const before = await server.data.count('members');
    for (const email of [ADMIN, BERLIN]) {
      const answer = await server.send('POST', '/members', amsterdam, {
        email,
        name: 'N',
        role: 'staff',
      });
      expect(answer.status, email).toBe(409);
    }
    expect(await server.data.count('members')).toBe(before);
  });

  it('leaves people out of the administrators’ users list (hotels and administrators only)', async () => {
    const list = await server.send('GET', '/users?_end=1000', admin);
    expect(list.status).toBe(200);
    const roles = new Set((list.body as Row[]).map((row) => row.role));
    expect([...roles].sort()).toEqual(['admin', 'operator', 'superAdmin']);
  });
});
