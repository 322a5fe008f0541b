import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/resources';
import { owner, permits, type Operation } from '../../src/schema/access';
import { readLatestMail } from '../../mock-server/auth/mailer';
import { color, reference, slug, text } from '../../src/schema/fields';
import { defineResource, type Resource } from '../../src/schema/resource';
import { brokenRules, resourceSchema } from '../../src/schema/validation';
import type { ApiErrorBody } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  recordsSnapshot,
  startServer,
  storedCollections,
  storedText,
  userId,
  type Answer,
  type TestServer,
} from './helpers';
import {
  distinctiveText,
  invalidValue,
  isTextKind,
  operatorActor,
  operatorMay,
  sampleBody,
  shownAs,
  type OwnerContext,
} from './samples';

/**
 * Contract tests generated from the registry: every declared resource, whatever its name, keeps
 * the README's promise that a declaration gives a persisted, tenant-safe, validated collection.
 * Resources are grouped by what an operator's access answer allows (never by name); throwaway
 * declarations registered at test time cover what no product resource declares yet (singletons,
 * parents, secrets, unique-per fields) and prove that a new declaration needs nothing else.
 */

type Row = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Throwaway declarations: defined here, registered only for the servers of this file.

/**
 * The README's "Adding a resource" example, taken from the README itself: if the example stops
 * working (or the README stops showing a working one), these tests fail.
 */
