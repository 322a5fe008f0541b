import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../mock-server/migrations';
import { migrateDown } from '../../mock-server/store/postgres/migrate';
import { openStore } from '../../mock-server/store/store';
import { resources } from '../../src/resources';
import type { StoredRecord } from '../../src/schema/store';
import { AMSTERDAM, startServer, userId, type TestServer } from './helpers';
import { openStream, ticketFor } from './liveStream';

/**
 * Issue 39, point 6: the fields an item's languages share (`shared: true`: an amenity's photo,
 * coordinates and category, a category's colour, a page's design) stay equal across its
 * translation group. Amsterdam's seed has every amenity, category and page in nl, en and de.
 * Runs on the JSON file (server) and PostgreSQL (server-pg) alike.
 */

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function start(dir?: string) {
  const server = await startServer({ dir });
  servers.push(server);
  return server;
}

/** An Amsterdam item of `collection` and its versions in the other languages, by locale. */
async function group(server: TestServer, collection: string, pick = 0) {
  const ownerId = userId(server, AMSTERDAM);
  const english = (await server.data.find(collection, { ownerId, locale: 'en' }))[pick]!;
  const rows = await server.data.find(collection, { ownerId, groupId: String(english.groupId) });
  const byLocale = Object.fromEntries(rows.map((row) => [String(row.locale), row]));
  expect(Object.keys(byLocale).sort()).toEqual(['de', 'en', 'nl']);
  return byLocale as Record<'en' | 'nl' | 'de', StoredRecord>;
}

const auditOf = (server: TestServer, resource: string, recordId: number) =>
  server.data.find('audit', { resource, recordId, action: 'update' });

