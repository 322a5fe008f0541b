import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/resources';
import type { AuditChange, AuditPerson } from '../../src/resources/audit';
import { permits, type Actor, type Operation } from '../../src/schema/access';
import { isShown } from '../../src/schema/forms';
import { offered, type Resource } from '../../src/schema/resource';
import type { Writer } from '../../src/schema/store';
import { removeExpiredEntries } from '../../mock-server/audit';
import { readLatestMail } from '../../mock-server/auth/mailer';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  PASSWORD,
  SUPERADMIN,
  startServer,
  userId,
  type Answer,
  type TestServer,
} from './helpers';
import { isTextKind, operatorMay, sampleBody, type OwnerContext } from './samples';

/**
 * The audit log (issue 28 part 1): one entry per write through the pipeline, in the write's own
 * transaction, and per account event; read-only through the API, each hotel its own entries.
 */

type Row = Record<string, unknown>;

const SUPER: Actor = { id: 1, isAdmin: true, isSuperAdmin: true };
const superMay = (resource: Resource, operation: Operation) =>
  permits(resource.access[operation]({ actor: SUPER, operation }));

let server: TestServer;
let amsterdam: string;
let berlin: string;
let admin: string;
let superadmin: string;
let amsterdamId: number;
let berlinId: number;

beforeAll(async () => {
  server = await startServer();
  [amsterdam, berlin, admin, superadmin] = await Promise.all(
    [AMSTERDAM, BERLIN, ADMIN, SUPERADMIN].map((email) => server.login(email)),
  );
  amsterdamId = userId(server, AMSTERDAM);
  berlinId = userId(server, BERLIN);
});
afterAll(async () => {
  await server.close();
});

const entries = () => server.data.all('audit');
const entryCount = () => server.data.count('audit');

/** The entries a request wrote, with its answer. */
async function written(
  method: string,
  url: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ answer: Answer; added: Row[] }> {
  const before = new Set((await entries()).map((entry) => entry.id));
  const answer = await server.send(method, url, token, body);
  const added = (await entries()).filter((entry) => !before.has(entry.id));
  return { answer, added };
}

const ownerCtx = async (): Promise<OwnerContext> => {
  const owner = await server.data.get('users', amsterdamId);
  return {
    server,
    token: amsterdam,
    owner: { id: amsterdamId, locales: owner!.locales as string[] },
    registry: resources,
  };
};

/** A writable, shown, non-secret text field of a record (its new value is a change to log). */
function editableText(resource: Resource, record: Row): string | undefined {
  return Object.entries(resource.fields).find(
    ([name, field]) =>
      isTextKind(field) &&
      !field.readOnly &&
      !field.hideInForm &&
      !field.transient &&
      !('secret' in field && field.secret) &&
      !field.access?.write &&
      name !== 'slug' &&
      isShown(field, record),
  )?.[0];
}

