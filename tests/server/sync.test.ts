import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  MADRID,
  STORE_KIND,
  SUPERADMIN,
  recordsSnapshot,
  startServer,
  userId,
  type TestServer,
} from './helpers';

/**
 * POST /<collection>/sync on the seeded data: records are removed from a target language through
 * the store, Sync is asked for them back, and the store must gain exactly those records, with
 * translated texts (a local fake DeepL or LibreTranslate server) or copies marked
 * `needsTranslation` (TRANSLATOR=none). Amsterdam (nl, en, de), Berlin (de, en), Madrid (es, en, fr).
 */

type Collection = 'amenities' | 'amenity-categories';
type Row = { id: number } & Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Fake translation providers: real HTTP servers on 127.0.0.1, reached by the server's own fetch.

interface Seen {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}
interface Reply {
  status: number;
  json: unknown;
}
interface Fake {
  url: string;
  requests: Seen[];
}

const fakes: http.Server[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const fake of fakes.splice(0)) {
    fake.closeAllConnections();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  }
});

async function startFake(reply: (request: Seen) => Reply | Promise<Reply>): Promise<Fake> {
  const requests: Seen[] = [];
  const fake = http.createServer((req, res) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => {
      const seen: Seen = {
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(data) as Record<string, unknown>,
      };
      requests.push(seen);
      void Promise.resolve(reply(seen)).then((answer) => {
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer.json));
      });
    });
  });
  fakes.push(fake);
  fake.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => fake.once('listening', resolve));
  return { url: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`, requests };
}

const DEEPL_KEY = 'test-key';

/** DeepL /v2/translate: `[de] text` for DE, `[en-gb] text` for EN-GB. */
const deeplProtocol = (request: Seen): Reply => {
  if (request.path !== '/v2/translate') return { status: 404, json: { message: 'Not found' } };
  if (request.headers.authorization !== `DeepL-Auth-Key ${DEEPL_KEY}`) {
    return { status: 403, json: { message: 'Forbidden' } };
  }
  const { text, target_lang: target } = request.body as { text: string[]; target_lang: string };
  return {
    status: 200,
    json: {
      translations: text.map((item) => ({
        detected_source_language: request.body.source_lang,
        text: `[${target.toLowerCase()}] ${item}`,
      })),
    },
  };
};

/** LibreTranslate /translate: `[de] text` for target `de`. */
const libreProtocol = (request: Seen): Reply => {
  if (request.path !== '/translate') return { status: 404, json: { error: 'Not Found' } };
  const { q, target } = request.body as { q: string[]; target: string };
  return { status: 200, json: { translatedText: q.map((item) => `[${target}] ${item}`) } };
};

interface Provider {
  name: 'deepl' | 'libretranslate' | 'none';
  /** Starts the fake (if any) and returns the server's environment. */
  start(): Promise<{ env: Record<string, string>; fake?: Fake }>;
  /** What the server stores for a source text in a target locale. */
  text(to: string, source: string): string;
  /** The target code the provider's request names, e.g. `EN-GB` for DeepL. */
  target?: (to: string) => string;
}

const PROVIDERS: Provider[] = [
  {
    name: 'deepl',
    async start() {
      const fake = await startFake(deeplProtocol);
      const env = { TRANSLATOR: 'deepl', DEEPL_API_KEY: DEEPL_KEY, DEEPL_API_URL: fake.url };
      return { env, fake };
    },
    text: (to, source) => `[${to === 'en' ? 'en-gb' : to}] ${source}`,
    target: (to) => (to === 'en' ? 'EN-GB' : to.toUpperCase()),
  },
  {
    name: 'libretranslate',
    async start() {
      const fake = await startFake(libreProtocol);
      return { env: { TRANSLATOR: 'libretranslate', LIBRETRANSLATE_URL: fake.url }, fake };
    },
    text: (to, source) => `[${to}] ${source}`,
    target: (to) => to,
  },
  {
    name: 'none',
    start: () => Promise.resolve({ env: {} }),
    text: (_to, source) => source,
  },
];

// ---------------------------------------------------------------------------------------------
// The server and the store.

async function world(env: Record<string, string> = {}) {
  const server = await startServer({ env });
  servers.push(server);
  const [amsterdam, berlin, admin, superAdmin] = await Promise.all([
    server.login(AMSTERDAM),
    server.login(BERLIN),
    server.login(ADMIN),
    server.login(SUPERADMIN),
  ]);
  return {
    server,
    tokens: { amsterdam, berlin, admin, superAdmin },
    ids: {
      amsterdam: userId(server, AMSTERDAM),
      berlin: userId(server, BERLIN),
      madrid: userId(server, MADRID),
      admin: userId(server, ADMIN),
    },
  };
}

async function send(
  server: TestServer,
  method: string,
  path: string,
  token?: string,
  json?: unknown,
) {
  const response = await server.request(method, path, { token, json });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

/** Every collection's records, as recordsSnapshot gives them. */
type State = Record<string, Row[]>;

const rowsOf = (state: State, name: Collection): Row[] => {
  const rows = state[name];
  if (!rows) throw new Error(`no ${name} in the snapshot`);
  return rows;
};
const snapshot = recordsSnapshot;
/**
 * What the store keeps, as bytes: the JSON file on disk, or (PostgreSQL) every collection as the
 * database holds it.
 */
const dbBytes = async (server: TestServer): Promise<Buffer> =>
  STORE_KIND === 'json'
    ? fs.readFileSync(server.config.dbFile)
    : Buffer.from(JSON.stringify(await server.data.snapshot()));

/** Removes the matching records straight from the store (no API rules) and persists that. */
async function removeRows(
  server: TestServer,
  name: Collection,
  match: (row: Row) => boolean,
): Promise<Row[]> {
  const removed = (await server.data.all(name)).filter(match);
  for (const row of removed) await server.data.remove(name, row.id);
  return removed;
}

/** Records of `after` that `before` did not have. */
const gained = (before: State, after: State, name: Collection) => {
  const known = new Set(rowsOf(before, name).map((row) => row.id));
  return rowsOf(after, name).filter((row) => !known.has(row.id));
};

/** The state without the given records, to compare "everything else". */
const without = (state: State, name: Collection, rows: Row[]): State => {
  const ids = new Set(rows.map((row) => row.id));
  return { ...state, [name]: rowsOf(state, name).filter((row) => !ids.has(row.id)) };
};

/** Per target locale, how many of `rows` are in it (every target listed, zeros included). */
const perLocale = (rows: Row[], targets: string[]) =>
  Object.fromEntries(targets.map((to) => [to, rows.filter((row) => row.locale === to).length]));

/** `groupId/locale` of rows, sorted: which items in which languages. */
const keys = (rows: Row[]) =>
  rows.map((row) => `${String(row.groupId)}/${String(row.locale)}`).sort();

const find = (state: State, name: Collection, ownerId: number, groupId: unknown, locale: string) =>
  rowsOf(state, name).filter(
    (row) => row.ownerId === ownerId && row.groupId === groupId && row.locale === locale,
  );

/**
 * Amsterdam's gaps: the German wellness category with every German amenity in it (three groups),
 * the German amenity of `amenity-3-12` (its category, transport, stays) and the English amenity of
 * `amenity-3-01`. Removing a category only with all its amenities keeps the data consistent: its
 * amenities go first, so no record ever points at a missing one (PostgreSQL's foreign keys).
 */
async function openAmsterdamGaps(server: TestServer, owner: number) {
  const german = (row: Row) => row.ownerId === owner && row.locale === 'de';
  const wellness = (row: Row) => german(row) && row.groupId === `cat-${owner}-wellness`;
  const [category] = (await server.data.all('amenity-categories')).filter(wellness);
  const inWellness = await removeRows(
    server,
    'amenities',
    (row) => german(row) && row.categoryId === category!.id,
  );
  expect(inWellness).toHaveLength(3);
  const categories = await removeRows(server, 'amenity-categories', wellness);
  expect(categories).toHaveLength(1);
  expect(categories[0]!.id).toBe(category!.id);
  const others = await removeRows(
    server,
    'amenities',
    (row) =>
      row.ownerId === owner &&
      ((row.locale === 'de' && row.groupId === `amenity-${owner}-12`) ||
        (row.locale === 'en' && row.groupId === `amenity-${owner}-01`)),
  );
  expect(others).toHaveLength(2);
  return { categories, amenities: [...inWellness, ...others] };
}

// ---------------------------------------------------------------------------------------------

describe.each(PROVIDERS)('sync with TRANSLATOR=$name', (provider) => {
  it('creates exactly the missing amenities, and the missing category first', async () => {
    const { env, fake } = await provider.start();
    const { server, tokens, ids } = await world(env);
    const removed = await openAmsterdamGaps(server, ids.amsterdam);
    const before = await snapshot(server);
    const now = new Date(server.clock.now()).toISOString();

    const { status, body } = await send(server, 'POST', '/amenities/sync', tokens.amsterdam, {
      locale: 'nl',
    });
    const after = await snapshot(server);
    expect(status, JSON.stringify(body)).toBe(200);

    const newAmenities = gained(before, after, 'amenities');
    const newCategories = gained(before, after, 'amenity-categories');
    // Exactly the removed records are back, and the answer counts what the store gained.
    expect(keys(newAmenities)).toEqual(keys(removed.amenities));
    expect(keys(newCategories)).toEqual(keys(removed.categories));
    expect(body).toEqual({
      locale: 'nl',
      created: perLocale(newAmenities, ['en', 'de']),
      related: { 'amenity-categories': perLocale(newCategories, ['en', 'de']) },
      translated: provider.name !== 'none',
    });
    expect(body).toMatchObject({
      created: { en: 1, de: 4 },
      related: { 'amenity-categories': { en: 0, de: 1 } },
    });
    // Nothing else changed, anywhere.
    expect(
      without(without(after, 'amenities', newAmenities), 'amenity-categories', newCategories),
    ).toEqual(before);
    // New ids, none reused.
    const allIds = (name: Collection) => rowsOf(after, name).map((row) => row.id);
    expect(new Set(allIds('amenities')).size).toBe(allIds('amenities').length);
    expect(new Set(allIds('amenity-categories')).size).toBe(allIds('amenity-categories').length);

    // Untranslated copies are marked, and inactive: guests do not get text in another language.
    const marked = provider.name === 'none' ? { needsTranslation: true, active: false } : {};
    const [category] = newCategories;
    const [nlCategory] = find(after, 'amenity-categories', ids.amsterdam, category.groupId, 'nl');
    // The name translated; colour, active, owner, group and position copied.
    expect(category).toEqual({
      ...nlCategory,
      id: category.id,
      locale: 'de',
      name: provider.text('de', String(nlCategory.name)),
      createdAt: now,
      updatedAt: now,
      ...marked,
    });

    for (const amenity of newAmenities) {
      const to = String(amenity.locale);
      const [source] = find(after, 'amenities', ids.amsterdam, amenity.groupId, 'nl');
      const sourceCategory = rowsOf(after, 'amenity-categories').find(
        (row) => row.id === source.categoryId,
      )!;
      // The category of the same group in the amenity's own language: the new one for wellness.
      const targetCategories = find(
        after,
        'amenity-categories',
        ids.amsterdam,
        sourceCategory.groupId,
        to,
      );
      expect(targetCategories).toHaveLength(1);
      expect(amenity.categoryId).toBe(targetCategories[0].id);
      if (sourceCategory.groupId === `cat-${ids.amsterdam}-wellness`) {
        expect(amenity.categoryId).toBe(category.id);
      } else {
        expect(rowsOf(before, 'amenity-categories').map((row) => row.id)).toContain(
          amenity.categoryId,
        );
      }
      // Translatable fields translated; address, url, active, location, coordinates, owner,
      // group and position copied from the source record.
      expect(amenity).toEqual({
        ...source,
        id: amenity.id,
        locale: to,
        name: provider.text(to, String(source.name)),
        description: provider.text(to, String(source.description)),
        categoryId: targetCategories[0].id,
        createdAt: now,
        updatedAt: now,
        ...marked,
      });
      if (provider.name !== 'none') expect(amenity).not.toHaveProperty('needsTranslation');
    }

    if (fake) {
      // One batch per target language, with every translatable text of the copies in it.
      const textsFor = (to: string) =>
        [
          ...newAmenities
            .filter((row) => row.locale === to)
            .flatMap((row) => {
              const [source] = find(after, 'amenities', ids.amsterdam, row.groupId, 'nl');
              return [source.name, source.description];
            }),
          ...newCategories.filter((row) => row.locale === to).map(() => nlCategory.name),
        ].sort();
      expect(fake.requests).toHaveLength(2);
      for (const to of ['en', 'de']) {
        const request = fake.requests.find((seen) =>
          provider.name === 'deepl'
            ? seen.body.target_lang === provider.target!(to)
            : seen.body.target === provider.target!(to),
        );
        expect(request, `request for ${to}`).toBeDefined();
        const texts = (
          provider.name === 'deepl' ? request!.body.text : request!.body.q
        ) as string[];
        expect([...texts].sort()).toEqual(textsFor(to));
        if (provider.name === 'deepl') {
          expect(request!.body.source_lang).toBe('NL');
          expect(request!.headers.authorization).toBe(`DeepL-Auth-Key ${DEEPL_KEY}`);
        } else {
          expect(request!.body).toMatchObject({ source: 'nl', format: 'text' });
        }
      }
    }

    // The copies are ordinary records: the operator reads them, and saving one passes the
    // reference checks (same owner, same locale as its category).
    for (const amenity of newAmenities) {
      const read = await send(server, 'GET', `/amenities/${amenity.id}`, tokens.amsterdam);
      expect(read).toEqual({ status: 200, body: amenity });
    }
    const saved = await send(
      server,
      'PATCH',
      `/amenities/${newAmenities[0].id}`,
      tokens.amsterdam,
      {
        active: newAmenities[0].active,
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // A second Sync finds nothing missing: no request to the provider, no change to the store
    // but the audit log's entry of the Sync that was run.
    const requestsSoFar = fake?.requests.length ?? 0;
    const settled = await snapshot(server);
    const settledLog = await server.data.all('audit');
    const again = await send(server, 'POST', '/amenities/sync', tokens.amsterdam, { locale: 'nl' });
    expect(again).toEqual({
      status: 200,
      body: {
        locale: 'nl',
        created: { en: 0, de: 0 },
        related: {},
        translated: provider.name !== 'none',
      },
    });
    expect(await snapshot(server)).toEqual(settled);
    const log = await server.data.all('audit');
    expect(log.slice(0, settledLog.length)).toEqual(settledLog);
    expect(log.slice(settledLog.length)).toEqual([
      expect.objectContaining({ action: 'action', name: 'sync', resource: 'amenities' }),
    ]);
    expect(fake?.requests.length ?? 0).toBe(requestsSoFar);
  });

  it('syncs categories: a new Dutch category is created in English and German', async () => {
    const { env } = await provider.start();
    const { server, tokens, ids } = await world(env);
    const created = await send(server, 'POST', '/amenity-categories', tokens.amsterdam, {
      name: 'Dakterrassen',
      color: '#336699',
      locale: 'nl',
    });
    expect(created.status).toBe(201);
    const source = created.body as Row;
    const before = await snapshot(server);

    const { status, body } = await send(
      server,
      'POST',
      '/amenity-categories/sync',
      tokens.amsterdam,
      {
        locale: 'nl',
      },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const after = await snapshot(server);
    const copies = gained(before, after, 'amenity-categories');
    expect(body).toEqual({
      locale: 'nl',
      created: { en: 1, de: 1 },
      related: {},
      translated: provider.name !== 'none',
    });
    expect(keys(copies)).toEqual([`${String(source.groupId)}/de`, `${String(source.groupId)}/en`]);
    for (const copy of copies) {
      const to = String(copy.locale);
      expect(copy).toMatchObject({
        ownerId: ids.amsterdam,
        groupId: source.groupId,
        name: provider.text(to, 'Dakterrassen'),
        color: '#336699',
        active: provider.name !== 'none',
      });
      expect(Boolean(copy.needsTranslation)).toBe(provider.name === 'none');
    }
    expect(without(after, 'amenity-categories', copies)).toEqual(before);
  });
});

describe('sync of a new item through the API', () => {
  it('creates the category of a new Dutch amenity in every language before the amenity', async () => {
    const { server, tokens, ids } = await world();
    const category = await send(server, 'POST', '/amenity-categories', tokens.amsterdam, {
      name: 'Rondvaarten',
      color: '#0077B6',
      locale: 'nl',
    });
    const amenity = await send(server, 'POST', '/amenities', tokens.amsterdam, {
      name: 'Rondvaart Prinsengracht',
      description: 'Een uur over de grachten, met uitleg aan boord.',
      address: 'Prinsengracht 263, Amsterdam',
      url: 'https://rondvaart.example',
      categoryId: (category.body as Row).id,
      locale: 'nl',
      location: '',
      coordinates: { lat: 52.3752, lng: 4.8839 },
    });
    expect([category.status, amenity.status]).toEqual([201, 201]);
    const before = await snapshot(server);

    const { status, body } = await send(server, 'POST', '/amenities/sync', tokens.amsterdam, {
      locale: 'nl',
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      locale: 'nl',
      created: { en: 1, de: 1 },
      related: { 'amenity-categories': { en: 1, de: 1 } },
      translated: false,
    });
    const after = await snapshot(server);
    const newCategories = gained(before, after, 'amenity-categories');
    for (const copy of gained(before, after, 'amenities')) {
      const target = newCategories.find((row) => row.locale === copy.locale)!;
      expect(target).toMatchObject({
        groupId: (category.body as Row).groupId,
        ownerId: ids.amsterdam,
      });
      expect(copy).toMatchObject({
        groupId: (amenity.body as Row).groupId,
        categoryId: target.id,
        name: 'Rondvaart Prinsengracht',
        address: 'Prinsengracht 263, Amsterdam',
        coordinates: { lat: 52.3752, lng: 4.8839 },
        needsTranslation: true,
        active: false,
      });
    }
    // Their categories likewise: untranslated, so not shown to guests yet.
    for (const copy of newCategories) {
      expect(copy).toMatchObject({ needsTranslation: true, active: false });
    }
  });
});

describe('positions of the copies', () => {
  it("keeps the source's position where it is free in the target list, else adds at the end", async () => {
    const { server, tokens, ids } = await world();
    const dutch = (
      await server.data.find('amenities', { ownerId: ids.amsterdam, locale: 'nl' })
    ).sort((a, b) => Number(a.position) - Number(b.position));
    // The Dutch list is reversed: the item of group 05 is 16th now, 16 is 5th, 12 is 9th.
    const reversed = dutch.map((row) => row.id).reverse();
    const reorder = await send(server, 'POST', '/amenities/reorder', tokens.amsterdam, {
      ids: reversed,
    });
    expect(reorder.status).toBe(200);
    const group = (n: string) => `amenity-${ids.amsterdam}-${n}`;
    await removeRows(
      server,
      'amenities',
      (row) =>
        row.ownerId === ids.amsterdam &&
        row.locale === 'de' &&
        [group('05'), group('12'), group('16')].includes(String(row.groupId)),
    );
    // German 9 (left by 12) is taken again: the item at the end of the German list moves there.
    const germanLast = (
      await server.data.find('amenities', { ownerId: ids.amsterdam, locale: 'de' })
    ).sort((a, b) => Number(b.position) - Number(a.position))[0]!;
    await server.data.update('amenities', germanLast.id, { position: 9 });
    const before = await snapshot(server);

    const { status, body } = await send(server, 'POST', '/amenities/sync', tokens.amsterdam, {
      locale: 'nl',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ created: { en: 0, de: 3 } });
    const after = await snapshot(server);
    expect(keys(gained(before, after, 'amenities'))).toEqual(
      [group('05'), group('12'), group('16')].map((groupId) => `${groupId}/de`),
    );
    const position = (groupId: string) =>
      find(after, 'amenities', ids.amsterdam, groupId, 'de').map((row) => row.position);
    // The German list followed the Dutch order: German 5 and 16 are free, so the copies of 16
    // and 05 take their Dutch places; German 9 is taken, so the copy of 12 goes to the end.
    expect(position(group('05'))).toEqual([16]);
    expect(position(group('16'))).toEqual([5]);
    expect(position(group('12'))).toEqual([20]); // after German 19, the list's last now
    const german = rowsOf(after, 'amenities').filter(
      (row) => row.ownerId === ids.amsterdam && row.locale === 'de',
    );
    expect(new Set(german.map((row) => row.position)).size).toBe(german.length);
  });
});

describe('without a translation service (TRANSLATOR=none)', () => {
  it('marks copies as needing translation until someone saves them', async () => {
    const { server, tokens, ids } = await world();
    await removeRows(
      server,
      'amenities',
      (row) =>
        row.ownerId === ids.amsterdam &&
        row.locale === 'de' &&
        row.groupId === `amenity-${ids.amsterdam}-12`,
    );
    const before = await snapshot(server);
    const { status } = await send(server, 'POST', '/amenities/sync', tokens.amsterdam, {
      locale: 'nl',
    });
    expect(status).toBe(200);
    const [copy] = gained(before, await snapshot(server), 'amenities');
    const [source] = find(before, 'amenities', ids.amsterdam, copy.groupId, 'nl');
    expect(copy).toMatchObject({
      name: source.name,
      description: source.description,
      needsTranslation: true,
    });

    // The flag is part of the record as the API returns it, in lists too.
    const list = await send(
      server,
      'GET',
      `/amenities?locale=de&needsTranslation=true`,
      tokens.amsterdam,
    );
    expect((list.body as Row[]).map((row) => row.id)).toEqual([copy.id]);

    server.clock.advance(60_000);
    const saved = await send(server, 'PATCH', `/amenities/${copy.id}`, tokens.amsterdam, {
      name: 'Fahrradverleih',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).not.toHaveProperty('needsTranslation');
    const stored = (await server.data.get('amenities', copy.id))!;
    expect(stored).not.toHaveProperty('needsTranslation');
    expect(stored).toMatchObject({ name: 'Fahrradverleih', description: source.description });
  });

  it('clears the flag on PUT as well, and on categories', async () => {
    const { server, tokens, ids } = await world();
    const culture = (row: Row) =>
      row.ownerId === ids.amsterdam &&
      row.locale === 'en' &&
      row.groupId === `cat-${ids.amsterdam}-culture`;
    // The English culture amenities go with their category (first, so nothing points at a
    // missing one).
    const english = (
      await server.data.find('amenity-categories', { ownerId: ids.amsterdam, locale: 'en' })
    )
      .filter((row) => !culture(row))
      .map((row) => row.id);
    await removeRows(
      server,
      'amenities',
      (row) =>
        row.ownerId === ids.amsterdam &&
        row.locale === 'en' &&
        !english.includes(row.categoryId as number),
    );
    await removeRows(server, 'amenity-categories', culture);
    const before = await snapshot(server);
    const { status, body } = await send(
      server,
      'POST',
      '/amenity-categories/sync',
      tokens.amsterdam,
      {
        locale: 'nl',
      },
    );
    expect({ status, body }).toEqual({
      status: 200,
      body: { locale: 'nl', created: { en: 1, de: 0 }, related: {}, translated: false },
    });
    const [copy] = gained(before, await snapshot(server), 'amenity-categories');
    expect(copy).toMatchObject({ locale: 'en', name: 'Cultuur', needsTranslation: true });
    const put = await send(server, 'PUT', `/amenity-categories/${copy.id}`, tokens.amsterdam, {
      name: 'Culture',
      color: copy.color,
      active: true,
      locale: 'en',
    });
    expect(put.status).toBe(200);
    expect(await server.data.get('amenity-categories', copy.id)).not.toHaveProperty(
      'needsTranslation',
    );
  });
});

describe('provider failures', () => {
  const failures: {
    name: string;
    env: (url: string) => Record<string, string>;
    reply: (request: Seen) => Reply;
    message: string;
    requests: number;
  }[] = [
    {
      name: 'DeepL quota exceeded (456)',
      env: (url) => ({ TRANSLATOR: 'deepl', DEEPL_API_KEY: DEEPL_KEY, DEEPL_API_URL: url }),
      reply: () => ({ status: 456, json: { message: 'Quota exceeded' } }),
      message: "DeepL quota exceeded (456): the account's character limit is reached",
      requests: 1,
    },
    {
      name: 'DeepL unavailable (500)',
      env: (url) => ({ TRANSLATOR: 'deepl', DEEPL_API_KEY: DEEPL_KEY, DEEPL_API_URL: url }),
      reply: () => ({ status: 500, json: { message: 'Internal error' } }),
      message: 'DeepL is unavailable (500: Internal error); try again later',
      requests: 1,
    },
    {
      name: 'DeepL failing for the second language only',
      env: (url) => ({ TRANSLATOR: 'deepl', DEEPL_API_KEY: DEEPL_KEY, DEEPL_API_URL: url }),
      reply: (request) =>
        request.body.target_lang === 'DE'
          ? { status: 503, json: { message: 'Busy' } }
          : deeplProtocol(request),
      message: 'DeepL is unavailable (503: Busy); try again later',
      requests: 2,
    },
    {
      name: 'LibreTranslate answering 500',
      env: (url) => ({ TRANSLATOR: 'libretranslate', LIBRETRANSLATE_URL: url }),
      reply: () => ({ status: 500, json: { error: 'Translation engine crashed' } }),
      message: 'LibreTranslate refused the request (500: Translation engine crashed)',
      requests: 1,
    },
  ];

  it.each(failures)('$name → 502, nothing written', async ({ env, reply, message, requests }) => {
    const fake = await startFake(reply);
    const { server, tokens, ids } = await world(env(fake.url));
    await openAmsterdamGaps(server, ids.amsterdam);
    const before = await snapshot(server);
    const bytes = await dbBytes(server);

    const { status, body } = await send(server, 'POST', '/amenities/sync', tokens.amsterdam, {
      locale: 'nl',
    });
    expect(status).toBe(502);
    // Coded, with the service's own reason (the dashboard words the rest: server-messages).
    expect(body).toEqual({
      message: `An error occurred while syncing the amenities: ${message}`,
      statusCode: 502,
      code: 'apiErrors.syncFailedAll',
      values: { resource: 'amenities', reason: message },
    } satisfies ApiErrorBody);
    expect(fake.requests).toHaveLength(requests);
    expect(await snapshot(server)).toEqual(before);
    expect((await dbBytes(server)).equals(bytes)).toBe(true);
  });

  it('names the collection in the message: categories', async () => {
    const fake = await startFake(() => ({ status: 456, json: {} }));
    const { server, tokens, ids } = await world({
      TRANSLATOR: 'deepl',
      DEEPL_API_KEY: DEEPL_KEY,
      DEEPL_API_URL: fake.url,
    });
    await openAmsterdamGaps(server, ids.amsterdam);
    const bytes = await dbBytes(server);
    const { status, body } = await send(
      server,
      'POST',
      '/amenity-categories/sync',
      tokens.amsterdam,
      {
        locale: 'nl',
      },
    );
    expect(status).toBe(502);
    expect((body as ApiErrorBody).message).toBe(
      "An error occurred while syncing the amenity categories: DeepL quota exceeded (456): the account's character limit is reached",
    );
    expect((await dbBytes(server)).equals(bytes)).toBe(true);
  });

  it('reports an unreachable provider as 502 and writes nothing', async () => {
    // A port that was just free: nothing listens there any more.
    const probe = http.createServer();
    probe.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => probe.once('listening', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const { server, tokens, ids } = await world({
      TRANSLATOR: 'deepl',
      DEEPL_API_KEY: DEEPL_KEY,
      DEEPL_API_URL: `http://127.0.0.1:${port}`,
    });
    await openAmsterdamGaps(server, ids.amsterdam);
    const bytes = await dbBytes(server);
    const { status, body } = await send(server, 'POST', '/amenities/sync', tokens.amsterdam, {
      locale: 'nl',
    });
    expect(status).toBe(502);
    expect((body as ApiErrorBody).message).toMatch(
      /^An error occurred while syncing the amenities: DeepL could not be reached at .*ECONNREFUSED/,
    );
    expect((await dbBytes(server)).equals(bytes)).toBe(true);
  });
});