describe('shared fields across a translation group', () => {
  it("an amenity's coordinates and address, changed in English, change in Dutch and German too, each at its next version with its own audit entry", async () => {
    const server = await start();
    const token = await server.login(AMSTERDAM);
    const before = await group(server, 'amenities');
    const coordinates = { lat: 52.1, lng: 4.2 };
    const address = 'Prinsengracht 263, 1016 GV Amsterdam';
    const { stream } = await openStream(server.baseUrl, await ticketFor(server.baseUrl, token));

    const answer = await server.send('PATCH', `/amenities/${before.en.id}`, token, {
      coordinates,
      address,
    });
    expect(answer.status).toBe(200);

    // The live events name every record the write changed: the open Dutch page reloads.
    const changed = new Set([before.en.id, before.nl.id, before.de.id]);
    await stream!.until(() =>
      [...changed].every((id) =>
        stream!.changes().some((c) => c.resource === 'amenities' && c.ids.includes(id)),
      ),
    );
    stream!.close();

    const after = await group(server, 'amenities');
    for (const lng of ['en', 'nl', 'de'] as const) {
      expect(after[lng].coordinates).toEqual(coordinates);
      expect(after[lng].address).toBe(address);
      // Texts are language: each keeps its own.
      expect(after[lng].name).toBe(before[lng].name);
      expect(after[lng].description).toBe(before[lng].description);
      expect(after[lng].version).toBe(Number(before[lng].version ?? 1) + 1);
    }
    // The Dutch record's ETag moved: a Dutch edit opened before the change gets a 412.
    const dutch = await server.request('GET', `/amenities/${before.nl.id}`, { token });
    expect(dutch.headers.get('ETag')).toBe(`"${String(after.nl.version)}"`);
    const stale = await server.request('PATCH', `/amenities/${before.nl.id}`, {
      token,
      json: { name: 'Nieuwe naam' },
      headers: { 'If-Match': `"${String(before.nl.version ?? 1)}"` },
    });
    expect(stale.status).toBe(412);

    for (const lng of ['nl', 'de'] as const) {
      const entries = await auditOf(server, 'amenities', before[lng].id);
      expect(entries).toHaveLength(1);
      expect((entries[0]!.changes as { field: string }[]).map((c) => c.field).sort()).toEqual([
        'address',
        'coordinates',
      ]);
      expect(entries[0]!.recordVersion).toBe(after[lng].version);
    }
  });

  it('a text changed in English changes only the English record', async () => {
    const server = await start();
    const token = await server.login(AMSTERDAM);
    const before = await group(server, 'amenities', 1);

    const answer = await server.send('PATCH', `/amenities/${before.en.id}`, token, {
      name: 'Renamed in English',
    });
    expect(answer.status).toBe(200);

    const after = await group(server, 'amenities', 1);
    expect(after.en.name).toBe('Renamed in English');
    for (const lng of ['nl', 'de'] as const) {
      expect(after[lng]).toEqual(before[lng]);
      expect(await auditOf(server, 'amenities', before[lng].id)).toHaveLength(0);
    }
  });

  it("a category's colour is the same in every language", async () => {
    const server = await start();
    const token = await server.login(AMSTERDAM);
    const before = await group(server, 'amenity-categories');

    const answer = await server.send('PATCH', `/amenity-categories/${before.de.id}`, token, {
      color: '#00aa55',
    });
    expect(answer.status).toBe(200);

    const after = await group(server, 'amenity-categories');
    for (const lng of ['en', 'nl', 'de'] as const) {
      expect(after[lng].color).toBe('#00aa55');
      expect(after[lng].name).toBe(before[lng].name);
    }
  });

  it("an amenity's category moves in every language, each to that language's version of the category", async () => {
    const server = await start();
    const token = await server.login(AMSTERDAM);
    const ownerId = userId(server, AMSTERDAM);
    const amenity = await group(server, 'amenities');
    const english = await server.data.find('amenity-categories', { ownerId, locale: 'en' });
    const other = english.find((category) => category.id !== amenity.en.categoryId)!;
    const versions = await server.data.find('amenity-categories', {
      ownerId,
      groupId: String(other.groupId),
    });
    const inLocale = (lng: string) => versions.find((row) => row.locale === lng)!.id;

    const answer = await server.send('PATCH', `/amenities/${amenity.en.id}`, token, {
      categoryId: other.id,
    });
    expect(answer.status).toBe(200);

    const after = await group(server, 'amenities');
    for (const lng of ['en', 'nl', 'de'] as const) {
      expect(after[lng].categoryId).toBe(inLocale(lng));
    }
  });

  it('a category with no version in one of the amenity’s languages is refused, and nothing changes', async () => {
    const server = await start();
    const token = await server.login(AMSTERDAM);
    const ownerId = userId(server, AMSTERDAM);
    const amenity = await group(server, 'amenities');
    // A new English category, never synced to Dutch or German.
    const created = await server.send('POST', '/amenity-categories', token, {
      name: 'Only in English',
      color: '#112233',
      locale: 'en',
    });
    expect(created.status).toBe(201);
    const snapshot = await server.data.find('amenities', { ownerId });

    const answer = await server.send('PATCH', `/amenities/${amenity.en.id}`, token, {
      categoryId: (created.body as { id: number }).id,
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      errors: {
        categoryId: [
          'The chosen Category has no version in NL, DE yet, where this item also exists: sync it there first',
        ],
      },
    });
    expect(await server.data.find('amenities', { ownerId })).toEqual(snapshot);
  });

  it("a page's design and its place in the page tree are the same in every language", async () => {
    const server = await start();
    const token = await server.login(AMSTERDAM);
    const child = await group(server, 'pages', 1);
    const parent = await group(server, 'pages', 2);
    const template = child.en.template === 'bubbles' ? 'masonry' : 'bubbles';

    const answer = await server.send('PATCH', `/pages/${child.en.id}`, token, {
      template,
      isSubpage: true,
      parentId: parent.en.id,
    });
    expect(answer.status, answer.text).toBe(200);

    const after = await group(server, 'pages', 1);
    for (const lng of ['en', 'nl', 'de'] as const) {
      expect(after[lng].template).toBe(template);
      expect(after[lng].isSubpage).toBe(true);
      expect(after[lng].parentId).toBe(parent[lng].id);
      expect(after[lng].title).toBe(child[lng].title);
      expect(after[lng].slug).toBe(child[lng].slug);
    }
  });

  it("Sync's new copies carry the source's shared fields, a reference as the target language's version", async () => {
    const server = await start();
    const token = await server.login(AMSTERDAM);
    const ownerId = userId(server, AMSTERDAM);
    const amenity = await group(server, 'amenities');
    // German lacks this amenity; the others get new coordinates.
    await server.data.remove('amenities', amenity.de.id);
    const coordinates = { lat: 52.2, lng: 4.3 };
    expect(
      (await server.send('PATCH', `/amenities/${amenity.en.id}`, token, { coordinates })).status,
    ).toBe(200);

    const synced = await server.send('POST', '/amenities/sync', token, {
      locale: 'en',
      groupId: amenity.en.groupId,
    });
    expect(synced.status).toBe(200);

    const copy = await server.data.one('amenities', {
      ownerId,
      groupId: String(amenity.en.groupId),
      locale: 'de',
    });
    expect(copy.coordinates).toEqual(coordinates);
    expect(copy.photo ?? '').toBe(amenity.en.photo ?? '');
    expect(copy.categoryId).toBe(amenity.de.categoryId);
  });

  it('migration 0002 makes a group’s shared fields equal to its source, once', async () => {
    const first = await start();
    const before = await group(first, 'amenities');
    const pages = await group(first, 'pages');
    // Data from before fields were shared: each language with its own photo and coordinates.
    await first.data.update('amenities', before.nl.id, { coordinates: { lat: 1, lng: 1 } });
    await first.data.update('amenities', before.de.id, { address: 'Elsewhere 1' });
    const copied = (['nl', 'de', 'en'] as const).find((lng) => pages[lng].sourceLocale !== lng)!;
    const template = pages[copied].template === 'bubbles' ? 'masonry' : 'bubbles';
    await first.data.update('pages', pages[copied].id, { template });
    const { dir, config } = first;
    await first.close({ keepDir: true });
    servers.splice(servers.indexOf(first), 1);
    // The store as it was before 0002: `npm run db:migrate:down`'s own functions forget it.
    if (config.databaseUrl) {
      const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
      expect(await migrateDown(pool, migrations)).toBe('0002-share-fields-across-languages');
      await pool.end();
    } else {
      const file = openStore(config.dbFile, resources, undefined, migrations.list);
      expect(await file.migrateDown()).toBe('0002-share-fields-across-languages');
    }

    const second = await start(dir);
    const after = await group(second, 'amenities');
    expect(after.nl.coordinates).toEqual(before.en.coordinates);
    expect(after.de.address).toBe(before.en.address);
    expect(after.nl.version).toBe(Number(before.nl.version ?? 1) + 1);
    expect(after.en).toEqual(before.en);
    const pagesAfter = await group(second, 'pages');
    // A page's source is its sourceLocale's record.
    const source = pages[String(pages[copied].sourceLocale) as 'en' | 'nl' | 'de'];
    expect(pagesAfter[copied].template).toBe(source.template);
    expect(pagesAfter[copied].template).not.toBe(template);

    // Once is enough: a start with nothing to do changes nothing.
    const snapshot = await second.data.snapshot();
    await second.close({ keepDir: true });
    servers.splice(servers.indexOf(second), 1);
    const third = await start(dir);
    const { audit: _a, ...now } = await third.data.snapshot();
    const { audit: _b, ...then } = snapshot;
    expect(now).toEqual(then);
  });
});
