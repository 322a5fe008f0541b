import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../mock-server/auth/mailer';
import type { ApiErrorBody, User } from '../../src/schema/user';
import { ADMIN, AMSTERDAM, BERLIN, MADRID, startServer, userId, type TestServer } from './helpers';

/**
 * Issue 40, chains: administrators group hotels and add a person to all of them at once, in one
 * transaction, through each hotel's own invitation: one mail, one link. Hotels and their members
 * never reach the groups. On both stores.
 */
let server: TestServer;
let admin: string;
let amsterdam: string;
let A: number;
let B: number;
let M: number;
type Row = Record<string, unknown>;
const PASSWORD = 'chain-2026-pass';

beforeAll(async () => {
  server = await startServer();
  [admin, amsterdam] = await Promise.all([server.login(ADMIN), server.login(AMSTERDAM)]);
  A = userId(server, AMSTERDAM);
  B = userId(server, BERLIN);
  M = userId(server, MADRID);
});
afterAll(async () => {
  await server.close();
});

/** Every mail the outbox holds for `to`, oldest first. */
function mailsTo(to: string): OutboxMail[] {
  const outbox = server.config.mailOutbox;
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => /^\d+-\d+\.json$/.test(name))
    .map((name) => JSON.parse(fs.readFileSync(`${outbox}/${name}`, 'utf8')) as OutboxMail)
    .filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}
const linkIn = (mail: OutboxMail) => /\/auth\/new-password\?token=([\w-]+)/.exec(mail.text)?.[1];

async function group(name: string, hotels: number[]): Promise<Row> {
  const made = await server.send('POST', '/hotel-groups', admin, { name, hotels });
  expect(made.status, made.text).toBe(201);
  return made.body as Row;
}