describe('every write through the pipeline writes exactly one entry', () => {
  const exercised = new Set<string>();

  const writable = resources.filter(
    (resource) =>
      offered(resource, 'create') || offered(resource, 'edit') || offered(resource, 'delete'),
  );

  it.each(writable.map((resource) => [resource.name, resource] as const))(
    '%s',
    async (_name, resource) => {
      const ctx = await ownerCtx();
      const asOperator = (operation: Operation) => operatorMay(resource, operation, amsterdamId);
      const tokenFor = (operation: Operation) =>
        asOperator(operation) ? amsterdam : superMay(resource, operation) ? superadmin : undefined;
      const base = `/${resource.name}`;
      let record: Row | undefined;

      if (resource.singleton) {
        record = (await server.send('GET', base, amsterdam)).body as Row;
      } else if (offered(resource, 'create') && asOperator('create')) {
        const body = await sampleBody(resource, ctx);
        const { answer, added } = await written('POST', base, amsterdam, body);
        expect(answer.status, answer.text).toBe(201);
        record = answer.body as Row;
        expect(added).toEqual([
          expect.objectContaining({
            action: 'create',
            resource: resource.name,
            recordId: record.id,
          }),
        ]);
      } else if (offered(resource, 'create') && superMay(resource, 'create')) {
        // An administrator's record (the app catalogue, a permission): optional uploads left
        // out (a sample's address is a hotel's); a new hotel needs its guest app's texts too.
        const body = await sampleBody(resource, ctx);
        for (const [name, field] of Object.entries(resource.fields)) {
          if ((field.kind === 'image' || field.kind === 'file') && !field.required) {
            delete body[name];
          }
        }
        if (resource.owned) body.ownerId = amsterdamId;
        const { answer, added } = await written('POST', base, superadmin, body);
        if (answer.status === 201) {
          record = answer.body as Row;
          expect(added).toEqual([
            expect.objectContaining({ action: 'create', recordId: record.id }),
          ]);
        } else {
          // Refused (a hotel's create needs more than a sample): nothing logged, and Berlin's
          // stored account is the record to change.
          expect(answer.status, answer.text).toBe(422);
          expect(added).toEqual([]);
          record = await server.data.get(resource.name, berlinId);
        }
      } else {
        // Records others make (guests' submissions): one of Amsterdam's.
        [record] = await server.data.find(resource.name, { ownerId: amsterdamId });
      }
      expect(record, 'a record to change').toBeDefined();

      if (offered(resource, 'edit') && tokenFor('update')) {
        const field = editableText(resource, record!);
        const value = field ? (await sampleBody(resource, ctx))[field] : undefined;
        const patch = field ? { [field]: value } : {};
        const url = resource.singleton ? base : `${base}/${String(record!.id)}`;
        const { answer, added } = await written('PATCH', url, tokenFor('update'), patch);
        expect(answer.status, answer.text).toBe(200);
        // A save with nothing to change (no text field to edit) records nothing (issue 37).
        expect(added).toEqual(
          field
            ? [
                expect.objectContaining({
                  action: 'update',
                  resource: resource.name,
                  recordId: record!.id,
                }),
              ]
            : [],
        );
        if (field) {
          expect(added[0]!.changes).toContainEqual({
            field,
            before: record![field] ?? null,
            after: value,
          });
        }
      }

      if (!resource.singleton && offered(resource, 'delete') && tokenFor('delete')) {
        const url = `${base}/${String(record!.id)}`;
        const { answer, added } = await written('DELETE', url, tokenFor('delete'));
        expect(answer.status, answer.text).toBe(200);
        expect(added).toEqual([
          expect.objectContaining({
            action: 'delete',
            resource: resource.name,
            recordId: record!.id,
          }),
        ]);
      }
      exercised.add(resource.name);
    },
  );

  it('covered every resource the API writes through the pipeline', () => {
    expect([...exercised].sort()).toEqual(writable.map((resource) => resource.name).sort());
    expect(exercised.size).toBeGreaterThan(5);
  });
});

describe('an entry exists exactly when its change does', () => {
  it('writes none for a refused write: a validation error (422) or a conflict (409)', async () => {
    const before = await entryCount();
    const invalid = await server.send('POST', '/amenity-categories', amsterdam, { name: '' });
    expect(invalid.status).toBe(422);
    const taken = await server.send('PATCH', `/users/${berlinId}`, admin, { email: AMSTERDAM });
    expect(taken.status).toBe(409);
    const forbidden = await server.send('PATCH', `/users/${berlinId}`, amsterdam, { name: 'X' });
    expect(forbidden.status).toBe(403);
    expect(await entryCount()).toBe(before);
  });

  it('stores the change and its entry in one transaction: a failing entry undoes the change', async () => {
    const store = server.store;
    const transaction = store.transaction.bind(store);
    // The entry's insert fails: the write it belongs to must not be stored either.
    const failing = <T>(work: (tx: Writer) => Promise<T>) =>
      transaction((tx) =>
        work(
          Object.assign(Object.create(tx) as Writer, {
            insert: (collection: string, row: Row) => {
              if (collection === 'audit') throw new Error('The audit log is unavailable');
              return tx.insert(collection, row);
            },
          }),
        ),
      );
    const before = await server.data.count('users', { name: 'Never stored' });
    const entriesBefore = await entryCount();
    Object.assign(store, { transaction: failing });
    try {
      const answer = await server.send('PATCH', `/users/${berlinId}`, admin, {
        name: 'Never stored',
      });
      expect(answer.status).toBe(500);
    } finally {
      Object.assign(store, { transaction });
    }
    expect(await server.data.count('users', { name: 'Never stored' })).toBe(before);
    expect((await server.data.get('users', berlinId))!.name).not.toBe('Never stored');
    expect(await entryCount()).toBe(entriesBefore);
  });
});