async function readmeDeclaration(): Promise<Resource> {
  const readme = fs.readFileSync(path.resolve('README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Adding a resource'));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error('README.md: no ts example under "Adding a resource"');
  // The example imports from src/resources/<name>.ts; point its imports at src/schema.
  const schema = path.resolve('src/schema');
  const source = code.replaceAll("'../schema/", `'${schema}/`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-example-'));
  const file = path.join(dir, 'faqs.ts');
  fs.writeFileSync(file, source);
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<
    string,
    unknown
  >;
  const declared = Object.values(module).find(
    (value): value is Resource =>
      typeof value === 'object' && value !== null && (value as Resource).name === 'faqs',
  );
  if (!declared) throw new Error('README.md: the example declares no "faqs" resource');
  return declared;
}
const faqs = await readmeDeclaration();

const brandings = defineResource({
  name: 'brandings',
  route: 'branding',
  owned: true,
  singleton: 'perOwner',
  access: owner(),
  labelField: 'primaryColor',
  timestamps: true,
  fields: { primaryColor: color({ default: '#7635dc' }) },
});

const surveys = defineResource({
  name: 'surveys',
  route: 'surveys',
  owned: true,
  access: owner(),
  labelField: 'title',
  fields: { title: text({ required: true }) },
});

const answers = defineResource({
  name: 'answers',
  route: 'answers',
  owned: true,
  parent: { resource: 'surveys', field: 'surveyId' },
  access: owner(),
  labelField: 'text',
  fields: {
    surveyId: reference({
      resource: 'surveys',
      labelField: 'title',
      required: true,
      sameOwner: true,
    }),
    text: text({ required: true }),
  },
});

const credentials = defineResource({
  name: 'credentials',
  route: 'credentials',
  owned: true,
  access: owner(),
  labelField: 'label',
  fields: {
    label: text({ required: true }),
    apiKey: text({ secret: true }),
  },
});

/** A secret the record cannot do without (a webhook's signing key). */
const signingKeys = defineResource({
  name: 'signing-keys',
  route: 'signing-keys',
  owned: true,
  access: owner(),
  labelField: 'label',
  fields: {
    label: text({ required: true }),
    key: text({ secret: true, required: true }),
  },
});

// Named apart from the product's `pages`: two declarations with one name are refused at startup.
const slugPages = defineResource({
  name: 'slug-pages',
  route: 'slug-pages',
  owned: true,
  localized: true,
  access: owner(),
  labelField: 'title',
  fields: {
    title: text({ required: true }),
    slug: slug({ required: true, unique: { per: ['ownerId', 'locale'] } }),
  },
});

const THROWAWAY: readonly Resource[] = [
  faqs,
  brandings,
  surveys,
  answers,
  credentials,
  signingKeys,
  slugPages,
];
const WITH_THROWAWAY: readonly Resource[] = [...resources, ...THROWAWAY];

// ---------------------------------------------------------------------------------------------
// Helpers

/** Signed-in callers of one server (Amsterdam's and Berlin's hotels, an administrator). */
interface Session {
  server: TestServer;
  registry: readonly Resource[];
  amsterdam: string;
  berlin: string;
  admin: string;
  amsterdamId: number;
  berlinId: number;
  /** Amsterdam as the owner of samples. */
  ctx(): OwnerContext;
  send(method: string, urlPath: string, token?: string, json?: unknown): Promise<Answer>;
  /** Closes the server and starts it again on the same data directory. */
  restart(): Promise<void>;
}

async function openSession(registry: readonly Resource[], dir?: string): Promise<Session> {
  const session = { registry } as Session;
  const signIn = async () => {
    [session.amsterdam, session.berlin, session.admin] = await Promise.all([
      session.server.login(AMSTERDAM),
      session.server.login(BERLIN),
      session.server.login(ADMIN),
    ]);
  };
  session.server = await startServer({ resources: registry, dir });
  await signIn();
  const user = (email: string) => session.server.data.one('users', { email });
  const amsterdam = await user(AMSTERDAM);
  session.amsterdamId = amsterdam.id;
  session.berlinId = (await user(BERLIN)).id;
  // No test of this file changes Amsterdam's languages: they are read once.
  const amsterdamLocales = amsterdam.locales as readonly string[];
  session.ctx = () => ({
    server: session.server,
    token: session.amsterdam,
    owner: { id: session.amsterdamId, locales: amsterdamLocales },
    registry,
  });
  session.send = (method, urlPath, token, json) =>
    session.server.send(method, urlPath, token, json);
  session.restart = async () => {
    const { dir: kept } = session.server;
    await session.server.close({ keepDir: true });
    session.server = await startServer({ resources: registry, dir: kept });
  };
  return session;
}

const errorsOf = (answer: Answer) => (answer.body as ApiErrorBody).errors ?? {};
const rowsOf = (answer: Answer) => answer.body as Row[];
/** How many records each collection holds (a refused write changes none). */
const counts = async (server: TestServer) =>
  Object.fromEntries(
    await Promise.all(
      server.store.collections.map(async (name) => [name, await server.data.count(name)] as const),
    ),
  );
const stored = (server: TestServer, name: string, id: unknown) =>
  server.data.get(name, id as number);
const allOf = (server: TestServer, name: string) => server.data.all(name);

const byName = (list: readonly Resource[]) =>
  list.map((resource) => [resource.name, resource] as const);

// Grouped by what an operator's access answer allows, never by name.
const operatorCreates = (list: readonly Resource[]) =>
  list.filter((resource) => !resource.singleton && operatorMay(resource, 'create'));
const CREATABLE = operatorCreates(resources);
const readOnlyForOperators = (resource: Resource) =>
  operatorMay(resource, 'read') &&
  !(['create', 'update', 'delete'] as const).some((operation) => operatorMay(resource, operation));
const READ_ONLY = resources.filter((resource) => resource.owned && readOnlyForOperators(resource));
/** Shared by every hotel (the app catalogue): read by all, written by none of them. */
const SHARED = resources.filter((resource) => !resource.owned && readOnlyForOperators(resource));
/**
 * Records others make (guests' form submissions) that an operator reads and deletes, and may
 * handle (update) but never create.
 */
const READ_DELETE = resources.filter(
  (resource) =>
    operatorMay(resource, 'read') &&
    operatorMay(resource, 'delete') &&
    !operatorMay(resource, 'create'),
);
const ADMIN_READ = resources.filter((resource) => !operatorMay(resource, 'read'));
/** One record per hotel (GET/PATCH /<name>): an operator changes its own. */
const SINGLETONS = resources.filter(
  (resource) =>
    resource.singleton && operatorMay(resource, 'read') && operatorMay(resource, 'update'),
);

/** A language no sample owner (Amsterdam: nl, en, de) writes in. */
const FOREIGN_LOCALE = 'fr';

describe('the registry', () => {
  it('falls entirely into the groups the contracts below cover', () => {
    const covered = new Set([
      ...CREATABLE,
      ...READ_ONLY,
      ...SHARED,
      ...READ_DELETE,
      ...ADMIN_READ,
      ...SINGLETONS,
    ]);
    expect([...covered].map((resource) => resource.name).sort()).toEqual(
      resources.map((resource) => resource.name).sort(),
    );
    expect(CREATABLE.length).toBeGreaterThan(0);
    expect(READ_ONLY.length).toBeGreaterThan(0);
    expect(ADMIN_READ.length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// The contract of a resource an operator creates records of, for the product's registry and for
// the throwaway declarations alike.

function operatorContract(resource: Resource, registry: readonly Resource[]) {
  let s: Session;
  let sent: Row;
  let created: Row;
  beforeAll(async () => {
    s = await openSession(registry);
  });
  afterAll(async () => {
    await s.server.close();
  });

  it('builds a valid sample from the declaration alone', async () => {
    sent = await sampleBody(resource, s.ctx());
    const parsed = resourceSchema(resource, { record: sent }).safeParse(sent);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(brokenRules(resource, sent)).toEqual({});
  });

  it('creates it as Amsterdam (201) and reads back every sent field', async () => {
    const before = (await allOf(s.server, resource.name)).length;
    const answer = await s.send('POST', `/${resource.name}`, s.amsterdam, sent);
    expect(answer.status, answer.text).toBe(201);
    created = answer.body as Row;
    expect(await allOf(s.server, resource.name)).toHaveLength(before + 1);
    const read = await s.send('GET', `/${resource.name}/${String(created.id)}`, s.amsterdam);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
    for (const [name, value] of Object.entries(sent)) {
      expect(created[name], name).toEqual(shownAs(resource.fields[name]!, value));
    }
    if (resource.owned) expect(created.ownerId).toBe(s.amsterdamId);
  });

  it('still holds it after a restart on the same data', async () => {
    await s.restart();
    const read = await s.send('GET', `/${resource.name}/${String(created.id)}`, s.amsterdam);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
  });

  it("is Berlin's to neither read nor change nor delete (404)", async () => {
    const item = `/${resource.name}/${String(created.id)}`;
    const before = structuredClone(await stored(s.server, resource.name, created.id));
    const { field } = invalidValue(resource);
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { [field]: sent[field] }],
      ['PUT', sent],
      ['DELETE', undefined],
    ] as const) {
      const answer = await s.send(method, item, s.berlin, body);
      expect(answer.status, `${method} ${answer.text}`).toBe(404);
    }
    expect(await stored(s.server, resource.name, created.id)).toEqual(before);
  });

  it("never appears in Berlin's list, whatever the query", async () => {
    const base = `/${resource.name}`;
    const q = distinctiveText(resource, sent);
    const queries = ['', `?id=${String(created.id)}`];
    if (resource.owned) queries.push(`?ownerId=${s.amsterdamId}`);
    if (q) {
      queries.push(`?q=${q}`);
      // The same search finds it for its owner: the query itself works.
      const own = await s.send('GET', `${base}?q=${q}`, s.amsterdam);
      expect(rowsOf(own).map((row) => row.id)).toContain(created.id);
    }
    for (const query of queries) {
      const answer = await s.send('GET', `${base}${query}`, s.berlin);
      expect(answer.status, query).toBe(200);
      const rows = rowsOf(answer);
      expect(
        rows.map((row) => row.id),
        query,
      ).not.toContain(created.id);
      if (resource.owned) {
        expect(
          rows.filter((row) => row.ownerId !== s.berlinId),
          query,
        ).toEqual([]);
      }
    }
  });

  it('answers an invalid body with 422 naming the field, and stores nothing', async () => {
    const { field, value } = invalidValue(resource);
    const body = { ...(await sampleBody(resource, s.ctx())), [field]: value };
    const before = await counts(s.server);
    const answer = await s.send('POST', `/${resource.name}`, s.amsterdam, body);
    expect(answer.status, answer.text).toBe(422);
    expect(Object.keys(errorsOf(answer))).toEqual([field]);
    expect(await counts(s.server)).toEqual(before);
  });

  it('drops fields nobody declared', async () => {
    const body = { ...(await sampleBody(resource, s.ctx())), hackerField: 'x' };
    const answer = await s.send('POST', `/${resource.name}`, s.amsterdam, body);
    expect(answer.status, answer.text).toBe(201);
    const id = (answer.body as Row).id;
    expect(answer.body).not.toHaveProperty('hackerField');
    expect(await stored(s.server, resource.name, id)).not.toHaveProperty('hackerField');
  });

  if (resource.personal) {
    it("is its maker's: an administrator's own, whatever owner the body names", async () => {
      const answer = await s.send('POST', `/${resource.name}`, s.admin, {
        ...(await sampleBody(resource, s.ctx())),
        ownerId: s.amsterdamId,
      });
      expect(answer.status, answer.text).toBe(201);
      expect((answer.body as Row).ownerId).toBe(userId(s.server, ADMIN));
    });
  } else if (resource.owned && !resource.parent) {
    it('needs an administrator to name the owner (422 on ownerId), and takes the named one', async () => {
      const body = await sampleBody(resource, s.ctx());
      const before = await counts(s.server);
      const answer = await s.send('POST', `/${resource.name}`, s.admin, body);
      expect(answer.status, answer.text).toBe(422);
      expect(Object.keys(errorsOf(answer))).toEqual(['ownerId']);
      expect(await counts(s.server)).toEqual(before);

      const named = await s.send('POST', `/${resource.name}`, s.admin, {
        ...(await sampleBody(resource, s.ctx())),
        ownerId: s.amsterdamId,
      });
      expect(named.status, named.text).toBe(201);
      expect((named.body as Row).ownerId).toBe(s.amsterdamId);
    });
  }

  if (resource.localized) {
    it("refuses a language that is not one of the hotel's (422 on locale)", async () => {
      expect(s.ctx().owner.locales).not.toContain(FOREIGN_LOCALE);
      const body = { ...(await sampleBody(resource, s.ctx())), locale: FOREIGN_LOCALE };
      const before = await counts(s.server);
      const answer = await s.send('POST', `/${resource.name}`, s.amsterdam, body);
      expect(answer.status, answer.text).toBe(422);
      expect(errorsOf(answer)).toHaveProperty('locale');
      expect(await counts(s.server)).toEqual(before);
    });
  }

  it('carries a version: its ETag on GET, and a write with an older If-Match is 412 (who, when, which fields) and changes nothing', async () => {
    const base = `/${resource.name}`;
    const made = await s.send('POST', base, s.amsterdam, await sampleBody(resource, s.ctx()));
    expect(made.status, made.text).toBe(201);
    const item = `${base}/${String((made.body as Row).id)}`;
    const read = await s.send('GET', item, s.amsterdam);
    expect(read.headers.get('etag')).toBe('"1"');
    expect((read.body as Row).version).toBe(1);

    // Someone saves with the version they read: their write lands, and the version moves on.
    const theirs = await sampleBody(resource, s.ctx());
    const saved = await s.server.request('PATCH', item, {
      token: s.amsterdam,
      json: theirs,
      headers: { 'If-Match': '"1"' },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(saved.headers.get('etag')).toBe('"2"');
    const after = await stored(s.server, resource.name, (made.body as Row).id);

    // Another person, still on version 1: PATCH, PUT and DELETE are refused, and nothing changes.
    const mine = await sampleBody(resource, s.ctx());
    for (const [method, body] of [
      ['PATCH', mine],
      ['PUT', mine],
      ['DELETE', undefined],
    ] as const) {
      const stale = await s.server.request(method, item, {
        token: s.amsterdam,
        json: body,
        headers: { 'If-Match': '"1"' },
      });
      const answer = (await stale.json()) as ApiErrorBody;
      expect(stale.status, JSON.stringify(answer)).toBe(412);
      expect(stale.headers.get('etag')).toBe('"2"');
      expect(answer.code).toBe('apiErrors.changedMeanwhileBy');
      expect(answer.message).toMatch(/ changed this .+ while you were editing$/);
      expect(answer.conflict).toMatchObject({
        version: 2,
        changedBy: { id: s.amsterdamId, name: expect.any(String) },
        changedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      // The fields the first save changed, as the audit log recorded them: its texts among them
      // (each sample's texts carry a token of their own).
      const texts = Object.keys(theirs).filter(
        (name) =>
          isTextKind(resource.fields[name]!) &&
          !('secret' in resource.fields[name]! && resource.fields[name].secret) &&
          theirs[name] !== (made.body as Row)[name],
      );
      expect(texts.length).toBeGreaterThan(0);
      expect(answer.conflict?.fields).toEqual(expect.arrayContaining(texts));
      expect(await stored(s.server, resource.name, (made.body as Row).id)).toEqual(after);
    }

    // A version that is no ETag of ours is 400; without If-Match, writes go on as before.
    const garbled = await s.server.request('PATCH', item, {
      token: s.amsterdam,
      json: {},
      headers: { 'If-Match': 'yesterday' },
    });
    expect(garbled.status).toBe(400);
    const current = await s.server.request('DELETE', item, {
      token: s.amsterdam,
      headers: { 'If-Match': '"2"' },
    });
    expect(current.status).toBe(200);
    expect(await stored(s.server, resource.name, (made.body as Row).id)).toBeUndefined();
  });

  it('answers anonymous list, read and create with 401', async () => {
    const before = await counts(s.server);
    const base = `/${resource.name}`;
    expect((await s.send('GET', base)).status).toBe(401);
    expect((await s.send('GET', `${base}/${String(created.id)}`)).status).toBe(401);
    expect((await s.send('POST', base, undefined, sent)).status).toBe(401);
    expect(await counts(s.server)).toEqual(before);
  });
}

describe.each(byName(CREATABLE))('%s: created by operators', (_name, resource) => {
  operatorContract(resource, resources);
});

// ---------------------------------------------------------------------------------------------
// The contract of a per-hotel singleton (e.g. branding), for the product's registry.

function singletonContract(resource: Resource, registry: readonly Resource[]) {
  let s: Session;
  let mine: Row;
  let sent: Row;
  const base = `/${resource.name}`;
  beforeAll(async () => {
    s = await openSession(registry);
  });
  afterAll(async () => {
    await s.server.close();
  });

  it("answers the caller's one record, the same on every read", async () => {
    const first = await s.send('GET', base, s.amsterdam);
    expect(first.status, first.text).toBe(200);
    mine = first.body as Row;
    expect(Array.isArray(mine)).toBe(false);
    expect(mine.ownerId).toBe(s.amsterdamId);
    const again = await s.send('GET', base, s.amsterdam);
    expect((again.body as Row).id).toBe(mine.id);
    const owned = (await allOf(s.server, resource.name)).filter(
      (row) => row.ownerId === s.amsterdamId,
    );
    expect(owned).toHaveLength(1);
  });

  it('changes it with PATCH from a sample built from the declaration, kept across a restart', async () => {
    sent = await sampleBody(resource, s.ctx());
    expect(resourceSchema(resource, { record: sent }).safeParse(sent).error?.issues ?? []).toEqual(
      [],
    );
    const answer = await s.send('PATCH', base, s.amsterdam, sent);
    expect(answer.status, answer.text).toBe(200);
    for (const [name, value] of Object.entries(sent)) {
      expect((answer.body as Row)[name], name).toEqual(shownAs(resource.fields[name]!, value));
    }
    await s.restart();
    const read = await s.send('GET', base, s.amsterdam);
    expect(read.body).toEqual(answer.body);
  });

  it("gives Berlin its own, never Amsterdam's (404 by id)", async () => {
    const before = structuredClone(await stored(s.server, resource.name, mine.id));
    const answer = await s.send('GET', base, s.berlin);
    expect(answer.status).toBe(200);
    expect((answer.body as Row).ownerId).toBe(s.berlinId);
    expect((answer.body as Row).id).not.toBe(mine.id);
    const item = `${base}/${String(mine.id)}`;
    expect((await s.send('GET', item, s.berlin)).status).toBe(404);
    expect((await s.send('PATCH', item, s.berlin, sent)).status).toBe(404);
    expect(await stored(s.server, resource.name, mine.id)).toEqual(before);
  });

  it('answers an invalid value with 422 naming the field, and changes nothing', async () => {
    const { field, value } = invalidValue(resource);
    const before = structuredClone(await allOf(s.server, resource.name));
    const answer = await s.send('PATCH', base, s.amsterdam, { ...sent, [field]: value });
    expect(answer.status, answer.text).toBe(422);
    expect(Object.keys(errorsOf(answer))).toEqual([field]);
    expect(await allOf(s.server, resource.name)).toEqual(before);
  });

  it("lets an administrator read and change a hotel's with ?ownerId= (422 on ownerId without)", async () => {
    const unnamed = await s.send('GET', base, s.admin);
    expect(unnamed.status).toBe(422);
    expect(Object.keys(errorsOf(unnamed))).toEqual(['ownerId']);
    const read = await s.send('GET', `${base}?ownerId=${s.amsterdamId}`, s.admin);
    expect(read.status, read.text).toBe(200);
    expect((read.body as Row).id).toBe(mine.id);
    const changed = await s.send('PATCH', `${base}?ownerId=${s.amsterdamId}`, s.admin, sent);
    expect(changed.status, changed.text).toBe(200);
    expect((changed.body as Row).ownerId).toBe(s.amsterdamId);
  });

  it('refuses POST and DELETE (405) and anonymous callers (401)', async () => {
    const before = await counts(s.server);
    expect((await s.send('POST', base, s.amsterdam, sent)).status).toBe(405);
    expect((await s.send('DELETE', `${base}/${String(mine.id)}`, s.amsterdam)).status).toBe(405);
    expect((await s.send('GET', base)).status).toBe(401);
    expect((await s.send('PATCH', base, undefined, sent)).status).toBe(401);
    expect(await counts(s.server)).toEqual(before);
  });
}

describe.each(byName(SINGLETONS))('%s: one per hotel', (_name, resource) => {
  singletonContract(resource, resources);
});

// ---------------------------------------------------------------------------------------------
// Resources an operator reads but never writes, and those only administrators read.

describe('read-only and administrator-only resources', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession(resources);
  });
  afterAll(async () => {
    await s.server.close();
  });

  /** Amsterdam's POST, PATCH, PUT and DELETE of (a copy of) `record` are refused; nothing changes. */
  async function refusesEveryWrite(resource: Resource, record: Row) {
    const before = structuredClone(await allOf(s.server, resource.name));
    const body = { ...record, id: undefined };
    for (const [method, url] of [
      ['POST', `/${resource.name}`],
      ['PATCH', `/${resource.name}/${record.id}`],
      ['PUT', `/${resource.name}/${record.id}`],
      ['DELETE', `/${resource.name}/${record.id}`],
    ] as const) {
      const answer = await s.send(method, url, s.amsterdam, method === 'DELETE' ? undefined : body);
      expect([403, 405], `${method} ${url} ${answer.text}`).toContain(answer.status);
    }
    expect(await allOf(s.server, resource.name)).toEqual(before);
  }

  describe.each(byName(READ_ONLY))('%s: read-only for operators', (_name, resource) => {
    const amsterdams = async () =>
      (await allOf(s.server, resource.name)).filter((row) => row.ownerId === s.amsterdamId);

    it("lists Amsterdam's records only, and hides them from Berlin (404)", async () => {
      expect(resource.owned).toBe(true);
      const list = await s.send('GET', `/${resource.name}`, s.amsterdam);
      expect(list.status).toBe(200);
      const rows = rowsOf(list);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => row.ownerId !== s.amsterdamId)).toEqual([]);
      expect(list.headers.get('x-total-count')).toBe(String((await amsterdams()).length));
      const id = (await amsterdams())[0]!.id;
      expect((await s.send('GET', `/${resource.name}/${id}`, s.amsterdam)).status).toBe(200);
      expect((await s.send('GET', `/${resource.name}/${id}`, s.berlin)).status).toBe(404);
      expect((await s.send('GET', `/${resource.name}`)).status).toBe(401);
    });

    it('refuses every write (405 or 403) and changes nothing', async () => {
      await refusesEveryWrite(resource, (await amsterdams())[0]!);
    });
  });

  describe.each(byName(SHARED))('%s: shared by every hotel, read-only', (_name, resource) => {
    it('lists the same records to every hotel, and none to a caller without a session', async () => {
      const all = await allOf(s.server, resource.name);
      expect(all.length).toBeGreaterThan(0);
      for (const token of [s.amsterdam, s.berlin]) {
        const list = await s.send('GET', `/${resource.name}`, token);
        expect(list.status).toBe(200);
        expect(list.headers.get('x-total-count')).toBe(String(all.length));
        expect((await s.send('GET', `/${resource.name}/${all[0]!.id}`, token)).status).toBe(200);
      }
      expect((await s.send('GET', `/${resource.name}`)).status).toBe(401);
    });

    it('refuses every write of a hotel (405 or 403) and changes nothing', async () => {
      await refusesEveryWrite(resource, (await allOf(s.server, resource.name))[0]!);
    });
  });

  describe.each(byName(READ_DELETE))(
    '%s: made by others, read and deleted by operators',
    (_name, resource) => {
      const amsterdams = async () =>
        (await allOf(s.server, resource.name)).filter((row) => row.ownerId === s.amsterdamId);

      it("lists Amsterdam's records only, and hides them from Berlin (404), whatever the query", async () => {
        expect(resource.owned).toBe(true);
        const list = await s.send('GET', `/${resource.name}`, s.amsterdam);
        expect(list.status).toBe(200);
        expect(rowsOf(list).length).toBeGreaterThan(0);
        expect(rowsOf(list).filter((row) => row.ownerId !== s.amsterdamId)).toEqual([]);
        expect(list.headers.get('x-total-count')).toBe(String((await amsterdams()).length));
        const id = (await amsterdams())[0]!.id;
        expect((await s.send('GET', `/${resource.name}/${id}`, s.amsterdam)).status).toBe(200);
        expect((await s.send('GET', `/${resource.name}/${id}`, s.berlin)).status).toBe(404);
        for (const query of [`?id=${id}`, `?ownerId=${s.amsterdamId}`]) {
          const theirs = await s.send('GET', `/${resource.name}${query}`, s.berlin);
          expect(rowsOf(theirs).map((row) => row.id)).not.toContain(id);
        }
        expect((await s.send('GET', `/${resource.name}`)).status).toBe(401);
      });

      it('refuses creating, and changing unless the declaration lets its owner (405 or 403); changes nothing', async () => {
        const id = (await amsterdams())[0]!.id;
        const before = structuredClone(await allOf(s.server, resource.name));
        const body = { ...(await amsterdams())[0], id: undefined };
        const handled = operatorMay(resource, 'update');
        const refused: (readonly ['POST' | 'PATCH' | 'PUT', string])[] = [
          ['POST', `/${resource.name}`],
          ...(handled
            ? []
            : ([
                ['PATCH', `/${resource.name}/${id}`],
                ['PUT', `/${resource.name}/${id}`],
              ] as const)),
        ];
        for (const [method, url] of refused) {
          const answer = await s.send(method, url, s.amsterdam, body);
          expect([403, 405], `${method} ${url} ${answer.text}`).toContain(answer.status);
        }
        if (handled) {
          // Its owner may send it back as it is (a change of nothing); Berlin finds nothing.
          const url = `/${resource.name}/${id}`;
          expect((await s.send('PATCH', url, s.berlin, body)).status).toBe(404);
          const same = await s.send('PATCH', url, s.amsterdam, body);
          expect(same.status, same.text).toBe(200);
        }
        expect(await allOf(s.server, resource.name)).toEqual(before);
      });

      it("is deleted by its owner only: Berlin's DELETE is 404 and removes nothing", async () => {
        const id = (await amsterdams())[0]!.id;
        const url = `/${resource.name}/${id}`;
        expect((await s.send('DELETE', url, s.berlin)).status).toBe(404);
        expect(await stored(s.server, resource.name, id)).toBeDefined();
        expect((await s.send('DELETE', url)).status).toBe(401);
        const answer = await s.send('DELETE', url, s.amsterdam);
        expect(answer.status, answer.text).toBe(200);
        expect(await stored(s.server, resource.name, id)).toBeUndefined();
      });
    },
  );

  describe.each(byName(ADMIN_READ))('%s: administrators only', (_name, resource) => {
    it('answers an operator 403 and an administrator 200', async () => {
      // The seed may hold none (app permission defaults): the refusal comes before the lookup.
      const id = (await allOf(s.server, resource.name))[0]?.id ?? 1;
      expect((await s.send('GET', `/${resource.name}`, s.amsterdam)).status).toBe(403);
      expect((await s.send('GET', `/${resource.name}/${id}`, s.amsterdam)).status).toBe(403);
      expect((await s.send('GET', `/${resource.name}`, s.admin)).status).toBe(200);
      expect((await s.send('GET', `/${resource.name}`)).status).toBe(401);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Throwaway declarations: the same contract, with no product code and no texts behind them.

describe.each(byName(operatorCreates(THROWAWAY)))(
  'throwaway %s: created by operators',
  (_name, resource) => {
    operatorContract(resource, WITH_THROWAWAY);
  },
);

describe('throwaway faqs: one declaration and one registry line', () => {
  let s: Session;
  let seeded: Record<string, unknown>;
  let first: Row;
  const registry = [...resources, faqs];
  const MARKER = 'Marker kept by the upgrade';
  const faqRows = () => allOf(s.server, 'faqs');

  beforeAll(async () => {
    // Data from before the declaration existed (the data file, or the database), with a change a
    // re-seed would undo.
    const old = await startServer({ resources });
    const [notification] = await old.data.all('notifications');
    await old.data.update('notifications', notification!.id, { message: MARKER });
    seeded = await recordsSnapshot(old);
    await old.close({ keepDir: true });
    s = await openSession(registry, old.dir);
  });
  afterAll(async () => {
    await s.server.close();
  });

  it('upgrades the old data file with an empty faqs collection, keeping everything else', async () => {
    expect(seeded).not.toHaveProperty('faqs');
    const upgraded = await storedCollections(s.server);
    expect(upgraded.faqs).toEqual([]);
    // The session's sign-ins (after the snapshot) stamp their accounts' last sign-in (left out of
    // the snapshot, recordsSnapshot); nothing else may move.
    const kept = (name: string, rows: unknown) =>
      name === 'users'
        ? (rows as Row[]).map(({ lastSignInAt: _at, invitation: _invitation, ...row }) => row)
        : rows;
    for (const [name, rows] of Object.entries(seeded)) {
      if (name === '_meta') continue;
      expect(kept(name, upgraded[name]), name).toEqual(kept(name, rows));
    }
    expect((upgraded.notifications as Row[])[0]!.message).toBe(MARKER);
  });

  it('creates a faq as Amsterdam (201) that survives a restart', async () => {
    const answer = await s.send('POST', '/faqs', s.amsterdam, {
      question: 'Is breakfast included?',
      answer: 'Yes, from 7 to 11.',
      locale: 'nl',
    });
    expect(answer.status, answer.text).toBe(201);
    first = answer.body as Row;
    expect(first).toMatchObject({
      ownerId: s.amsterdamId,
      locale: 'nl',
      active: true,
      position: 1,
    });
    expect(first.groupId).toEqual(expect.any(String));
    const countsBefore = await counts(s.server);
    await s.restart();
    expect(await counts(s.server)).toEqual(countsBefore);
    expect(((await storedCollections(s.server)).faqs as Row[]).map((row) => row.id)).toEqual([
      first.id,
    ]);
    const read = await s.send('GET', `/faqs/${String(first.id)}`, s.amsterdam);
    expect(read.body).toEqual(first);
  });

  it('keeps it from Berlin', async () => {
    expect((await s.send('GET', `/faqs/${String(first.id)}`, s.berlin)).status).toBe(404);
    expect(rowsOf(await s.send('GET', '/faqs', s.berlin))).toEqual([]);
  });

  it('validates it, with messages that fall back to field names without texts', async () => {
    const before = await counts(s.server);
    const answer = await s.send('POST', '/faqs', s.amsterdam, {
      question: '',
      answer: 'x'.repeat(5001),
      locale: 'nl',
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'Validation failed',
      statusCode: 422,
      code: 'apiErrors.validationFailed',
      values: {},
      errors: {
        question: ['question is required'],
        answer: ['answer must be at most 5000 characters'],
      },
      errorCodes: {
        question: [{ code: 'validation.required', values: {} }],
        answer: [{ code: 'validation.tooLong', values: { max: 5000 } }],
      },
    });
    expect(await counts(s.server)).toEqual(before);
  });

  it('reorders (the two swap places) and keeps the order on disk', async () => {
    const second = (
      await s.send('POST', '/faqs', s.amsterdam, {
        question: 'Can I bring my dog?',
        answer: 'Small dogs are welcome.',
        locale: 'nl',
      })
    ).body as Row;
    expect(second.position).toBe(2);
    const refused = await s.send('POST', '/faqs/reorder', s.berlin, {
      ids: [second.id, first.id],
    });
    expect(refused.status).toBe(404);
    const answer = await s.send('POST', '/faqs/reorder', s.amsterdam, {
      ids: [second.id, first.id],
    });
    expect(answer.status, answer.text).toBe(200);
    const list = rowsOf(
      await s.send('GET', '/faqs?locale=nl&_sort=position&_order=asc', s.amsterdam),
    );
    expect(list.map((row) => [row.id, row.position])).toEqual([
      [second.id, 1],
      [first.id, 2],
    ]);
    const onDisk = (await storedCollections(s.server)).faqs as Row[];
    expect(onDisk.find((row) => row.id === second.id)?.position).toBe(1);
    expect(onDisk.find((row) => row.id === first.id)?.position).toBe(2);
  });

  it('syncs the Dutch faqs to English and German, marked as needing translation', async () => {
    const dutch = (await faqRows()).filter((row) => row.locale === 'nl');
    const answer = await s.send('POST', '/faqs/sync', s.amsterdam, { locale: 'nl' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      locale: 'nl',
      created: { en: dutch.length, de: dutch.length },
      translated: false,
    });
    for (const source of dutch) {
      const group = (await faqRows()).filter((row) => row.groupId === source.groupId);
      expect(group.map((row) => row.locale).sort()).toEqual(['de', 'en', 'nl']);
      for (const copy of group.filter((row) => row.locale !== 'nl')) {
        expect(copy).toMatchObject({
          ownerId: s.amsterdamId,
          question: source.question,
          answer: source.answer,
          needsTranslation: true,
        });
      }
    }
    expect((await faqRows()).filter((row) => row.ownerId !== s.amsterdamId)).toEqual([]);
  });
});

describe('throwaway singletons, parents, secrets and unique-per fields', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession(WITH_THROWAWAY);
  });
  afterAll(async () => {
    await s.server.close();
  });

  describe("brandings (singleton: 'perOwner')", () => {
    let mine: Row;

    it('answers one record per hotel, made on the first read and the same on the next', async () => {
      expect(await allOf(s.server, 'brandings')).toEqual([]);
      const first = await s.send('GET', '/brandings', s.amsterdam);
      expect(first.status, first.text).toBe(200);
      mine = first.body as Row;
      expect(Array.isArray(mine)).toBe(false);
      expect(mine).toMatchObject({ ownerId: s.amsterdamId, primaryColor: '#7635dc' });
      const again = await s.send('GET', '/brandings', s.amsterdam);
      expect((again.body as Row).id).toBe(mine.id);
      expect(await allOf(s.server, 'brandings')).toHaveLength(1);
    });

    it('changes it with PATCH', async () => {
      const answer = await s.send('PATCH', '/brandings', s.amsterdam, { primaryColor: '#123456' });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ id: mine.id, primaryColor: '#123456' });
      const read = await s.send('GET', '/brandings', s.amsterdam);
      expect(read.body).toMatchObject({ id: mine.id, primaryColor: '#123456' });
    });

    it('refuses POST and DELETE (405)', async () => {
      const before = structuredClone(await allOf(s.server, 'brandings'));
      const post = await s.send('POST', '/brandings', s.amsterdam, { primaryColor: '#000000' });
      expect(post.status).toBe(405);
      const del = await s.send('DELETE', `/brandings/${String(mine.id)}`, s.amsterdam);
      expect(del.status).toBe(405);
      expect(await allOf(s.server, 'brandings')).toEqual(before);
    });

    it("gives Berlin Berlin's own, never Amsterdam's", async () => {
      const answer = await s.send('GET', '/brandings', s.berlin);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ ownerId: s.berlinId, primaryColor: '#7635dc' });
      expect((answer.body as Row).id).not.toBe(mine.id);
      expect((await s.send('GET', `/brandings/${String(mine.id)}`, s.berlin)).status).toBe(404);
      expect((await s.send('GET', '/brandings')).status).toBe(401);
    });
  });

  describe('surveys and their answers (parent)', () => {
    let survey: Row;

    it("creates an answer under Amsterdam's survey with the survey's id and owner", async () => {
      survey = (await s.send('POST', '/surveys', s.amsterdam, { title: 'Your stay' })).body as Row;
      const answer = await s.send('POST', `/surveys/${String(survey.id)}/answers`, s.amsterdam, {
        text: 'Lovely canal view',
      });
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body).toMatchObject({
        surveyId: survey.id,
        ownerId: s.amsterdamId,
        text: 'Lovely canal view',
      });
      const list = await s.send('GET', `/surveys/${String(survey.id)}/answers`, s.amsterdam);
      expect(list.status).toBe(200);
      expect(rowsOf(list).map((row) => row.id)).toEqual([(answer.body as Row).id]);
    });

    it("gives a child created on its own route its parent's owner; Berlin cannot use Amsterdam's parent", async () => {
      const byAdmin = await s.send('POST', '/answers', s.admin, {
        surveyId: survey.id,
        text: 'Filed by the front desk',
      });
      expect(byAdmin.status, byAdmin.text).toBe(201);
      expect(byAdmin.body).toMatchObject({ surveyId: survey.id, ownerId: s.amsterdamId });
      const before = await counts(s.server);
      const sneaky = await s.send('POST', '/answers', s.berlin, {
        surveyId: survey.id,
        text: 'Sneaky',
      });
      expect(sneaky.status).toBe(422);
      expect(Object.keys((sneaky.body as ApiErrorBody).errors ?? {})).toEqual(['surveyId']);
      expect(await counts(s.server)).toEqual(before);
    });

    it("keeps Amsterdam's survey's answers from Berlin (404)", async () => {
      const before = await counts(s.server);
      const url = `/surveys/${String(survey.id)}/answers`;
      expect((await s.send('GET', url, s.berlin)).status).toBe(404);
      expect((await s.send('POST', url, s.berlin, { text: 'Sneaky' })).status).toBe(404);
      expect(await counts(s.server)).toEqual(before);
    });
  });

  describe('credentials (a secret text field)', () => {
    const plain = 'sk_live_contract_0123456789';
    let id: unknown;
    const storedKey = async () => (await stored(s.server, 'credentials', id))?.apiKey;

    it('answers {set: true} and never shows or stores the plain key', async () => {
      const answer = await s.send('POST', '/credentials', s.amsterdam, {
        label: 'Channel manager',
        apiKey: plain,
      });
      expect(answer.status, answer.text).toBe(201);
      id = (answer.body as Row).id;
      expect((answer.body as Row).apiKey).toEqual({ set: true });
      expect(answer.text).not.toContain(plain);
      for (const url of [`/credentials/${String(id)}`, '/credentials', `/credentials?q=${plain}`]) {
        const read = await s.send('GET', url, s.amsterdam);
        expect(read.status, url).toBe(200);
        expect(read.text, url).not.toContain(plain);
      }
      expect(rowsOf(await s.send('GET', `/credentials?q=${plain}`, s.amsterdam))).toEqual([]);
      expect(String(await storedKey())).toMatch(/^enc:v1:/);
      const onDisk = await storedText(s.server);
      expect(onDisk).not.toContain(plain);
      expect(onDisk).toContain(String(await storedKey()));
    });

    it('keeps the key when {set: true} is sent back, and clears it for an empty text', async () => {
      const sealed = await storedKey();
      const kept = await s.send('PATCH', `/credentials/${String(id)}`, s.amsterdam, {
        label: 'Channel manager (new)',
        apiKey: { set: true },
      });
      expect(kept.status, kept.text).toBe(200);
      expect(kept.body).toMatchObject({ label: 'Channel manager (new)', apiKey: { set: true } });
      expect(await storedKey()).toBe(sealed);

      const cleared = await s.send('PATCH', `/credentials/${String(id)}`, s.amsterdam, {
        apiKey: '',
      });
      expect(cleared.status, cleared.text).toBe(200);
      expect((cleared.body as Row).apiKey).toEqual({ set: false });
      expect(await storedKey()).toBe('');
    });
  });

  describe('signing-keys (a required secret)', () => {
    it('must be given on create: neither left out nor sent back as {set: true}', async () => {
      const before = await counts(s.server);
      for (const body of [{ label: 'Webhook' }, { label: 'Webhook', key: { set: true } }]) {
        const answer = await s.send('POST', '/signing-keys', s.amsterdam, body);
        expect(answer.status, answer.text).toBe(422);
        expect(errorsOf(answer)).toEqual({ key: ['key is required'] });
      }
      expect(await counts(s.server)).toEqual(before);
    });

    it('is kept on update when left out or sent back', async () => {
      const created = await s.send('POST', '/signing-keys', s.amsterdam, {
        label: 'Webhook',
        key: 'whsec_contract',
      });
      expect(created.status, created.text).toBe(201);
      const url = `/signing-keys/${String((created.body as Row).id)}`;
      const sealed = (await stored(s.server, 'signing-keys', (created.body as Row).id))?.key;
      expect(String(sealed)).toMatch(/^enc:v1:/);
      for (const [method, body] of [
        ['PATCH', { label: 'Webhook (renamed)' }],
        ['PUT', { label: 'Webhook', key: { set: true } }],
      ] as const) {
        const answer = await s.send(method, url, s.amsterdam, body);
        expect(answer.status, `${method} ${answer.text}`).toBe(200);
        expect((answer.body as Row).key).toEqual({ set: true });
      }
      expect((await stored(s.server, 'signing-keys', (created.body as Row).id))?.key).toBe(sealed);
    });
  });

  describe('slug-pages (a slug unique per owner and language)', () => {
    const create = (token: string, locale: string) =>
      s.send('POST', '/slug-pages', token, { title: 'About us', slug: 'about-us', locale });

    it('refuses the same slug twice in one list (409), allows it in another', async () => {
      expect((await create(s.amsterdam, 'nl')).status).toBe(201);
      const before = await counts(s.server);
      const twice = await create(s.amsterdam, 'nl');
      expect(twice.status, twice.text).toBe(409);
      expect(errorsOf(twice)).toHaveProperty('slug');
      expect(await counts(s.server)).toEqual(before);
      expect((await create(s.amsterdam, 'en')).status).toBe(201);
      expect((await create(s.berlin, 'de')).status).toBe(201);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// A hotel's staff member (issue 40): a person acting for Amsterdam with the role staff. What the
// declarations keep from staff (their managers' part) answers 403; the rest is Amsterdam's alone.

/** Whether the access answer lets a staff member of a hotel do the operation. */
const staffMay = (resource: Resource, operation: Operation): boolean =>
  permits(
    resource.access[operation]({
      actor: { ...operatorActor(1)!, personId: 2, hotelRole: 'staff' },
      operation,
    }),
  );
/** What a hotel's managers may read and its staff may not. */
const MANAGERS_PART = resources.filter(
  (resource) => operatorMay(resource, 'read') && !staffMay(resource, 'read'),
);
/** A hotel's records its staff read (and perhaps write). */
const STAFF_READS = resources.filter(
  (resource) => resource.owned && !resource.singleton && staffMay(resource, 'read'),
);
const STAFF_CREATES = CREATABLE.filter((resource) => staffMay(resource, 'create'));

describe("a hotel's staff member", () => {
  let s: Session;
  let staff: string;
  beforeAll(async () => {
    s = await openSession(resources);
    const email = 'contract-staff@example.org';
    const invited = await s.send('POST', '/members', s.amsterdam, {
      email,
      name: 'Contract Staff',
      role: 'staff',
    });
    expect(invited.status, invited.text).toBe(201);
    const link = /token=([\w-]+)/.exec(readLatestMail(s.server.config.mailOutbox, email)!.text);
    const password = 'contract-staff-1';
    const chosen = await s.send('POST', '/auth/reset-password', undefined, {
      token: link![1],
      password,
    });
    expect(chosen.status, chosen.text).toBe(204);
    staff = await s.server.login(email, password);
  });
  afterAll(async () => {
    await s.server.close();
  });

  it("is kept from the declarations' managers' part, and only from it", () => {
    const names = MANAGERS_PART.map((resource) => resource.name);
    expect(names).toEqual(expect.arrayContaining(['members', 'branding', 'apps', 'audit']));
    for (const kept of ['pages', 'amenities', 'notifications', 'submissions', 'pos-products']) {
      expect(names, kept).not.toContain(kept);
    }
  });

  describe.each(byName(MANAGERS_PART))(
    "%s: the managers' part (403 for staff)",
    (_name, resource) => {
      it('refuses reading and writing, and changes nothing', async () => {
        const before = await counts(s.server);
        const list = await s.send('GET', `/${resource.name}`, staff);
        expect(list.status, list.text).toBe(403);
        expect((list.body as ApiErrorBody).code).toBe('apiErrors.managersOnly');
        const write = resource.singleton
          ? await s.send('PATCH', `/${resource.name}`, staff, {})
          : await s.send('POST', `/${resource.name}`, staff, {});
        expect([403, 405], write.text).toContain(write.status);
        expect(await counts(s.server)).toEqual(before);
      });
    },
  );

  describe.each(byName(STAFF_READS))("%s: the hotel's records, to its staff", (_name, resource) => {
    it("lists Amsterdam's records only, whatever the query", async () => {
      for (const query of ['', `?ownerId=${s.berlinId}`, '?_end=1000']) {
        const list = await s.send('GET', `/${resource.name}${query}`, staff);
        expect(list.status, list.text).toBe(200);
        expect(rowsOf(list).filter((row) => row.ownerId !== s.amsterdamId)).toEqual([]);
      }
    });
  });

  describe.each(byName(STAFF_CREATES))('%s: created by staff', (_name, resource) => {
    it('lands in Amsterdam, and stays hidden from Berlin (404)', async () => {
      const body = await sampleBody(resource, s.ctx());
      const made = await s.send('POST', `/${resource.name}`, staff, body);
      expect(made.status, made.text).toBe(201);
      const id = (made.body as Row).id;
      expect((await stored(s.server, resource.name, id))?.ownerId).toBe(s.amsterdamId);
      expect((await s.send('GET', `/${resource.name}/${String(id)}`, s.berlin)).status).toBe(404);
    });
  });
});