describe('overlapping syncs', () => {
  it('create each missing record once, with ids no other write took meanwhile', async () => {
    // The provider answers slowly, so a second Sync and a plain create arrive while it works.
    const fake = await startFake(
      (request) => new Promise((resolve) => setTimeout(() => resolve(deeplProtocol(request)), 300)),
    );
    const { server, tokens, ids } = await world({
      TRANSLATOR: 'deepl',
      DEEPL_API_KEY: DEEPL_KEY,
      DEEPL_API_URL: fake.url,
    });
    const removed = await openAmsterdamGaps(server, ids.amsterdam);
    const before = await snapshot(server);
    const transport = find(
      before,
      'amenity-categories',
      ids.amsterdam,
      `cat-${ids.amsterdam}-transport`,
      'en',
    )[0];

    const first = send(server, 'POST', '/amenities/sync', tokens.amsterdam, { locale: 'nl' });
    const second = send(server, 'POST', '/amenities/sync', tokens.amsterdam, { locale: 'nl' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const create = await send(server, 'POST', '/amenities', tokens.amsterdam, {
      name: 'Pontveer',
      description: 'Ferry across the IJ.',
      address: 'De Ruijterkade, Amsterdam',
      url: 'https://pontveer.example',
      categoryId: transport.id,
      locale: 'en',
    });
    const created = create.body as Row;
    const category = await send(server, 'POST', '/amenity-categories', tokens.amsterdam, {
      name: 'Markets',
      color: '#aa5500',
      locale: 'en',
    });
    expect([create.status, category.status]).toEqual([201, 201]);
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);

    const after = await snapshot(server);
    const newAmenities = gained(before, after, 'amenities').filter((row) => row.id !== created.id);
    const newCategories = gained(before, after, 'amenity-categories').filter(
      (row) => row.id !== (category.body as Row).id,
    );
    // Every missing record exactly once, whichever Sync wrote it.
    expect(keys(newAmenities)).toEqual(keys(removed.amenities));
    expect(keys(newCategories)).toEqual(keys(removed.categories));
    const counted = answers.map(
      (answer) => (answer.body as { created: Record<string, number> }).created,
    );
    expect(counted[0].de + counted[1].de).toBe(4);
    expect(counted[0].en + counted[1].en).toBe(1);
    // No id is shared, and the plain create kept its record.
    for (const name of ['amenities', 'amenity-categories'] as const) {
      const all = rowsOf(after, name).map((row) => row.id);
      expect(new Set(all).size, name).toBe(all.length);
    }
    expect(rowsOf(after, 'amenities').find((row) => row.id === created.id)).toEqual(created);
    // Every copy points at an existing category of its own language and group.
    for (const amenity of newAmenities) {
      const target = rowsOf(after, 'amenity-categories').find(
        (row) => row.id === amenity.categoryId,
      );
      expect(target).toMatchObject({ ownerId: ids.amsterdam, locale: amenity.locale });
    }
  });
});

describe('tenants and access', () => {
  /** Berlin's English amenity of one group, removed through the store. */
  const openBerlinGap = (server: TestServer, berlin: number) =>
    removeRows(
      server,
      'amenities',
      (row) =>
        row.ownerId === berlin && row.locale === 'en' && row.groupId === `amenity-${berlin}-01`,
    );

  it("an operator's Sync never touches another tenant's records", async () => {
    const { server, tokens, ids } = await world();
    await openAmsterdamGaps(server, ids.amsterdam);
    const berlinGap = await openBerlinGap(server, ids.berlin);
    const before = await snapshot(server);
    const others = (state: State, name: Collection) =>
      rowsOf(state, name).filter((row) => row.ownerId !== ids.amsterdam);

    const { status } = await send(server, 'POST', '/amenities/sync', tokens.amsterdam, {
      locale: 'nl',
    });
    expect(status).toBe(200);
    const after = await snapshot(server);
    for (const name of ['amenities', 'amenity-categories'] as const) {
      expect(others(after, name)).toEqual(others(before, name));
      expect(gained(before, after, name).every((row) => row.ownerId === ids.amsterdam)).toBe(true);
    }
    expect(find(after, 'amenities', ids.berlin, berlinGap[0].groupId, 'en')).toEqual([]);
  });

  it("ignores an operator's ownerId: the Sync is about their own records", async () => {
    const { server, tokens, ids } = await world();
    await openBerlinGap(server, ids.berlin);
    // Amsterdam's Dutch amenity of group 05 is gone; Amsterdam also has German, like Berlin.
    const amsterdamGap = await removeRows(
      server,
      'amenities',
      (row) =>
        row.ownerId === ids.amsterdam &&
        row.locale === 'nl' &&
        row.groupId === `amenity-${ids.amsterdam}-05`,
    );
    const before = await snapshot(server);

    const { status, body } = await send(server, 'POST', '/amenities/sync', tokens.amsterdam, {
      locale: 'de',
      ownerId: ids.berlin,
    });
    expect(status).toBe(200);
    // Amsterdam's other languages (nl, en), not Berlin's (en).
    expect(body).toEqual({
      locale: 'de',
      created: { nl: 1, en: 0 },
      related: {},
      translated: false,
    });
    const after = await snapshot(server);
    const copies = gained(before, after, 'amenities');
    expect(keys(copies)).toEqual(keys(amsterdamGap));
    expect(copies[0]).toMatchObject({ ownerId: ids.amsterdam });
    expect(without(after, 'amenities', copies)).toEqual(before);

    // Spanish is Madrid's, not Amsterdam's: naming Madrid does not make it so.
    const spanish = await send(server, 'POST', '/amenities/sync', tokens.amsterdam, {
      locale: 'es',
      ownerId: ids.madrid,
    });
    expect(spanish.status).toBe(422);
    expect(await snapshot(server)).toEqual(after);
  });

  it('an administrator must name an operator, and then syncs that one only', async () => {
    const { server, tokens, ids } = await world();
    await openAmsterdamGaps(server, ids.amsterdam);
    const berlinGap = await openBerlinGap(server, ids.berlin);
    const before = await snapshot(server);
    const bytes = await dbBytes(server);

    for (const ownerId of [undefined, ids.admin, 9999]) {
      const refused = await send(server, 'POST', '/amenities/sync', tokens.admin, {
        locale: 'de',
        ownerId,
      });
      expect(refused).toEqual({
        status: 422,
        body: {
          message: 'Validation failed',
          statusCode: 422,
          code: 'apiErrors.validationFailed',
          values: {},
          errors: { ownerId: ['Choose the hotel whose content to sync'] },
          errorCodes: { ownerId: [{ code: 'apiErrors.chooseSyncHotel', values: {} }] },
        },
      });
    }
    const malformed = await send(server, 'POST', '/amenities/sync', tokens.admin, {
      locale: 'de',
      ownerId: 'four',
    });
    expect(malformed.status).toBe(422);
    expect(await snapshot(server)).toEqual(before);
    expect((await dbBytes(server)).equals(bytes)).toBe(true);

    const { status, body } = await send(server, 'POST', '/amenities/sync', tokens.admin, {
      locale: 'de',
      ownerId: ids.berlin,
    });
    expect({ status, body }).toEqual({
      status: 200,
      body: { locale: 'de', created: { en: 1 }, related: {}, translated: false },
    });
    const after = await snapshot(server);
    const copies = gained(before, after, 'amenities');
    expect(keys(copies)).toEqual(keys(berlinGap));
    expect(copies[0].ownerId).toBe(ids.berlin);
    // Amsterdam's gaps stay open.
    expect(without(after, 'amenities', copies)).toEqual(before);

    // A super administrator too (the amenities first, then their category).
    const madridWellness = (row: Row) =>
      row.ownerId === ids.madrid &&
      row.locale === 'fr' &&
      row.groupId === `cat-${ids.madrid}-wellness`;
    const [madridCategory] = (await server.data.all('amenity-categories')).filter(madridWellness);
    await removeRows(
      server,
      'amenities',
      (row) =>
        row.ownerId === ids.madrid && row.locale === 'fr' && row.categoryId === madridCategory!.id,
    );
    await removeRows(server, 'amenity-categories', madridWellness);
    const bySuper = await send(server, 'POST', '/amenities/sync', tokens.superAdmin, {
      locale: 'es',
      ownerId: ids.madrid,
    });
    expect(bySuper).toEqual({
      status: 200,
      body: {
        locale: 'es',
        created: { en: 0, fr: 3 },
        related: { 'amenity-categories': { en: 0, fr: 1 } },
        translated: false,
      },
    });
  });

  it("refuses a language that is not one of the owner's, or no language", async () => {
    const { server, tokens, ids } = await world();
    await openAmsterdamGaps(server, ids.amsterdam);
    const before = await snapshot(server);
    const bytes = await dbBytes(server);
    const notTheirs = {
      status: 422,
      body: {
        message: 'Validation failed',
        statusCode: 422,
        code: 'apiErrors.validationFailed',
        values: {},
        errors: { locale: ['This language is not one of the hotel’s languages'] },
        errorCodes: { locale: [{ code: 'validation.notHotelLanguage', values: {} }] },
      },
    };
    expect(
      await send(server, 'POST', '/amenities/sync', tokens.amsterdam, { locale: 'fr' }),
    ).toEqual(notTheirs);
    expect(
      await send(server, 'POST', '/amenity-categories/sync', tokens.amsterdam, { locale: 'es' }),
    ).toEqual(notTheirs);
    // Berlin has no Dutch, though the administrator's Amsterdam does.
    expect(
      await send(server, 'POST', '/amenities/sync', tokens.admin, {
        locale: 'nl',
        ownerId: ids.berlin,
      }),
    ).toEqual(notTheirs);

    const unknownLocale = {
      status: 422,
      body: {
        message: 'Validation failed',
        statusCode: 422,
        code: 'apiErrors.validationFailed',
        values: {},
        errors: { locale: ['Choose one of the content languages'] },
      },
    };
    for (const json of [{ locale: 'xx' }, {}, { locale: 42 }]) {
      expect(await send(server, 'POST', '/amenities/sync', tokens.amsterdam, json)).toEqual(
        unknownLocale,
      );
    }
    expect(await send(server, 'POST', '/amenities/sync', tokens.amsterdam, ['nl'])).toEqual({
      status: 400,
      body: { message: 'Request body must be a JSON object', statusCode: 400 },
    });
    expect(await snapshot(server)).toEqual(before);
    expect((await dbBytes(server)).equals(bytes)).toBe(true);
  });

  it('answers 401 without a token, and writes nothing', async () => {
    const { server, ids } = await world();
    await openAmsterdamGaps(server, ids.amsterdam);
    const bytes = await dbBytes(server);
    for (const path of ['/amenities/sync', '/amenity-categories/sync']) {
      const { status } = await send(server, 'POST', path, undefined, { locale: 'nl' });
      expect(status).toBe(401);
      const forged = await send(server, 'POST', path, 'not-a-token', { locale: 'nl' });
      expect(forged.status).toBe(401);
    }
    expect((await dbBytes(server)).equals(bytes)).toBe(true);
  });

  it('offers Sync only for localized collections', async () => {
    const { server, tokens } = await world();
    const before = await snapshot(server);
    const users = await send(server, 'POST', '/users/sync', tokens.admin, { locale: 'en' });
    const visits = await send(server, 'POST', '/visits/sync', tokens.amsterdam, { locale: 'nl' });
    // `sync` is taken for a record id there, which these collections do not accept writes to.
    for (const answer of [users, visits]) {
      expect(answer).toEqual({
        status: 405,
        body: {
          message: 'Method not allowed',
          statusCode: 405,
          code: 'apiErrors.methodNotAllowed',
          values: {},
        },
      });
    }
    expect(await snapshot(server)).toEqual(before);
  });
});
