import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestMail } from '../../mock-server/auth/mailer';
import { resources } from '../../src/resources';
import { OWNER_FIELD } from '../../src/schema/access';
import type { StoredRecord } from '../../src/schema/store';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  MADRID,
  PASSWORD,
  SUPERADMIN,
  recordsSnapshot,
  startServer,
  storedBytes,
  userId,
  type TestServer,
} from './helpers';

/**
 * Offboarding a hotel (issue 28 part 3): archive (no sign-in, guest app 410, data kept),
 * unarchive, delete (super administrators, archived hotels only: every record and file of the
 * hotel, nothing of another) and export (a ZIP of exactly the hotel's records and files).
 */

type Row = Record<string, unknown>;

let server: TestServer;
let admin: string;
let superadmin: string;

beforeAll(async () => {
  server = await startServer();
  [admin, superadmin] = await Promise.all([ADMIN, SUPERADMIN].map((email) => server.login(email)));
});
afterAll(async () => {
  await server.close();
});

/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(token: string, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), name);
  const response = await fetch(`${server.baseUrl}/uploads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

/** The newest mail's text to `to`, once it is in the outbox. */
async function waitForMail(to: string): Promise<string> {
  await expect.poll(() => readLatestMail(server.config.mailOutbox, to)).toBeDefined();
  return readLatestMail(server.config.mailOutbox, to)!.text;
}

const slugOf = async (id: number) => String((await server.data.get('users', id))!.slug);

/** Every guest route of a hotel, with a body where it takes one (found in mock-server). */
async function guestRoutes(id: number): Promise<[string, string, unknown?][]> {
  const slug = await slugOf(id);
  const [form] = await server.data.find('forms', { ownerId: id });
  const [page] = await server.data.find('pages', { ownerId: id });
  return [
    ['GET', `/public/${slug}/notification`],
    ['GET', `/public/${slug}/branding`],
    ['GET', `/public/${slug}/amenities`],
    ['GET', `/public/${slug}/pages`],
    ['GET', `/public/${slug}/pages/${String(page?.slug ?? 'home')}`],
    ['GET', `/public/${slug}/timeslots`],
    ['GET', `/public/${slug}/forms/${String(form?.id ?? 1)}`],
    ['POST', `/public/${slug}/forms/${String(form?.id ?? 1)}/submissions`, { data: {} }],
    ['POST', `/public/${slug}/guest-session`, { room: '101', surname: 'Nobody' }],
    ['POST', `/public/${slug}/orders`, { items: [] }],
    ['POST', `/public/${slug}/bookings`, {}],
  ];
}

async function statuses(id: number): Promise<Record<string, number>> {
  const answers: Record<string, number> = {};
  for (const [method, path, body] of await guestRoutes(id)) {
    const answer = await server.send(method, path, undefined, body);
    answers[`${method} ${path}`] = answer.status;
    if (answer.status === 410) {
      expect(answer.body).toMatchObject({ code: 'offboarding.errors.guestAppGone' });
    }
  }
  return answers;
}

describe('archive and unarchive', () => {
  it('refuses a hotel and answers 409 for an administrator account', async () => {
    const amsterdam = await server.login(AMSTERDAM);
    const id = userId(server, AMSTERDAM);
    expect((await server.send('POST', `/users/${id}/archive`, amsterdam)).status).toBe(403);
    expect((await server.send('POST', `/users/${id}/archive`)).status).toBe(401);
    const adminId = userId(server, ADMIN);
    const refused = await server.send('POST', `/users/${adminId}/archive`, superadmin);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'offboarding.errors.notHotel' });
    expect((await server.send('POST', '/users/999999/archive', admin)).status).toBe(404);
    expect((await server.data.get('users', id))!.archived).toBeUndefined();
  });

  it('archiving: 410 on every guest route, sign-in refused, sessions end; unarchiving: back', async () => {
    const id = userId(server, MADRID);
    const other = userId(server, BERLIN);
    const before = await statuses(id);
    const otherBefore = await statuses(other);
    expect(Object.values(before)).not.toContain(410);
    const session = await server.login(MADRID);
    const records = await server.data.snapshot();

    const archived = await server.send('POST', `/users/${id}/archive`, admin);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id, archived: true });
    expect(archived.body).not.toHaveProperty('passwordHash');

    // Every guest route of the hotel is gone, another hotel's are as they were.
    const after = await statuses(id);
    for (const route of Object.keys(before)) expect(after[route], route).toBe(410);
    expect(await statuses(other)).toEqual(otherBefore);
    // No sign-in, and the session it had is over.
    const signIn = await server.send('POST', '/auth/login', undefined, {
      email: MADRID,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({ code: 'offboarding.errors.accountArchived' });
    const ended = await server.send('GET', '/users/me', session);
    expect(ended.status).toBe(403);
    expect(ended.body).toMatchObject({ code: 'offboarding.errors.accountArchived' });
    // Nor can an administrator log in as it.
    expect((await server.send('POST', '/auth/login-as', admin, { id })).status).toBe(403);
    // The data is kept: only the account changed (and the logs grew: the refused login-as).
    const kept = await server.data.snapshot();
    for (const collection of server.store.collections) {
      if (['users', 'audit', 'impersonations'].includes(collection)) continue;
      expect(kept[collection], collection).toEqual(records[collection]);
    }
    // A form cannot unarchive it: the field is the server's.
    await server.send('PATCH', `/users/${id}`, admin, { archived: false });
    expect((await server.data.get('users', id))!.archived).toBe(true);

    const unarchived = await server.send('POST', `/users/${id}/unarchive`, admin);
    expect(unarchived.status).toBe(200);
    expect(unarchived.body).toMatchObject({ id, archived: false });
    expect(await statuses(id)).toEqual(before);
    const token = await server.login(MADRID);
    expect((await server.send('GET', '/users/me', token)).status).toBe(200);

    const log = await server.data.find('audit', { recordId: id, action: 'action' });
    expect(log.map((entry) => entry.name)).toEqual(['archive', 'unarchive']);
    expect(log[0]).toMatchObject({
      actorId: userId(server, ADMIN),
      resource: 'users',
      ownerId: id,
      changes: [{ field: 'archived', before: false, after: true }],
    });
  });

  it('an archived hotel’s files: 410 to the public, served to an administrator; back after unarchiving', async () => {
    const id = userId(server, AMSTERDAM);
    const hotel = await server.login(AMSTERDAM);
    const own = await upload(hotel, 'lobby.png');
    // A file of the hotel from the seed too (its logo, its PDFs): every file of its folder.
    const [seeded] = await server.data.find('uploads', { ownerId: id });
    const files = [own, String(seeded!.url)];
    const another = String(
      (await server.data.find('uploads', { ownerId: userId(server, BERLIN) }))[0]!.url,
    );
    const get = (url: string, token?: string) => server.request('GET', url, { token });
    for (const url of [...files, another]) expect((await get(url)).status, url).toBe(200);

    expect((await server.send('POST', `/users/${id}/archive`, admin)).status).toBe(200);
    for (const url of files) {
      const gone = await get(url);
      expect(gone.status, url).toBe(410);
      expect(await gone.json()).toMatchObject({ code: 'offboarding.errors.guestAppGone' });
      // HEAD as GET; the hotel's own old session does not reach them either.
      expect((await server.request('HEAD', url)).status, url).toBe(410);
      expect((await get(url, hotel)).status, url).toBe(410);
      // An administrator still reads them, and no shared cache keeps that copy.
      const read = await get(url, admin);
      expect(read.status, url).toBe(200);
      expect(read.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await read.arrayBuffer())).toEqual(await storedBytes(server, url));
    }
    expect((await get(own, superadmin)).status).toBe(200);
    // Another hotel's files are served as before.
    expect((await get(another)).status).toBe(200);
    // The export still carries the files.
    const exported = await server.request('GET', `/users/${id}/export`, { token: admin });
    const zip = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const listed = JSON.parse(Buffer.from(zip['uploads.json']!).toString('utf8')) as Row[];
    const lobby = listed.find((row) => row.url === own)!;
    expect(Buffer.from(zip[String(lobby.file)]!)).toEqual(PNG);

    expect((await server.send('POST', `/users/${id}/unarchive`, admin)).status).toBe(200);
    for (const url of files) {
      const back = await get(url);
      expect(back.status, url).toBe(200);
      expect(back.headers.get('cache-control')).toBe('public, max-age=86400, immutable');
    }
    expect(Buffer.from(await (await get(own)).arrayBuffer())).toEqual(PNG);
  });

  it('the users list filters on archived', async () => {
    const id = userId(server, BERLIN);
    await server.send('POST', `/users/${id}/archive`, admin);
    const list = await server.send('GET', '/users?archived=true', admin);
    expect((list.body as Row[]).map((user) => user.id)).toEqual([id]);
    await server.send('POST', `/users/${id}/unarchive`, admin);
    expect((await server.send('GET', '/users?archived=true', admin)).body).toEqual([]);
  });
});

/** How many records of each collection name the hotel (`ownerId`, or `userId` for links). */
async function countsOf(id: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const collection of server.store.collections) {
    const rows = await server.data.all(collection);
    counts[collection] = rows.filter(
      (row) =>
        row[OWNER_FIELD] === id || row.userId === id || (collection === 'users' && row.id === id),
    ).length;
  }
  return counts;
}

describe('DELETE /users/:id', () => {
  it('is refused to administrators, for an active hotel and for an administrator account', async () => {
    const id = userId(server, AMSTERDAM);
    const hotel = await server.login(AMSTERDAM);
    const snapshot = await recordsSnapshot(server);
    const byAdmin = await server.send('DELETE', `/users/${id}`, admin);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toMatchObject({ code: 'offboarding.errors.superAdminOnly' });
    expect((await server.send('DELETE', `/users/${id}`, hotel)).status).toBe(403);
    const active = await server.send('DELETE', `/users/${id}`, superadmin);
    expect(active.status).toBe(409);
    expect(active.body).toMatchObject({ code: 'offboarding.errors.notArchived' });
    const staff = await server.send('DELETE', `/users/${userId(server, ADMIN)}`, superadmin);
    expect(staff.status).toBe(409);
    expect(await recordsSnapshot(server)).toEqual(snapshot);
  });

  it('removes every record and file of the hotel and nothing of another', async () => {
    const id = userId(server, AMSTERDAM);
    const other = userId(server, BERLIN);
    const hotel = await server.login(AMSTERDAM);
    // Records of every kind the server keeps about it: uploads, a reset link, a login-as.
    const own = await upload(hotel, 'logo.png');
    const theirs = await upload(await server.login(BERLIN), 'berlin.png');
    expect(
      (await server.send('POST', '/auth/forgot-password', undefined, { email: AMSTERDAM })).status,
    ).toBeLessThan(300);
    expect((await server.send('POST', '/auth/login-as', admin, { id })).status).toBe(200);
    expect((await server.send('POST', `/users/${id}/archive`, admin)).status).toBe(200);

    const before = await countsOf(id);
    const otherBefore = await countsOf(other);
    const snapshot = await server.data.snapshot();
    const ownUploads = snapshot.uploads!.filter((row) => row[OWNER_FIELD] === id);
    expect(ownUploads.length).toBeGreaterThan(0);
    // It had records in most collections (the registry's and the server's).
    for (const collection of ['users', 'pages', 'amenities', 'uploads', 'passwordResets']) {
      expect(before[collection], collection).toBeGreaterThan(0);
    }
    expect(before.impersonations).toBeGreaterThan(0);

    const answer = await server.send('DELETE', `/users/${id}`, superadmin);
    expect(answer.status).toBe(200);
    const removed = (answer.body as { removed: Record<string, number> }).removed;
    const after = await countsOf(id);
    for (const collection of server.store.collections) {
      expect(after[collection], collection).toBe(0);
      expect(removed[collection] ?? 0, collection).toBe(before[collection]);
    }
    // Nothing of another hotel, nor anything else, went: the rest is exactly as it was.
    expect(await countsOf(other)).toEqual(otherBefore);
    const now = await server.data.snapshot();
    const notOfHotel = (rows: StoredRecord[] | undefined, collection: string) =>
      (rows ?? []).filter(
        (row) =>
          row[OWNER_FIELD] !== id &&
          row.userId !== id &&
          !(collection === 'users' && row.id === id),
      );
    for (const collection of server.store.collections) {
      const kept = notOfHotel(now[collection], collection);
      const was = notOfHotel(snapshot[collection], collection);
      if (collection === 'audit') {
        expect(kept.slice(0, was.length)).toEqual(was);
      } else {
        expect(kept, collection).toEqual(was);
      }
    }
    // Its files are gone; another hotel's are served.
    for (const upload of ownUploads)
      expect(await storedBytes(server, String(upload.url))).toBeUndefined();
    expect(await storedBytes(server, own)).toBeUndefined();
    expect(await storedBytes(server, theirs)).toEqual(PNG);
    expect((await server.request('GET', theirs)).status).toBe(200);
    // The guest app is unknown now, and the account cannot sign in.
    expect(
      (
        await server.send(
          'GET',
          `/public/${String(snapshot.users!.find((u) => u.id === id)!.slug)}/pages`,
        )
      ).status,
    ).toBe(404);
    expect((await server.send('GET', '/users/me', hotel)).status).toBe(401);

    // The log keeps one entry of the deletion, about no hotel: who, which and how much.
    const [entry] = await server.data.find('audit', {
      action: 'delete',
      recordId: id,
      resource: 'users',
    });
    expect(entry).toMatchObject({
      actorId: userId(server, SUPERADMIN),
      recordLabel: snapshot.users!.find((user) => user.id === id)!.name,
    });
    expect(entry).not.toHaveProperty(OWNER_FIELD);
    expect(String(entry!.detail)).toContain(`pages: ${before.pages}`);
    expect(String(entry!.detail)).toContain(`uploads: ${before.uploads}`);
  });
});

describe("the wizard's files (issue 37, point 15)", () => {
  it('a hotel created with a logo and favicon an administrator uploaded has them as its own, and exports them', async () => {
    const logo = await upload(admin, 'logo.png');
    const favicon = await upload(admin, 'favicon.png');
    expect(logo).toMatch(/^\/uploads\/files\/admin\//);
    const created = await server.send('POST', '/users', admin, {
      name: 'Wizard Hotel',
      email: 'wizard-hotel@example.com',
      company: 'Wizard Hotel B.V.',
      phoneNumber: '+31 20 555 0199',
      slug: 'wizard-hotel',
      role: 'operator',
      status: 'active',
      template: 'rows',
      logo,
      favicon,
      title: 'Wizard',
      locales: ['en'],
      sourceLocale: 'en',
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { id: number }).id;
    const [branding] = await server.data.find('branding', { ownerId: id });
    for (const field of ['logo', 'favicon']) {
      const url = String(branding![field]);
      expect(url).toMatch(new RegExp(`^/uploads/files/${id}/`));
      expect(await server.data.find('uploads', { url })).toEqual([
        expect.objectContaining({ ownerId: id, type: 'image/png' }),
      ]);
      const served = await server.request('GET', url, { token: admin });
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    }
    const exported = await server.request('GET', `/users/${id}/export`, { token: admin });
    const zip = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const listed = JSON.parse(Buffer.from(zip['uploads.json']!).toString('utf8')) as Row[];
    expect(listed.map((entry) => entry.url).sort()).toEqual(
      [branding!.logo, branding!.favicon].sort(),
    );
    for (const entry of listed) expect(Buffer.from(zip[String(entry.file)]!)).toEqual(PNG);
  });
});

describe('export', () => {
  it('is a ZIP of exactly the hotel’s records and files, without secrets, and audited', async () => {
    const id = userId(server, BERLIN);
    const snapshot = await server.data.snapshot();
    const answer = await server.request('GET', `/users/${id}/export`, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="hotel-.*\.zip"$/,
    );
    const zip = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    const json = (name: string) => JSON.parse(Buffer.from(zip[name]!).toString('utf8')) as Row[];

    // One file per resource the hotel owns records of, with exactly its records.
    for (const resource of resources) {
      if (!resource.owned) continue;
      const stored = snapshot[resource.name]!.filter((row) => row.ownerId === id);
      const exported = json(`${resource.name}.json`);
      expect(exported.map((row) => row.id).sort(), resource.name).toEqual(
        stored.map((row) => row.id).sort(),
      );
      for (const row of exported) expect(row.ownerId).toBe(id);
      // Secrets are never in it, not even whether they are set.
      for (const [name, field] of Object.entries(resource.fields)) {
        if ('secret' in field && field.secret) {
          for (const row of exported)
            expect(row, `${resource.name}.${name}`).not.toHaveProperty(name);
          for (const row of stored) {
            if (typeof row[name] === 'string' && row[name]) {
              expect(Buffer.from(zip[`${resource.name}.json`]!).toString()).not.toContain(
                row[name],
              );
            }
          }
        }
      }
    }
    const [account] = json('users.json');
    expect(account).toMatchObject({ id, email: BERLIN });
    for (const hidden of ['passwordHash', 'sessionVersion', 'passwordChangedAt']) {
      expect(account).not.toHaveProperty(hidden);
    }
    // Its uploads: the records and the files, byte for byte.
    const uploads = await server.data.find('uploads', { ownerId: id });
    const listed = json('uploads.json');
    expect(listed.map((row) => row.id).sort()).toEqual(uploads.map((row) => row.id).sort());
    expect(uploads.length).toBeGreaterThan(0);
    for (const row of listed) {
      expect(row).not.toHaveProperty('uploadedBy');
      expect(Buffer.from(zip[String(row.file)]!)).toEqual(
        await storedBytes(server, String(row.url)),
      );
    }
    const names = Object.keys(zip);
    expect(names.filter((name) => name.startsWith('uploads/'))).toHaveLength(uploads.length);
    expect(names.filter((name) => name.endsWith('.json')).sort()).toEqual(
      ['users', 'uploads', ...resources.filter((r) => r.owned).map((r) => r.name)]
        .map((name) => `${name}.json`)
        .sort(),
    );
    const [entry] = await server.data.find('audit', { name: 'export', recordId: id });
    expect(entry).toMatchObject({ actorId: userId(server, ADMIN), ownerId: id, action: 'action' });
  });

  it('the hotel exports its own data; nobody else’s', async () => {
    const id = userId(server, BERLIN);
    const berlin = await server.login(BERLIN);
    const own = await server.request('GET', '/users/me/export', { token: berlin });
    expect(own.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await own.arrayBuffer()));
    const pages = JSON.parse(Buffer.from(zip['pages.json']!).toString()) as Row[];
    expect(pages.length).toBe(await server.data.count('pages', { ownerId: id }));
    const other = userId(server, MADRID);
    expect((await server.send('GET', `/users/${other}/export`, berlin)).status).toBe(403);
    expect((await server.send('GET', `/users/${id}/export`)).status).toBe(401);
    expect(await server.data.count('audit', { name: 'export', actorId: id })).toBe(1);
  });
});

describe('deleting a hotel: its people (issue 40)', () => {
  it('removes the accounts of people with no hotel left (they cannot sign in); people of other hotels keep theirs', async () => {
    const id = userId(server, MADRID);
    const madrid = await server.login(MADRID);
    const berlin = await server.login(BERLIN);
    // One person of Madrid only, one of Madrid and Berlin; both chose a password.
    const people: Record<string, number> = {};
    for (const [email, tokens] of [
      ['only.madrid@example.org', [madrid]],
      ['madrid.and.berlin@example.org', [madrid, berlin]],
    ] as const) {
      for (const token of tokens) {
        const made = await server.send('POST', '/members', token, {
          email,
          name: 'Pat Person',
          role: 'staff',
        });
        expect(made.status, made.text).toBe(201);
        people[email] = (made.body as Row).userId as number;
      }
      const mail = await waitForMail(email);
      const token = /\/auth\/new-password\?token=([\w-]+)/.exec(mail)![1];
      const chosen = await server.send('POST', '/auth/reset-password', undefined, {
        token,
        password: 'people-pass-2026',
      });
      expect(chosen.status, chosen.text).toBe(204);
    }
    const onlyToken = await server.login('only.madrid@example.org', 'people-pass-2026');
    const group = await server.send('POST', '/hotel-groups', admin, {
      name: 'Iberia and Berlin',
      hotels: [id, userId(server, BERLIN)],
    });
    expect(group.status, group.text).toBe(201);
    expect((await server.send('POST', `/users/${id}/archive`, admin)).status).toBe(200);

    const answer = await server.send('DELETE', `/users/${id}`, superadmin);
    expect(answer.status, answer.text).toBe(200);
    expect((answer.body as { removed: Record<string, number> }).removed.users).toBe(2);
    // The person of Madrid only: no account, no link, no session, no sign-in.
    const only = people['only.madrid@example.org']!;
    expect(await server.data.get('users', only)).toBeUndefined();
    expect(await server.data.find('passwordResets', { userId: only })).toEqual([]);
    expect((await server.send('GET', '/users/me', onlyToken)).status).toBe(401);
    const again = await server.send('POST', '/auth/login', undefined, {
      email: 'only.madrid@example.org',
      password: 'people-pass-2026',
    });
    expect(again.status).toBe(401);
    // The person of Berlin too keeps their account and password, with Berlin alone.
    const kept = await server.login('madrid.and.berlin@example.org', 'people-pass-2026');
    const me = (await server.send('GET', '/users/me', kept)).body as { hotels: Row[] };
    expect(me.hotels.map((hotel) => hotel.id)).toEqual([userId(server, BERLIN)]);
    // The group names Berlin only now.
    const stored = await server.data.get('hotel-groups', (group.body as Row).id as number);
    expect(stored!.hotels).toEqual([userId(server, BERLIN)]);
  });
});
