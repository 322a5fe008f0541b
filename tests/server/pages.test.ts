import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRules, parseWrite } from '../../mock-server/engine/validate';
import { buildSeed } from '../../mock-server/seed/seed';
import { sweepUploads } from '../../mock-server/uploads';
import { pages as pagesResource, PAGE_FONTS, PAGE_TEMPLATES } from '../../src/resources/pages';
import { resources } from '../../src/resources';
import { sanitizeRichText } from '../../src/schema/richText';
import type { Upload } from '../../mock-server/store/types';
import type { ApiErrorBody } from '../../src/schema/user';
import {
  AMSTERDAM,
  BERLIN,
  MADRID,
  storedCollections,
  startServer,
  userId,
  type TestServer,
  storedBytes,
} from './helpers';

/**
 * Content pages on the server: the seed (every record valid by the declaration's own rules, real
 * files behind its covers and PDFs), the declaration's rules as the API applies them (slugs,
 * parents, variants, rich text, the transient `languages`), Sync of HTML bodies through local
 * servers speaking DeepL's and LibreTranslate's protocols, and the guest apps' public routes.
 */

type Row = Record<string, unknown> & { id: number };

const servers: TestServer[] = [];
const fakes: http.Server[] = [];
afterAll(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const fake of fakes.splice(0)) {
    fake.closeAllConnections();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  }
});

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startServer({ env });
  servers.push(server);
  return server;
}

const pageRows = (server: TestServer): Promise<Row[]> => server.data.all('pages');
const stored = (server: TestServer, id: number) => server.data.get('pages', id);
const errorsOf = (body: unknown) => (body as ApiErrorBody).errors ?? {};
/** A collection as the store keeps it: the JSON file on disk, or (PostgreSQL) the database. */
const kept = async (server: TestServer, collection: string) =>
  (await storedCollections(server))[collection] as Row[];

let counter = 0;
/** A valid content page in Dutch, with a fresh slug; `over` wins. */
const contentPage = (over: Record<string, unknown> = {}) => ({
  title: `Dakterras ${++counter}`,
  slug: `dakterras-${counter}`,
  locale: 'nl',
  type: 'content',
  template: 'rows',
  body: '<p>Open van april tot oktober.</p>',
  published: true,
  ...over,
});

// ---------------------------------------------------------------------------------------------
// The seed