describe('hotel groups', () => {
  it('are administrators’ only: a hotel and its members get 403, on every route', async () => {
    const made = await group('Benelux', [A, B]);
    expect(made).toMatchObject({ name: 'Benelux', hotels: [A, B] });
    const item = `/hotel-groups/${String(made.id)}`;
    // A hotel's own login, and a person who manages two hotels (the seeded chain manager).
    const chain = await server.login('chain-manager@example.com');
    for (const token of [amsterdam, chain]) {
      for (const [method, path, body] of [
        ['GET', '/hotel-groups', undefined],
        ['GET', item, undefined],
        ['POST', '/hotel-groups', { name: 'Mine', hotels: [A] }],
        ['PATCH', item, { name: 'Taken' }],
        ['DELETE', item, undefined],
        ['POST', `${item}/addMember`, { email: 'x@example.org', name: 'X', role: 'manager' }],
      ] as const) {
        const answer = await server.send(method, path, token, body);
        expect(answer.status, `${method} ${path}`).toBe(403);
      }
    }
    expect(await server.data.get('hotel-groups', made.id as number)).toMatchObject({
      name: 'Benelux',
    });
    expect((await server.send('GET', '/hotel-groups', undefined)).status).toBe(401);
  });

  it('take hotels only: an administrator, a person or no account is 422', async () => {
    const adminId = userId(server, ADMIN);
    for (const hotels of [[], [A, A], [A, adminId], [A, 987654], 'A']) {
      const answer = await server.send('POST', '/hotel-groups', admin, { name: 'Bad', hotels });
      expect(answer.status, JSON.stringify(hotels)).toBe(422);
    }
  });

  it('add a new person to every hotel at once: one mail, one link, a member of each with X-Hotel', async () => {
    const made = await group('Amsterdam and Madrid', [A, M]);
    const email = 'Regional.Manager@example.org';
    const before = await server.data.count('members');
    const answer = await server.send('POST', `/hotel-groups/${String(made.id)}/addMember`, admin, {
      email,
      name: 'Rita Regional',
      role: 'manager',
    });
    expect(answer.status, answer.text).toBe(200);
    expect(await server.data.count('members')).toBe(before + 2);
    const [person] = await server.data.find('users', { email: email.toLowerCase() });
    for (const hotel of [A, M]) {
      expect(await server.data.find('members', { ownerId: hotel, userId: person!.id })).toEqual([
        expect.objectContaining({ role: 'manager', invitation: 'pending' }),
      ]);
    }
    // One invitation for both hotels, naming them; one link that works.
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const [mail] = mailsTo(email);
    expect(mail!.subject).toMatch(/Amsterdam.* and .*Madrid/);
    const links = await server.data.find('passwordResets', { userId: person!.id });
    expect(links).toHaveLength(1);
    const chosen = await server.send('POST', '/auth/reset-password', undefined, {
      token: linkIn(mail!),
      password: PASSWORD,
    });
    expect(chosen.status, chosen.text).toBe(204);
    const token = await server.login(email, PASSWORD);
    const me = (await server.send('GET', '/users/me', token)).body as User;
    expect(me.hotels!.map((hotel) => [hotel.id, hotel.role])).toEqual([
      [A, 'manager'],
      [M, 'manager'],
    ]);
    for (const hotel of [A, M]) {
      const acting = await server.request('GET', '/members', {
        token,
        headers: { 'X-Hotel': String(hotel) },
      });
      expect(acting.status).toBe(200);
      const rows = (await acting.json()) as Row[];
      expect(new Set(rows.map((row) => row.ownerId))).toEqual(new Set([hotel]));
    }
  });

  it('tell a person with a password that they were added, without a link', async () => {
    const made = await group('Berlin alone', [B]);
    const email = 'regional.manager@example.org';
    const answer = await server.send('POST', `/hotel-groups/${String(made.id)}/addMember`, admin, {
      email,
      name: 'Ignored',
      role: 'staff',
    });
    expect(answer.status, answer.text).toBe(200);
    await expect.poll(() => mailsTo(email).length).toBe(2);
    const added = mailsTo(email).at(-1)!;
    expect(added.subject).toContain('You have been added to');
    expect(linkIn(added)).toBeUndefined();
    expect(added.text).toContain('/auth/login');
    const token = await server.login(email, PASSWORD);
    const me = (await server.send('GET', '/users/me', token)).body as User;
    expect(me.hotels!.map((hotel) => hotel.id).sort()).toEqual([A, B, M].sort());
  });

  it('store nothing when one hotel refuses (already a member there): 409 naming it, no mail', async () => {
    const made = await group('Berlin and Madrid', [B, M]);
    const email = 'half.way@example.org';
    // Madrid already has this person; Berlin, first in the group, would take them.
    const first = await server.send('POST', '/members', admin, {
      email,
      name: 'Hal Halfway',
      role: 'staff',
      ownerId: M,
    });
    expect(first.status, first.text).toBe(201);
    const members = await server.data.count('members');
    const users = await server.data.count('users');
    const mails = mailsTo(email).length;
    const answer = await server.send('POST', `/hotel-groups/${String(made.id)}/addMember`, admin, {
      email,
      name: 'Hal Halfway',
      role: 'manager',
    });
    expect(answer.status, answer.text).toBe(409);
    expect((answer.body as ApiErrorBody).code).toBe('resources.hotel-groups.alreadyMember');
    expect(answer.text).toContain('Madrid');
    expect(await server.data.count('members')).toBe(members);
    expect(await server.data.count('users')).toBe(users);
    expect(await server.data.find('members', { ownerId: B, email })).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(email)).toHaveLength(mails);
  });

  it('store nothing for a new person when a later hotel fails: no account, membership, link or mail', async () => {
    // A hotel that goes while the group still names it (its id is left behind).
    const gone = await server.data.insert('users', {
      ...(await server.data.get('users', M)),
      id: undefined,
      email: 'gone.hotel@example.org',
      name: 'Gone',
      company: 'Gone Hotel',
      slug: 'gone-hotel',
    });
    const made = await group('Amsterdam and a gone hotel', [A, gone.id]);
    await server.data.remove('users', gone.id);
    const email = 'never.made@example.org';
    const before = await server.data.snapshot();
    const answer = await server.send('POST', `/hotel-groups/${String(made.id)}/addMember`, admin, {
      email,
      name: 'Nev Never',
      role: 'staff',
    });
    expect(answer.status, answer.text).toBe(404);
    const after = await server.data.snapshot();
    for (const collection of ['users', 'members', 'passwordResets']) {
      expect(after[collection], collection).toEqual(before[collection]);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(email)).toEqual([]);
  });
});