describe('what an entry says', () => {
  it('an update: who, the hotel, the record with its label, and each field before and after', async () => {
    const hotel = (await server.data.get('users', berlinId))!;
    const { answer, added } = await written('PATCH', `/users/${berlinId}`, admin, {
      company: 'Hotel Berlin Mitte',
      phoneNumber: '+49 30 1234567',
    });
    expect(answer.status, answer.text).toBe(200);
    expect(added).toHaveLength(1);
    const entry = added[0]!;
    expect(entry).toMatchObject({
      action: 'update',
      actorId: userId(server, ADMIN),
      actorName: 'Daniel Brooks',
      behindId: null,
      ownerId: berlinId,
      resource: 'users',
      recordId: berlinId,
      recordLabel: hotel.name,
    });
    expect(Date.parse(String(entry.at))).toBe(server.clock.now());
    expect(entry.changes).toEqual([
      { field: 'company', before: hotel.company, after: 'Hotel Berlin Mitte' },
      { field: 'phoneNumber', before: hotel.phoneNumber, after: '+49 30 1234567' },
    ]);
  });

  it('a secret as "changed", never its value; a password change without the password', async () => {
    const [app] = await server.data.find('apps', { connection: 'oauth' });
    const secret = 'a-very-secret-client-value-123';
    const { answer, added } = await written('PATCH', `/apps/${app!.id}`, superadmin, {
      clientSecret: secret,
      name: 'Renamed app',
    });
    expect(answer.status, answer.text).toBe(200);
    expect(added[0]!.changes).toContainEqual({ field: 'clientSecret', changed: true });
    const sealed = (await server.data.get('apps', app!.id))!.clientSecret as string;

    const newPassword = 'another-password-42';
    const change = await written('POST', '/users/me/password', amsterdam, {
      oldPassword: PASSWORD,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(change.answer.status, change.answer.text).toBe(204);
    expect(change.added).toEqual([
      expect.objectContaining({
        action: 'password-change',
        actorId: amsterdamId,
        ownerId: amsterdamId,
        recordId: amsterdamId,
      }),
    ]);
    amsterdam = await server.login(AMSTERDAM, newPassword);

    const log = JSON.stringify(await entries());
    for (const value of [secret, sealed, newPassword, PASSWORD]) {
      expect(log).not.toContain(value);
    }
  });

  it('rich text as a short summary of its words', async () => {
    const [page] = await server.data.find('pages', { ownerId: amsterdamId, type: 'content' });
    expect(page).toBeDefined();
    const long = `<h2>Welcome</h2><p>${'Breakfast is served daily. '.repeat(20)}</p>`;
    const { answer, added } = await written('PATCH', `/pages/${page!.id}`, amsterdam, {
      body: long,
    });
    expect(answer.status, answer.text).toBe(200);
    const change = (added[0]!.changes as AuditChange[]).find((c) => c.field === 'body')!;
    expect(change.summary).toBe(true);
    expect(change.after).toMatch(/^Welcome Breakfast is served daily\./);
    expect(String(change.after).length).toBeLessThanOrEqual(121);
    expect(String(change.after)).not.toContain('<');
  });

  it('a declared action: its name, the record and the hotel', async () => {
    const [category] = await server.data.find('amenity-categories', {
      ownerId: amsterdamId,
      locale: 'nl',
    });
    const { answer, added } = await written('POST', '/amenity-categories/reorder', amsterdam, {
      ids: [category!.id],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(added).toEqual([
      expect.objectContaining({
        action: 'action',
        name: 'reorder',
        resource: 'amenity-categories',
        ownerId: amsterdamId,
      }),
    ]);
  });
});

describe('sessions and accounts', () => {
  it('logs sign-in, failed sign-in and sign-out, about the account', async () => {
    const signIn = await written('POST', '/auth/login', undefined, {
      email: BERLIN,
      password: PASSWORD,
    });
    expect(signIn.answer.status).toBe(200);
    expect(signIn.added).toEqual([
      expect.objectContaining({ action: 'sign-in', actorId: berlinId, ownerId: berlinId }),
    ]);
    const wrong = await written('POST', '/auth/login', undefined, {
      email: BERLIN,
      password: 'not-the-password',
    });
    expect(wrong.answer.status).toBe(401);
    expect(wrong.added).toEqual([
      expect.objectContaining({
        action: 'sign-in-failed',
        actorId: null,
        recordId: berlinId,
        ownerId: berlinId,
        detail: 'Invalid email or password',
      }),
    ]);
    expect(JSON.stringify(wrong.added)).not.toContain('not-the-password');
    const token = (signIn.answer.body as { accessToken: string }).accessToken;
    const out = await written('POST', '/auth/logout', token);
    expect(out.answer.status).toBe(204);
    expect(out.added).toEqual([
      expect.objectContaining({ action: 'sign-out', actorId: berlinId, ownerId: berlinId }),
    ]);
  });

  it('records the whole login-as chain: who, as whom, behind whom', async () => {
    const superId = userId(server, SUPERADMIN);
    const adminId = userId(server, ADMIN);
    const first = await written('POST', '/auth/login-as', superadmin, { id: adminId });
    expect(first.answer.status).toBe(200);
    const asAdmin = (first.answer.body as { accessToken: string }).accessToken;
    expect(first.added).toEqual([
      expect.objectContaining({ action: 'login-as', actorId: superId, recordId: adminId }),
    ]);
    const second = await written('POST', '/auth/login-as', asAdmin, { id: amsterdamId });
    expect(second.answer.status).toBe(200);
    const asHotel = (second.answer.body as { accessToken: string }).accessToken;
    const ids = (entry: Row) => (entry.chain as AuditPerson[]).map((person) => person.id);
    expect(second.added).toHaveLength(1);
    expect(second.added[0]).toMatchObject({
      action: 'login-as',
      actorId: adminId,
      behindId: superId,
      recordId: amsterdamId,
      ownerId: amsterdamId,
    });
    expect(ids(second.added[0]!)).toEqual([superId, adminId, amsterdamId]);

    // A write in that session names the hotel as the actor and the super administrator behind.
    const write = await written('PATCH', '/users/me', asHotel, { phoneNumber: '+31 20 555 0000' });
    expect(write.answer.status, write.answer.text).toBe(200);
    expect(write.added).toHaveLength(1);
    expect(write.added[0]).toMatchObject({
      action: 'update',
      actorId: amsterdamId,
      behindId: superId,
      behindName: 'Sophie Laurent',
      ownerId: amsterdamId,
    });
    expect(ids(write.added[0]!)).toEqual([superId, adminId, amsterdamId]);

    // A refused attempt is logged too, with why.
    const refused = await written('POST', '/auth/login-as', amsterdam, { id: berlinId });
    expect(refused.answer.status).toBe(403);
    expect(refused.added).toEqual([
      expect.objectContaining({
        action: 'login-as-refused',
        actorId: amsterdamId,
        recordId: berlinId,
        detail: 'Only administrators can log in as another user',
      }),
    ]);
  });
});

describe('what else writes an entry', () => {
  it('an email verification: the account proves its address, once', async () => {
    await server.send('PATCH', `/users/${berlinId}`, admin, { emailVerified: false });
    const mail = readLatestMail(server.config.mailOutbox, BERLIN)!;
    const token = /\/auth\/verify-email\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    const verified = await written('POST', '/auth/verify-email', undefined, { token });
    expect(verified.answer.status, verified.answer.text).toBe(204);
    expect(verified.added).toEqual([
      expect.objectContaining({
        action: 'email-verification',
        actorId: berlinId,
        resource: 'users',
        recordId: berlinId,
        ownerId: berlinId,
        detail: BERLIN,
      }),
    ]);
    // A used link verifies nothing, and logs nothing.
    const again = await written('POST', '/auth/verify-email', undefined, { token });
    expect(again.answer.status).toBe(400);
    expect(again.added).toEqual([]);
  });

  it('a branding made on its first read: a create by whoever read it, once', async () => {
    const [own] = await server.data.find('branding', { ownerId: berlinId });
    if (own) await server.data.remove('branding', own.id);
    const first = await written('GET', `/branding?ownerId=${berlinId}`, admin);
    expect(first.answer.status, first.answer.text).toBe(200);
    const made = first.answer.body as Row;
    expect(first.added).toEqual([
      expect.objectContaining({
        action: 'create',
        actorId: userId(server, ADMIN),
        resource: 'branding',
        recordId: made.id,
        ownerId: berlinId,
      }),
    ]);
    const second = await written('GET', '/branding', berlin);
    expect(second.answer.status).toBe(200);
    expect((second.answer.body as Row).id).toBe(made.id);
    expect(second.added).toEqual([]);
  });
});

describe('GET /audit', () => {
  it('answers a hotel only the entries about its own records and account', async () => {
    const list = await server.send('GET', '/audit?_start=0&_end=1000', amsterdam);
    expect(list.status).toBe(200);
    const rows = list.body as Row[];
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.filter((row) => row.ownerId !== amsterdamId)).toEqual([]);
    const own = await server.data.count('audit', { ownerId: amsterdamId });
    expect(list.headers.get('x-total-count')).toBe(String(own));
    // Another hotel's entry, asked for by id or by filter, is not there.
    const [other] = await server.data.find('audit', { ownerId: berlinId });
    expect((await server.send('GET', `/audit/${other!.id}`, amsterdam)).status).toBe(404);
    const byOwner = await server.send('GET', `/audit?ownerId=${berlinId}`, amsterdam);
    expect((byOwner.body as Row[]).filter((row) => row.ownerId !== amsterdamId)).toEqual([]);
    const [mine] = await server.data.find('audit', { ownerId: amsterdamId });
    expect((await server.send('GET', `/audit/${mine!.id}`, amsterdam)).status).toBe(200);
    expect((await server.send('GET', `/audit/${mine!.id}`, berlin)).status).toBe(404);
    expect((await server.send('GET', '/audit')).status).toBe(401);
  });

  it('answers administrators every entry, with the query language', async () => {
    const all = await entryCount();
    const list = await server.send('GET', '/audit?_start=0&_end=5&_sort=at&_order=desc', admin);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe(String(all));
    const at = (list.body as Row[]).map((row) => String(row.at));
    expect(at).toEqual([...at].sort().reverse());

    const filtered = await server.send(
      'GET',
      `/audit?resource=users&action=update&recordId=${berlinId}`,
      admin,
    );
    const rows = filtered.body as Row[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ resource: 'users', recordId: berlinId });

    const since = new Date(server.clock.now() - 1000).toISOString();
    const recent = await server.send('GET', `/audit?at_gte=${since}&actorId=${amsterdamId}`, admin);
    expect((recent.body as Row[]).length).toBeGreaterThan(0);
    for (const row of recent.body as Row[]) {
      expect(row.actorId).toBe(amsterdamId);
      expect(String(row.at) >= since).toBe(true);
    }
    const search = await server.send('GET', '/audit?q=Sophie', admin);
    expect((search.body as Row[]).length).toBeGreaterThan(0);
  });

  it('is written by nobody through the API: every write route refuses and nothing changes', async () => {
    const before = await entries();
    const [entry] = before;
    for (const token of [superadmin, admin, amsterdam, undefined]) {
      for (const [method, url] of [
        ['POST', '/audit'],
        ['PUT', `/audit/${entry!.id}`],
        ['PATCH', `/audit/${entry!.id}`],
        ['DELETE', `/audit/${entry!.id}`],
        ['PUT', '/audit'],
        ['PATCH', '/audit'],
        ['DELETE', '/audit'],
      ] as const) {
        const answer = await server.send(method, url, token, method === 'DELETE' ? undefined : {});
        expect([401, 405], `${method} ${url}`).toContain(answer.status);
      }
    }
    expect(await entries()).toEqual(before);
  });
});

describe('retention', () => {
  it('removes entries older than AUDIT_RETENTION_DAYS (default 365) and keeps the rest', async () => {
    expect(server.config.auditRetentionDays).toBe(365);
    const day = 24 * 60 * 60 * 1000;
    const now = server.clock.now();
    const old = await server.data.insert('audit', {
      at: new Date(now - 366 * day).toISOString(),
      action: 'sign-in',
    });
    const kept = await server.data.insert('audit', {
      at: new Date(now - 364 * day).toISOString(),
      action: 'sign-in',
    });
    const count = await entryCount();
    expect(await removeExpiredEntries(server.store, 365, now)).toBe(1);
    expect(await server.data.get('audit', old.id)).toBeUndefined();
    expect(await server.data.get('audit', kept.id)).toBeDefined();
    expect(await entryCount()).toBe(count - 1);
  });

  it('runs when the API starts, with the configured number of days', async () => {
    const dir = server.dir;
    const now = server.clock.now();
    const entry = await server.data.insert('audit', {
      at: new Date(now - 40 * 24 * 60 * 60 * 1000).toISOString(),
      action: 'sign-in',
    });
    await server.close({ keepDir: true });
    server = await startServer({ dir, env: { AUDIT_RETENTION_DAYS: '30' } });
    expect(await server.data.get('audit', entry.id)).toBeUndefined();
    expect(await entryCount()).toBeGreaterThan(0);
  });
});