describe('the seeded pages', () => {
  const seed = buildSeed({ today: new Date('2026-03-15T12:00:00Z') });
  const seeded = seed.pages as unknown as Row[];
  const hotels = seed.users.filter((user) => user.role === 'operator');

  it('give every hotel 8–12 pages in each of its languages, one group per page', () => {
    for (const hotel of hotels) {
      const own = seeded.filter((row) => row.ownerId === hotel.id);
      const groups = new Set(own.map((row) => row.groupId));
      expect(groups.size, hotel.slug).toBeGreaterThanOrEqual(8);
      expect(groups.size, hotel.slug).toBeLessThanOrEqual(12);
      for (const locale of hotel.locales) {
        const inLocale = own.filter((row) => row.locale === locale);
        expect(new Set(inLocale.map((row) => row.groupId))).toEqual(groups);
        // Positions 1…n per language, in one order across the languages.
        expect(inLocale.map((row) => row.position)).toEqual(inLocale.map((_, index) => index + 1));
        expect(inLocale.map((row) => row.groupId)).toEqual(
          own.filter((row) => row.locale === hotel.sourceLocale).map((row) => row.groupId),
        );
        // Slugs are unique per hotel and language.
        expect(new Set(inLocale.map((row) => row.slug)).size).toBe(inLocale.length);
      }
      expect(own.every((row) => row.sourceLocale === hotel.sourceLocale)).toBe(true);
    }
    expect(new Set(seeded.map((row) => row.id)).size).toBe(seeded.length);
  });

  it('cover every variant, template, drafts and subpages', () => {
    for (const hotel of hotels) {
      const own = seeded.filter(
        (row) => row.ownerId === hotel.id && row.locale === hotel.sourceLocale,
      );
      expect(new Set(own.map((row) => row.type))).toEqual(new Set(['content', 'pdf', 'iframe']));
      expect(own.some((row) => row.published === false)).toBe(true);
      const subpages = own.filter((row) => row.isSubpage === true);
      expect(subpages.length).toBeGreaterThanOrEqual(2);
      expect(subpages.length).toBeLessThanOrEqual(3);
    }
    expect(new Set(seeded.map((row) => row.template))).toEqual(new Set(PAGE_TEMPLATES));
    expect(new Set(seeded.map((row) => (row.styling as { font: string }).font))).toEqual(
      new Set(PAGE_FONTS),
    );
  });

  it('pass the declaration’s own rules, and keep nothing it does not declare', async () => {
    const declared = new Set([
      ...Object.keys(pagesResource.fields),
      'id',
      'ownerId',
      'groupId',
      'createdAt',
      'updatedAt',
    ]);
    for (const row of seeded) {
      const owner = hotels.find((hotel) => hotel.id === row.ownerId)!;
      // The API's own validation of a write (conditions and variants included).
      expect(() => parseWrite(pagesResource, owner, 'create', row), String(row.slug)).not.toThrow();
      expect(() => checkRules(pagesResource, row)).not.toThrow();
      expect(Object.keys(row).filter((key) => !declared.has(key))).toEqual([]);
      expect(row).not.toHaveProperty('languages');
      expect(owner.locales).toContain(row.locale);
      // Only the variant's own field: a content page has no PDF, a PDF page no body…
      expect(Object.hasOwn(row, 'body')).toBe(row.type === 'content');
      expect(Object.hasOwn(row, 'pdf')).toBe(row.type === 'pdf');
      expect(Object.hasOwn(row, 'iframe')).toBe(row.type === 'iframe');
      if (row.type === 'content') {
        // Bodies are as the sanitiser leaves them, with real structure.
        expect(await sanitizeRichText(String(row.body))).toBe(row.body);
        expect(row.body).toMatch(/<h2>/);
      }
      if (row.type === 'iframe') {
        expect(row.iframe).toMatch(
          /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/,
        );
      }
      if (row.isSubpage) {
        const parent = seeded.find((candidate) => candidate.id === row.parentId)!;
        expect(parent).toMatchObject({
          ownerId: row.ownerId,
          locale: row.locale,
          isSubpage: false,
        });
      } else {
        expect(row.parentId).toBeNull();
      }
    }
  });

  it('write a PNG for every cover and a PDF per language, as uploads the pages reference', async () => {
    const server = await start();
    // The branding's logos and images are uploads too (tests/server/branding.test.ts checks
    // them), and so are the app catalogue's images (tests/server/apps.test.ts).
    const brandingUrls = new Set([
      ...(await server.data.all('branding')).flatMap((row) => [
        row.logo,
        row.favicon,
        row.appImage,
      ]),
      ...(await server.data.all('apps')).map((row) => row.image),
    ]);
    const uploads = ((await server.data.all('uploads')) as unknown as Upload[]).filter(
      (upload) => !brandingUrls.has(upload.url),
    );
    expect(uploads.length).toBeGreaterThan(0);
    for (const upload of uploads) {
      const bytes = (await storedBytes(server, upload.url))!;
      expect(bytes.length, upload.url).toBe(upload.size);
      const pages = (await pageRows(server)).filter(
        (row) => row.cover === upload.url || row.pdf === upload.url,
      );
      expect(pages.length, upload.url).toBeGreaterThan(0);
      expect(pages.every((row) => row.ownerId === upload.ownerId)).toBe(true);
    }
    for (const row of await pageRows(server)) {
      for (const url of [row.cover, row.pdf].filter(
        (value) => typeof value === 'string' && value,
      )) {
        expect(uploads.map((upload) => upload.url)).toContain(url);
      }
    }

    const cover = uploads.find((upload) => upload.type === 'image/png')!;
    const image = await fetch(`${server.baseUrl}${cover.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(1000);

    const menu = uploads.find((upload) => upload.type === 'application/pdf')!;
    const pdf = await fetch(`${server.baseUrl}${menu.url}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    // Every object where the cross-reference table says it is.
    const xref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(xref, xref + 5)).toBe('xref\n');
    const offsets = [...text.slice(xref).matchAll(/(\d{10}) 00000 n/g)].map((m) => Number(m[1]));
    expect(offsets.length).toBeGreaterThanOrEqual(6);
    offsets.forEach((offset, index) =>
      expect(text.startsWith(`${index + 1} 0 obj`, offset)).toBe(true),
    );

    // A day and more later the cleanup keeps them: the pages (and the branding) reference them.
    const seededUploads = await server.data.count('uploads');
    server.clock.advance(3 * 24 * 60 * 60 * 1000);
    const context = {
      store: server.store,
      resources,
      config: server.config,
      now: server.clock.now,
      files: server.files,
    };
    expect(await sweepUploads(context)).toEqual({ removed: 0, strays: 0 });
    expect(await server.data.all('uploads')).toHaveLength(seededUploads);
  });
});

// ---------------------------------------------------------------------------------------------
// The declaration's rules through the API

describe('pages through the API', () => {
  let server: TestServer;
  let amsterdam: string;
  let berlin: string;
  const post = (token: string, body: unknown) => server.send('POST', '/pages', token, body);
  const patch = (token: string, id: number, body: unknown) =>
    server.send('PATCH', `/pages/${id}`, token, body);

  beforeAll(async () => {
    server = await start();
    [amsterdam, berlin] = await Promise.all([server.login(AMSTERDAM), server.login(BERLIN)]);
  });

  describe('slugs', () => {
    it('refuses anything but lowercase letters, numbers and hyphens (422)', async () => {
      for (const slug of [
        'Dakterras',
        'dak terras',
        'dak_terras',
        '-dak',
        'dak-',
        'dak--terras',
        'daktérras',
      ]) {
        const before = (await pageRows(server)).length;
        const answer = await post(amsterdam, contentPage({ slug }));
        expect(answer.status, slug).toBe(422);
        expect(errorsOf(answer.body).slug).toEqual([
          'Slug may only contain lowercase letters, numbers and hyphens',
        ]);
        expect(await pageRows(server)).toHaveLength(before);
      }
      const empty = await post(amsterdam, contentPage({ slug: '' }));
      expect(errorsOf(empty.body).slug).toEqual(['Slug is required']);
    });

    it('are unique within a hotel and language (409 with a field error), on create and update', async () => {
      const first = await post(amsterdam, contentPage({ slug: 'rondvaart' }));
      expect(first.status, first.text).toBe(201);
      const taken = await post(amsterdam, contentPage({ slug: 'rondvaart' }));
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({
        message: 'Slug is already in use',
        statusCode: 409,
        errors: { slug: ['Slug is already in use'] },
        // As codes too: the dashboard says "Slug is al in gebruik" to a Dutch user.
        code: 'validation.taken',
        values: { resource: 'pages', field: 'slug' },
        errorCodes: { slug: [{ code: 'validation.taken', values: {} }] },
      });
      // A seeded Dutch slug is taken too; changing a page to it as well.
      expect((await post(amsterdam, contentPage({ slug: 'ontbijt' }))).status).toBe(409);
      const other = await post(amsterdam, contentPage());
      const renamed = await patch(amsterdam, (other.body as Row).id, { slug: 'rondvaart' });
      expect(renamed.status).toBe(409);
      expect(errorsOf(renamed.body)).toEqual({ slug: ['Slug is already in use'] });
      // The page keeps its own slug on save.
      const same = await patch(amsterdam, (first.body as Row).id, {
        slug: 'rondvaart',
        title: 'Rondvaart',
      });
      expect(same.status).toBe(200);
    });

    it('may repeat in another language and at another hotel', async () => {
      const english = await post(amsterdam, contentPage({ slug: 'rondvaart', locale: 'en' }));
      expect(english.status, english.text).toBe(201);
      const german = await post(amsterdam, contentPage({ slug: 'ontbijt', locale: 'de' }));
      expect(german.status, german.text).toBe(201);
      const atBerlin = await post(berlin, contentPage({ slug: 'rondvaart', locale: 'de' }));
      expect(atBerlin.status, atBerlin.text).toBe(201);
      expect((atBerlin.body as Row).ownerId).toBe(userId(server, BERLIN));
    });
  });

  describe('subpages', () => {
    it('need a parent page of the same hotel and language (422 otherwise)', async () => {
      const dutch = (await pageRows(server)).find((row) => row.slug === 'huisregels')!;
      const english = (await pageRows(server)).find(
        (row) => row.slug === 'house-rules' && row.ownerId === dutch.ownerId,
      )!;
      const berlins = (await pageRows(server)).find(
        (row) => row.slug === 'hausordnung' && row.ownerId === userId(server, BERLIN),
      )!;

      const missing = await post(amsterdam, contentPage({ isSubpage: true }));
      expect(missing.status).toBe(422);
      expect(errorsOf(missing.body).parentId).toEqual(['Subpage of is required']);

      for (const parent of [english, berlins]) {
        const answer = await post(amsterdam, contentPage({ isSubpage: true, parentId: parent.id }));
        expect(answer.status, String(parent.slug)).toBe(422);
        expect(errorsOf(answer.body).parentId).toEqual(['Choose an existing Subpage of']);
      }
      const nowhere = await post(
        amsterdam,
        contentPage({ isSubpage: true, parentId: 999_999_999 }),
      );
      expect(errorsOf(nowhere.body).parentId).toEqual(['Choose an existing Subpage of']);

      const fine = await post(amsterdam, contentPage({ isSubpage: true, parentId: dutch.id }));
      expect(fine.status, fine.text).toBe(201);
      expect(fine.body).toMatchObject({ isSubpage: true, parentId: dutch.id });
      // Not a subpage any more: the parent goes with the flag.
      const top = await patch(amsterdam, (fine.body as Row).id, { isSubpage: false });
      expect(top.status).toBe(200);
      expect((await stored(server, (fine.body as Row).id))!.parentId ?? null).toBeNull();
    });

    it('keep their parent from being deleted (409)', async () => {
      const rules = (await pageRows(server)).find((row) => row.slug === 'huisregels')!;
      const answer = await server.send('DELETE', `/pages/${rules.id}`, amsterdam);
      expect(answer.status).toBe(409);
      expect((answer.body as ApiErrorBody).message).toBe(
        'This page is still used by 3 pages. Change or delete those first.',
      );
      expect(await stored(server, rules.id)).toBeDefined();
    });

    it('cannot be a subpage of itself or of its own subpages (422)', async () => {
      const a = (await post(amsterdam, contentPage())).body as Row;
      const b = (await post(amsterdam, contentPage({ isSubpage: true, parentId: a.id })))
        .body as Row;
      const c = (await post(amsterdam, contentPage({ isSubpage: true, parentId: b.id })))
        .body as Row;
      const before = await pageRows(server);
      for (const parentId of [a.id, b.id, c.id]) {
        const answer = await patch(amsterdam, a.id, { isSubpage: true, parentId });
        expect(answer.status, String(parentId)).toBe(422);
        expect(answer.body).toEqual({
          message: 'Validation failed',
          statusCode: 422,
          code: 'apiErrors.validationFailed',
          values: {},
          errors: { parentId: ['A page cannot be a subpage of itself or of its own subpages'] },
        });
      }
      const loop = await patch(amsterdam, b.id, { parentId: c.id });
      expect(errorsOf(loop.body).parentId).toEqual([
        'A page cannot be a subpage of itself or of its own subpages',
      ]);
      expect(await pageRows(server)).toEqual(before);
    });
  });

  describe('variants', () => {
    it('a PDF page needs its PDF, an iframe page an https address', async () => {
      const pdf = await post(amsterdam, contentPage({ type: 'pdf', body: undefined }));
      expect(pdf.status).toBe(422);
      expect(errorsOf(pdf.body).pdf).toEqual(['PDF file is required']);

      const noAddress = await post(amsterdam, contentPage({ type: 'iframe', body: undefined }));
      expect(errorsOf(noAddress.body).iframe).toEqual(['Embedded page address is required']);
      const plain = await post(
        amsterdam,
        contentPage({ type: 'iframe', iframe: 'http://maps.example.com/embed' }),
      );
      expect(plain.status).toBe(422);
      expect(errorsOf(plain.body)).toEqual({
        iframe: ['Use an address that starts with https://'],
      });

      const iframe = await post(
        amsterdam,
        contentPage({ type: 'iframe', iframe: 'https://maps.example.com/embed' }),
      );
      expect(iframe.status, iframe.text).toBe(201);
      // The body sent with it is not kept: an iframe page has none.
      const row = (await stored(server, (iframe.body as Row).id))!;
      expect(row.iframe).toBe('https://maps.example.com/embed');
      expect(row).not.toHaveProperty('body');
    });

    it('a content page keeps no PDF and no iframe; changing the type asks for the new field', async () => {
      const answer = await post(
        amsterdam,
        contentPage({
          pdf: '/uploads/files/3/AAAAAAAAAAAAAAAAAAAAAA.pdf',
          iframe: 'https://example.com',
        }),
      );
      expect(answer.status, answer.text).toBe(201);
      const id = (answer.body as Row).id;
      expect(await stored(server, id)).not.toHaveProperty('pdf');
      expect(await stored(server, id)).not.toHaveProperty('iframe');
      expect(answer.body).not.toHaveProperty('pdf');

      const toPdf = await patch(amsterdam, id, { type: 'pdf' });
      expect(toPdf.status).toBe(422);
      expect(errorsOf(toPdf.body)).toEqual({ pdf: ['PDF file is required'] });
      const toIframe = await patch(amsterdam, id, { type: 'iframe', iframe: 'http://example.com' });
      expect(errorsOf(toIframe.body)).toEqual({
        iframe: ['Use an address that starts with https://'],
      });
      const done = await patch(amsterdam, id, {
        type: 'iframe',
        iframe: 'https://example.com/map',
      });
      expect(done.status, done.text).toBe(200);
      expect(await stored(server, id)).toMatchObject({
        type: 'iframe',
        iframe: 'https://example.com/map',
      });
      expect(await stored(server, id)).not.toHaveProperty('body');
    });
  });

  it('sanitises rich text on create and on update', async () => {
    const unsafe =
      '<h2>Tuin</h2><p onclick="steal()">Welkom<script>alert(1)</script> ' +
      '<a href="javascript:alert(1)">hier</a> <a href="https://example.nl" target="_blank">daar</a></p>' +
      '<iframe src="https://evil.example"></iframe><img src="x" onerror="alert(2)">';
    const clean =
      '<h2>Tuin</h2><p>Welkom hier <a href="https://example.nl" target="_blank" rel="noopener noreferrer">daar</a></p>';
    const created = await post(amsterdam, contentPage({ body: unsafe }));
    expect(created.status, created.text).toBe(201);
    const id = (created.body as Row).id;
    expect((created.body as Row).body).toBe(clean);
    expect((await stored(server, id))!.body).toBe(clean);

    const updated = await patch(amsterdam, id, {
      body: `<ul><li>Een</li><li style="color:red">Twee<script>x()</script></li></ul>`,
    });
    expect(updated.status).toBe(200);
    expect((await stored(server, id))!.body).toBe('<ul><li>Een</li><li>Twee</li></ul>');
  });

  it('never stores `languages`, and sets the source language itself', async () => {
    const created = await post(
      amsterdam,
      contentPage({ languages: ['nl', 'en', 'de'], sourceLocale: 'de' }),
    );
    expect(created.status, created.text).toBe(201);
    const id = (created.body as Row).id;
    expect(created.body).not.toHaveProperty('languages');
    expect(await stored(server, id)).not.toHaveProperty('languages');
    expect((await stored(server, id))!.sourceLocale).toBe('nl');
    await patch(amsterdam, id, { languages: ['nl'], title: 'Anders' });
    expect(await stored(server, id)).not.toHaveProperty('languages');
    const file = await kept(server, 'pages');
    expect(file.some((row) => 'languages' in row)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Sync of HTML bodies through fake translation services

interface Seen {
  path: string;
  body: Record<string, unknown>;
}

async function startFake(
  reply: (request: Seen) => { status: number; json: unknown },
): Promise<string> {
  const fake = http.createServer((req, res) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => {
      const answer = reply({
        path: req.url ?? '',
        body: JSON.parse(data) as Record<string, unknown>,
      });
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.json));
    });
  });
  fakes.push(fake);
  fake.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => fake.once('listening', resolve));
  return `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
}

/**
 * What the fakes make of a text: HTML asked for as HTML has each text between tags marked with
 * the target language, the tags untouched (as DeepL and LibreTranslate do); anything else is
 * treated as plain text — tags included, which a text translation would garble.
 */
const translated = (text: string, target: string, asHtml: boolean) =>
  asHtml
    ? text.replace(/>([^<]+)</g, (_, inner: string) => `>[${target}] ${inner}<`)
    : `[${target}] ${text.replace(/</g, '‹').replace(/>/g, '›')}`;

const DEEPL_KEY = 'pages-test-key';
const PROVIDERS = [
  {
    name: 'DeepL',
    async env(failing = false) {
      const url = await startFake(({ path: at, body }) => {
        if (at !== '/v2/translate') return { status: 404, json: { message: 'Not found' } };
        if (failing) return { status: 500, json: { message: 'Internal error' } };
        const target = String(body.target_lang).toLowerCase();
        const texts = body.text as string[];
        return {
          status: 200,
          json: {
            translations: texts.map((text) => ({
              detected_source_language: body.source_lang,
              text: translated(text, target, body.tag_handling === 'html'),
            })),
          },
        };
      });
      return { TRANSLATOR: 'deepl', DEEPL_API_KEY: DEEPL_KEY, DEEPL_API_URL: url };
    },
  },
  {
    name: 'LibreTranslate',
    async env(failing = false) {
      const url = await startFake(({ path: at, body }) => {
        if (at !== '/translate') return { status: 404, json: { error: 'Not Found' } };
        if (failing) return { status: 500, json: { error: 'Translation failed' } };
        const texts = body.q as string[];
        return {
          status: 200,
          json: {
            translatedText: texts.map((text) =>
              translated(text, String(body.target), body.format === 'html'),
            ),
          },
        };
      });
      return { TRANSLATOR: 'libretranslate', LIBRETRANSLATE_URL: url };
    },
  },
] as const;

const BODY =
  '<h2>Het dakterras</h2><p>Open van <strong>april</strong> tot oktober. ' +
  '<a href="https://example.nl/terras" target="_blank" rel="noopener noreferrer">Meer lezen</a></p>' +
  '<ul><li>Drankjes</li><li>Hapjes</li></ul><ol start="3"><li>Derde</li></ol><blockquote>Tot straks!</blockquote>';

describe.each(PROVIDERS)('Sync of a page with $name', (provider) => {
  let server: TestServer;
  let token: string;
  const sync = (body: unknown) => server.send('POST', '/pages/sync', token, body);
  const gained = async (before: Row[]) => {
    const known = new Set(before.map((row) => row.id));
    return (await pageRows(server)).filter((row) => !known.has(row.id));
  };

  beforeAll(async () => {
    server = await start(await provider.env());
    token = await server.login(AMSTERDAM);
  });

  it('keeps the markup, and creates only that page in only the chosen languages', async () => {
    const parent = (
      await server.send(
        'POST',
        '/pages',
        token,
        contentPage({
          title: 'Dakterras',
          slug: 'dakterras',
          body: BODY,
          description: 'Uitzicht over de grachten',
        }),
      )
    ).body as Row;
    const childBody = '<p>Dagelijks <em>16:00</em> tot 23:00</p>';
    const child = (
      await server.send(
        'POST',
        '/pages',
        token,
        contentPage({
          title: 'Openingstijden',
          slug: 'openingstijden',
          body: childBody,
          isSubpage: true,
          parentId: parent.id,
        }),
      )
    ).body as Row;
    const before = await pageRows(server);

    const answer = await sync({ locale: 'nl', groupId: parent.groupId, to: ['de'] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ locale: 'nl', created: { de: 1 }, translated: true });
    const [copy, ...more] = await gained(before);
    expect(more).toEqual([]);
    expect(copy).toMatchObject({
      groupId: parent.groupId,
      locale: 'de',
      sourceLocale: 'nl',
      slug: 'dakterras',
      title: '[de] Dakterras',
      description: '[de] Uitzicht over de grachten',
      isSubpage: false,
      published: true,
      body: translated(BODY, 'de', true),
    });
    // Every tag and attribute survived, and the result is what the sanitiser keeps.
    expect(String(copy!.body).match(/<[^>]+>/g)).toEqual(BODY.match(/<[^>]+>/g));
    expect(await sanitizeRichText(String(copy!.body))).toBe(copy!.body);
    expect(copy).not.toHaveProperty('needsTranslation');
    // Nothing else changed: no English copy, the subpage still only in Dutch.
    expect((await pageRows(server)).filter((row) => row.id !== copy!.id)).toEqual(before);

    // The subpage's copy sits under the German page of its parent's group.
    const again = await pageRows(server);
    const subpage = await sync({ locale: 'nl', groupId: child.groupId, to: ['de'] });
    expect(subpage.status, subpage.text).toBe(200);
    const [childCopy, ...others] = await gained(again);
    expect(others).toEqual([]);
    expect(childCopy).toMatchObject({
      locale: 'de',
      isSubpage: true,
      parentId: copy!.id,
      title: '[de] Openingstijden',
      body: translated(childBody, 'de', true),
    });
  });
});

describe.each(PROVIDERS)('Sync of pages when $name fails', (provider) => {
  it('says "the page" for one item and "the pages" for a language, and creates nothing', async () => {
    const server = await start(await provider.env(true));
    const token = await server.login(AMSTERDAM);
    const page = (await server.send('POST', '/pages', token, contentPage({ body: BODY })))
      .body as Row;
    const before = await pageRows(server);

    const one = await server.send('POST', '/pages/sync', token, {
      locale: 'nl',
      groupId: page.groupId,
      to: ['en'],
    });
    expect(one.status).toBe(502);
    expect((one.body as ApiErrorBody).message).toMatch(
      /^An error occurred while syncing the page: /,
    );
    const all = await server.send('POST', '/pages/sync', token, { locale: 'nl' });
    expect(all.status).toBe(502);
    expect((all.body as ApiErrorBody).message).toMatch(
      /^An error occurred while syncing the pages: /,
    );
    expect(await pageRows(server)).toEqual(before);
  });
});

describe('Sync of a published page without a translation service', () => {
  it('creates an unpublished copy marked "Needs translation"; saving it clears the mark', async () => {
    const server = await start({ TRANSLATOR: 'none' });
    const token = await server.login(AMSTERDAM);
    const page = (
      await server.send('POST', '/pages', token, contentPage({ title: 'Dakbar', slug: 'dakbar' }))
    ).body as Row;
    expect(page.published).toBe(true);
    const before = await pageRows(server);

    const answer = await server.send('POST', '/pages/sync', token, {
      locale: 'nl',
      groupId: page.groupId,
      to: ['en'],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ created: { en: 1 }, translated: false });
    const copy = (await pageRows(server)).find((row) => !before.some((old) => old.id === row.id))!;
    // The Dutch text as it was, kept from English guests until someone translates it.
    expect(copy).toMatchObject({
      locale: 'en',
      title: 'Dakbar',
      published: false,
      needsTranslation: true,
    });
    const guests = await server.send('GET', '/public/canal-house-amsterdam/pages?locale=en');
    expect((guests.body as { slug: string }[]).map((item) => item.slug)).not.toContain('dakbar');
    // The source stays published.
    expect((await stored(server, page.id))?.published).toBe(true);

    // A person saving the copy (translated, published) is what clears the mark.
    const saved = await server.send('PATCH', `/pages/${copy.id}`, token, {
      title: 'Roof bar',
      published: true,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).not.toHaveProperty('needsTranslation');
    expect(await stored(server, copy.id)).toMatchObject({ title: 'Roof bar', published: true });
    expect(await stored(server, copy.id)).not.toHaveProperty('needsTranslation');
  });
});

// ---------------------------------------------------------------------------------------------
// The guest apps' routes

interface Item {
  id: number;
  title: string;
  slug: string;
  locale: string;
  type: string;
  cover: string | null;
  children: Item[];
}
interface Page extends Omit<Item, 'children'> {
  body: string | null;
  pdf: string | null;
  iframe: string | null;
  parent: { title: string; slug: string } | null;
  children: { title: string; slug: string; cover: string | null }[];
}

const ITEM_KEYS = [
  'children',
  'cover',
  'description',
  'id',
  'locale',
  'position',
  'slug',
  'styling',
  'template',
  'title',
  'type',
];

describe('public pages', () => {
  let server: TestServer;
  let amsterdam: string;
  const HOTEL = 'canal-house-amsterdam';
  const get = (urlPath: string) => server.send('GET', urlPath);
  const menu = async (query = '') => {
    const answer = await get(`/public/${HOTEL}/pages${query}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as Item[];
  };
  const page = async (slug: string, query = '') => {
    const answer = await get(`/public/${HOTEL}/pages/${slug}${query}`);
    return { status: answer.status, body: answer.body as Page, text: answer.text };
  };
  const slugs = (items: Item[]) => items.map((item) => item.slug);

  beforeAll(async () => {
    server = await start();
    amsterdam = await server.login(AMSTERDAM);
  });

  it('list the published pages as a tree in position order, without content or internal ids', async () => {
    const answer = await get(`/public/${HOTEL}/pages?locale=nl`);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const items = answer.body as Item[];
    expect(slugs(items)).toEqual([
      'welkom',
      'ontbijt',
      'restaurant',
      'wellnesskaart',
      'kaart',
      'huisregels',
      'wifi',
      'uitchecken',
    ]);
    const rules = items.find((item) => item.slug === 'huisregels')!;
    expect(slugs(rules.children)).toEqual(['nachtrust', 'roken-en-huisdieren', 'trappen']);
    for (const item of [...items, ...rules.children]) {
      expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
      expect(item.locale).toBe('nl');
    }
    expect(answer.text).not.toMatch(
      /"(ownerId|groupId|body|pdf|iframe|needsTranslation|published)":/,
    );
    expect(items[0]!.cover).toMatch(/^\/uploads\/files\/\d+\/[\w-]{22}\.png$/);
    // Without a language: the hotel's source language.
    expect(await menu()).toEqual(items);
    // English: the English pages.
    expect(slugs(await menu('?locale=en'))).toEqual([
      'welcome',
      'breakfast',
      'restaurant',
      'spa-menu',
      'map',
      'house-rules',
      'wifi',
      'check-out',
    ]);
  });

  it('refuses a language the hotel does not offer (400)', async () => {
    const answer = await get(`/public/${HOTEL}/pages?locale=fr`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'locale must be one of the hotel’s languages: nl, en, de',
      statusCode: 400,
    });
    expect((await get(`/public/${HOTEL}/pages/welkom?locale=xx`)).status).toBe(400);
    expect((await get(`/public/spree-loft-berlin/pages?locale=nl`)).body).toMatchObject({
      message: 'locale must be one of the hotel’s languages: de, en',
    });
  });

  it('serve one page with its sanitised body, PDF or iframe and its subpages in order', async () => {
    const rules = await page('huisregels', '?locale=nl');
    expect(rules.status, rules.text).toBe(200);
    expect(rules.body).toMatchObject({
      slug: 'huisregels',
      type: 'content',
      locale: 'nl',
      pdf: null,
      iframe: null,
      parent: null,
    });
    expect(rules.body.body).toMatch(/^<h2>Huisregels<\/h2>/);
    expect(rules.body.children.map((child) => child.slug)).toEqual([
      'nachtrust',
      'roken-en-huisdieren',
      'trappen',
    ]);
    expect(Object.keys(rules.body.children[0]!).sort()).toEqual([
      'cover',
      'description',
      'id',
      'slug',
      'title',
    ]);
    expect(rules.text).not.toMatch(/"(ownerId|groupId|needsTranslation)":/);

    const quiet = await page('nachtrust');
    expect(quiet.body.parent).toEqual({ title: 'Huisregels', slug: 'huisregels' });

    const menuPage = await page('spa-menu', '?locale=en');
    expect(menuPage.body).toMatchObject({ type: 'pdf', body: null, iframe: null, locale: 'en' });
    const pdf = await fetch(`${server.baseUrl}${menuPage.body.pdf}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const map = await page('karte', '?locale=de');
    expect(map.body).toMatchObject({ type: 'iframe', body: null, pdf: null });
    expect(map.body.iframe).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/,
    );

    // A slug of another of the hotel's languages names the same page in the asked language.
    expect((await page('huisregels', '?locale=de')).body).toMatchObject({
      slug: 'hausordnung',
      locale: 'de',
    });
  });

  it('sanitise the body on the way out, whatever the store holds', async () => {
    const row = (await pageRows(server)).find(
      (candidate) => candidate.slug === 'wifi' && candidate.locale === 'nl',
    )!;
    const original = row.body;
    await server.data.update('pages', row.id, {
      body: '<p>Wifi<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    });
    try {
      expect((await page('wifi', '?locale=nl')).body.body).toBe('<p>Wifi</p>');
    } finally {
      await server.data.update('pages', row.id, { body: original });
    }
  });

  it('never serve drafts, other hotels’ pages or unknown slugs (404)', async () => {
    expect(slugs(await menu('?locale=nl'))).not.toContain('fietsen');
    for (const [hotel, slug] of [
      [HOTEL, 'fietsen'],
      [HOTEL, 'bikes?locale=en'],
      [HOTEL, 'bar'],
      [HOTEL, 'no-such-page'],
      [HOTEL, 'Welkom'],
      ['spree-loft-berlin', 'welkom'],
      ['no-such-hotel', 'welkom'],
      ['daniel-brooks', 'welkom'],
    ]) {
      const answer = await get(`/public/${hotel}/pages/${slug}`);
      expect(answer.status, `${hotel}/${slug}`).toBe(404);
      expect(answer.body).toEqual({
        message: 'Not found',
        statusCode: 404,
        code: 'apiErrors.notFound',
        values: {},
      });
    }
    expect((await get('/public/no-such-hotel/pages')).status).toBe(404);
    // Madrid's draft subpage is not under its house rules.
    const madrid = (await get('/public/casa-alameda-madrid/pages?locale=es')).body as Item[];
    expect(slugs(madrid.find((item) => item.slug === 'normas-de-la-casa')!.children)).toEqual([
      'horas-de-silencio',
      'tabaco-y-mascotas',
    ]);
    expect((await get('/public/casa-alameda-madrid/pages/ninos?locale=es')).status).toBe(404);
  });

  it('hide a published subpage of a draft', async () => {
    const parent = (
      await server.send('POST', '/pages', amsterdam, contentPage({ published: false }))
    ).body as Row;
    const child = (
      await server.send(
        'POST',
        '/pages',
        amsterdam,
        contentPage({ isSubpage: true, parentId: parent.id }),
      )
    ).body as Row;
    const all = JSON.stringify(await menu('?locale=nl'));
    expect(all).not.toContain(String(child.slug));
    expect((await page(String(child.slug))).status).toBe(404);
  });

  it('fall back to the source language for pages missing in the asked one', async () => {
    const only = (
      await server.send(
        'POST',
        '/pages',
        amsterdam,
        contentPage({ title: 'Rondvaart', slug: 'rondvaart' }),
      )
    ).body as Row;
    await server.send(
      'POST',
      '/pages',
      amsterdam,
      contentPage({ title: 'Concept', slug: 'concept', published: false }),
    );
    const english = await menu('?locale=en');
    const fallback = english.find((item) => item.id === only.id)!;
    expect(fallback).toMatchObject({ slug: 'rondvaart', title: 'Rondvaart', locale: 'nl' });
    expect(slugs(english)).not.toContain('concept');
    expect(slugs(english).slice(0, 8)).toEqual([
      'welcome',
      'breakfast',
      'restaurant',
      'spa-menu',
      'map',
      'house-rules',
      'wifi',
      'check-out',
    ]);
    const detail = await page('rondvaart', '?locale=en');
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: only.id,
      locale: 'nl',
      body: '<p>Open van april tot oktober.</p>',
    });

    // A language's own draft hides the page there: no fallback over an unpublished translation.
    const breakfast = (await pageRows(server)).find(
      (row) => row.slug === 'breakfast' && row.ownerId === userId(server, AMSTERDAM),
    )!;
    expect(
      (await server.send('PATCH', `/pages/${breakfast.id}`, amsterdam, { published: false }))
        .status,
    ).toBe(200);
    const without = await menu('?locale=en');
    expect(slugs(without)).not.toContain('breakfast');
    expect(slugs(without)).not.toContain('ontbijt');
    expect((await page('breakfast', '?locale=en')).status).toBe(404);
    await server.send('PATCH', `/pages/${breakfast.id}`, amsterdam, { published: true });
  });

  it('follow the operator’s order after a reorder', async () => {
    const nl = await menu('?locale=nl');
    const [first, , , , , , wifi] = nl;
    expect(wifi!.slug).toBe('wifi');
    const answer = await server.send('POST', '/pages/reorder', amsterdam, {
      ids: [wifi!.id, first!.id],
    });
    expect(answer.status, answer.text).toBe(200);
    const after = slugs(await menu('?locale=nl'));
    expect(after[0]).toBe('wifi');
    expect(after.indexOf('welkom')).toBe(6);
    // Other languages follow: the English versions of the two pages swap places too.
    const english = slugs(await menu('?locale=en'));
    expect(english[0]).toBe('wifi');
    expect(english.indexOf('welcome')).toBe(6);
  });

  it('answer a preflight from any origin', async () => {
    const response = await server.request('OPTIONS', `/public/${HOTEL}/pages/welkom`, {
      headers: { Origin: 'https://guest.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('answer 404 for a banned or disabled hotel, like an unknown one', async () => {
    const madrid = userId(server, MADRID);
    for (const patch of [{ status: 'banned' as const }, { disabled: true }]) {
      const user = (await server.data.get('users', madrid))!;
      const saved = { status: user.status, disabled: user.disabled };
      await server.data.update('users', madrid, patch);
      try {
        for (const url of [
          '/public/casa-alameda-madrid/pages',
          '/public/casa-alameda-madrid/pages/bienvenida?locale=es',
        ]) {
          const answer = await get(url);
          expect(answer.status, `${JSON.stringify(patch)} ${url}`).toBe(404);
          expect(answer.body).toEqual({
            message: 'Not found',
            statusCode: 404,
            code: 'apiErrors.notFound',
            values: {},
          });
        }
      } finally {
        await server.data.update('users', madrid, saved);
      }
    }
    expect((await get('/public/casa-alameda-madrid/pages/bienvenida')).status).toBe(200);
  });
});
