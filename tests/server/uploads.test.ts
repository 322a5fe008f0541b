import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/schema/user';
import { displayName } from '../../mock-server/uploads/receive';
import { sniff } from '../../mock-server/uploads/sniff';
import { sweepUploads, uploadsRoot } from '../../mock-server/uploads';
import { referencedUrls } from '../../mock-server/uploads/sweep';
import { owner } from '../../src/schema/access';
import * as f from '../../src/schema/fields';
import { defineResource } from '../../src/schema/resource';
import { ADMIN, AMSTERDAM, BERLIN, startServer, userId, type TestServer } from './helpers';

// Real files, built from their bytes.
/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A valid 1x1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** The start of a JFIF JPEG (the sniffer reads the first bytes only). */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
/** A RIFF/WEBP container header with a VP8L chunk. */
const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L', 'latin1'),
  Buffer.from([
    0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0,
  ]),
]);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
const REFUSED = 'Only PNG, JPEG, WebP, GIF images and PDF files can be uploaded';

interface UploadBody {
  id: number;
  url: string;
  name: string;
  size: number;
  type: string;
  ownerId: number | null;
  createdAt: string;
}

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

async function upload(
  target: TestServer,
  token: string | undefined,
  bytes: Buffer,
  name: string,
  options: { type?: string; fields?: Record<string, string>; query?: string } = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'application/octet-stream' }),
    name,
  );
  const response = await fetch(`${target.baseUrl}/uploads${options.query ?? ''}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown };
}

async function uploaded(token: string, bytes: Buffer, name: string, query?: string) {
  const answer = await upload(server, token, bytes, name, { query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as UploadBody;
}

/**
 * Every stored file (in the folder or the database, as the server keeps them) and every temp
 * file under the uploads folder (uploads are received there whichever driver stores them).
 */
async function filesOn(target: TestServer): Promise<string[]> {
  const stored = (await target.files.storedBefore(Infinity)).map(
    ({ tenant, name }) => `${tenant}/${name}`,
  );
  const temp = path.join(uploadsRoot(target.config), '.tmp');
  const temps = fs.existsSync(temp) ? fs.readdirSync(temp).map((name) => `.tmp/${name}`) : [];
  return [...stored, ...temps].sort();
}

/** A GET with the path exactly as written (fetch would resolve the `..`). */
function rawGet(target: TestServer, rawPath: string): Promise<number> {
  const { hostname, port } = new URL(target.baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: rawPath }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('the type sniffer', () => {
  it('knows the five types by their first bytes and nothing else', () => {
    expect(sniff(PNG)?.type).toBe('image/png');
    expect(sniff(JPEG)?.type).toBe('image/jpeg');
    expect(sniff(GIF)?.type).toBe('image/gif');
    expect(sniff(WEBP)?.type).toBe('image/webp');
    expect(sniff(PDF)?.type).toBe('application/pdf');
    expect(sniff(SVG)).toBeUndefined();
    expect(sniff(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(sniff(PNG.subarray(0, 7))).toBeUndefined();
    expect(sniff(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('the display name of an upload', () => {
  it('keeps the last path segment without control characters, or names the type', () => {
    expect(displayName('C:\\fakepath\\menu\u0007 card.pdf', 'pdf')).toBe('menu card.pdf');
    expect(displayName('../../x.png', 'png')).toBe('x.png');
    expect(displayName('', 'gif')).toBe('upload.gif');
    expect(displayName('a'.repeat(300), 'png')).toHaveLength(200);
  });
});

describe('POST /uploads', () => {
  it('stores a PNG and serves it back byte for byte, with its type and nosniff', async () => {
    const body = await uploaded(amsterdam, PNG, 'pixel.png');
    expect(body).toMatchObject({
      name: 'pixel.png',
      size: PNG.length,
      type: 'image/png',
      ownerId: userId(server, AMSTERDAM),
    });
    expect(body.url).toMatch(
      new RegExp(`^/uploads/files/${userId(server, AMSTERDAM)}/[A-Za-z0-9_-]{22}\\.png$`),
    );
    // Served without a token: guest apps show these images.
    const file = await fetch(`${server.baseUrl}${body.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    expect(await server.data.get('uploads', body.id)).toMatchObject({
      url: body.url,
      uploadedBy: userId(server, AMSTERDAM),
    });
  });

  it.each([
    ['photo.jpeg', JPEG, 'image/jpeg', 'jpg'],
    ['anim.gif', GIF, 'image/gif', 'gif'],
    ['modern.webp', WEBP, 'image/webp', 'webp'],
    ['menu.pdf', PDF, 'application/pdf', 'pdf'],
  ])('decides the type of %s from its bytes', async (name, bytes, type, ext) => {
    const body = await uploaded(amsterdam, bytes, name);
    expect(body.type).toBe(type);
    expect(body.url.endsWith(`.${ext}`)).toBe(true);
    const file = await fetch(`${server.baseUrl}${body.url}`);
    expect(file.headers.get('content-type')).toBe(type);
    // A PDF is downloaded, never shown by a viewer on the API's origin.
    expect(file.headers.get('content-disposition')).toMatch(
      type === 'application/pdf' ? /^attachment; filename="menu\.pdf"/ : /^inline;/,
    );
  });

  it('ignores the name and the sent Content-Type: a JPEG named .png is a JPEG', async () => {
    const answer = await upload(server, amsterdam, JPEG, 'pretend.png', { type: 'image/png' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name: 'pretend.png', type: 'image/jpeg' });
    expect((answer.body as UploadBody).url).toMatch(/\.jpg$/);
  });

  it('refuses a text file named .png sent as image/png, and keeps nothing of it', async () => {
    const before = (await filesOn(server)).length;
    const answer = await upload(
      server,
      amsterdam,
      Buffer.from('just some text, not a picture'),
      'evil.png',
      {
        type: 'image/png',
      },
    );
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ message: REFUSED, statusCode: 415 });
    expect(await filesOn(server)).toHaveLength(before);
  });

  it('refuses SVG (it can carry scripts) and HTML', async () => {
    for (const [bytes, name, type] of [
      [SVG, 'logo.svg', 'image/svg+xml'],
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.html', 'text/html'],
    ] as const) {
      const answer = await upload(server, amsterdam, bytes, name, { type });
      expect(answer.status).toBe(415);
      expect((answer.body as ApiErrorBody).message).toBe(REFUSED);
    }
  });

  it('refuses an empty file', async () => {
    const answer = await upload(server, amsterdam, Buffer.alloc(0), 'empty.png');
    expect(answer.status).toBe(415);
  });

  it('limits an image field to images with ?kind=image', async () => {
    const answer = await upload(server, amsterdam, PDF, 'menu.pdf', { query: '?kind=image' });
    expect(answer.status).toBe(415);
    expect((answer.body as ApiErrorBody).message).toBe(
      'Only PNG, JPEG, WebP and GIF images can be uploaded here',
    );
    const text = await upload(server, amsterdam, Buffer.from('plain text'), 'a.png', {
      query: '?kind=image',
    });
    expect(text.status).toBe(415);
    expect((text.body as ApiErrorBody).message).toBe(
      'Only PNG, JPEG, WebP and GIF images can be uploaded here',
    );
    expect((await upload(server, amsterdam, PNG, 'a.png', { query: '?kind=image' })).status).toBe(
      201,
    );
  });

  it('answers 401 to a caller without a session, and stores nothing', async () => {
    const before = await server.data.count('uploads');
    const answer = await upload(server, undefined, PNG, 'pixel.png');
    expect(answer.status).toBe(401);
    expect(await server.data.count('uploads')).toBe(before);
  });

  it('refuses a body that is not multipart, and a multipart body without the file', async () => {
    const json = await server.send('POST', '/uploads', amsterdam, { file: 'x' });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append('other', new Blob([new Uint8Array(PNG)]), 'pixel.png');
    const response = await fetch(`${server.baseUrl}/uploads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${amsterdam}` },
      body: form,
    });
    expect(response.status).toBe(400);
  });

  it('answers 415 to a url-encoded or plain-text body, as to JSON, and keeps nothing (issue 26, point 7)', async () => {
    const id = userId(server, AMSTERDAM);
    const rows = await server.store.find('uploads', { ownerId: id });
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'file=iVBORw0KGgo&name=pixel.png'],
      ['text/plain', 'file'],
      ['multipart/form-data', '--x\r\n'],
    ]) {
      const response = await fetch(`${server.baseUrl}/uploads`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${amsterdam}`, 'Content-Type': type! },
        body,
      });
      expect(response.status, type).toBe(415);
      expect(await response.json(), type).toEqual({
        message: 'Send the file as multipart/form-data, in the field "file"',
        statusCode: 415,
      });
    }
    expect(await server.store.find('uploads', { ownerId: id })).toEqual(rows);
  });

  it('keeps a non-ASCII file name for display, and never uses it in a path', async () => {
    const body = await uploaded(amsterdam, PNG, '../../Café façade.png');
    expect(body.name).toBe('Café façade.png');
    const file = await fetch(`${server.baseUrl}${body.url}`);
    expect(file.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Caf%C3%A9%20fa%C3%A7ade.png",
    );
  });
});

describe('the size limit', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startServer({ env: { UPLOAD_LIMIT_MB: '1' } });
  });
  afterAll(async () => {
    await small.close();
  });

  it("answers 413 'The images are too large' and leaves no file behind", async () => {
    const token = await small.login(AMSTERDAM);
    // The seeded pages' covers and PDFs are there from the start.
    const [files, records] = [await filesOn(small), await small.data.all('uploads')];
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 100 * 1024, 7)]);
    const answer = await upload(small, token, big, 'huge.png', { type: 'image/png' });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: 'The images are too large', statusCode: 413 });
    expect(await filesOn(small)).toEqual(files);
    expect(await small.data.all('uploads')).toEqual(records);
    // Just under the limit is fine.
    const fits = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length - 1, 7)]);
    expect((await upload(small, token, fits, 'fits.png')).status).toBe(201);
  });

  it('takes a file of exactly UPLOAD_LIMIT_MB MiB and refuses one byte more (issue 26, point 7)', async () => {
    const token = await small.login(AMSTERDAM);
    const id = userId(small, AMSTERDAM);
    const exactly = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length, 7)]);
    const fits = await upload(small, token, exactly, 'exactly.png');
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    expect(fits.body).toMatchObject({ size: 1024 * 1024 });
    const rows = await small.store.find('uploads', { ownerId: id });
    expect(rows.map((row) => row.size)).toContain(1024 * 1024);
    const over = await upload(small, token, Buffer.concat([exactly, Buffer.alloc(1)]), 'over.png');
    expect(over.status).toBe(413);
    expect(await small.store.find('uploads', { ownerId: id })).toEqual(rows);
  });

  it('answers 413 at once to a body far over the limit', async () => {
    const token = await small.login(AMSTERDAM);
    const before = (await filesOn(small)).length;
    const huge = Buffer.concat([PNG, Buffer.alloc(12 * 1024 * 1024, 7)]);
    const status = await upload(small, token, huge, 'huge.png').then(
      (answer) => answer.status,
      () => 'closed',
    );
    // The server stops reading; the client hears the 413 unless it is still sending.
    expect([413, 'closed']).toContain(status);
    expect(await filesOn(small)).toHaveLength(before);
  });

  it('reads UPLOAD_LIMIT_MB as a whole number of MiB, 5 by default', () => {
    expect(server.config.uploadLimitMb).toBe(5);
    expect(small.config.uploadLimitMb).toBe(1);
  });
});

describe('tenancy', () => {
  it('lists only the caller’s own uploads, and 404s another tenant’s on delete', async () => {
    const mine = await uploaded(amsterdam, PNG, 'amsterdam.png');
    const theirs = await uploaded(berlin, PNG, 'berlin.png');
    const amsterdamId = userId(server, AMSTERDAM);

    const list = await server.send('GET', '/uploads', amsterdam);
    expect(list.status).toBe(200);
    const rows = list.body as UploadBody[];
    expect(rows.map((row) => row.id)).toContain(mine.id);
    expect(rows.every((row) => row.ownerId === amsterdamId)).toBe(true);
    expect(list.headers.get('x-total-count')).toBe(String(rows.length));
    // Naming Berlin as the owner changes nothing for an operator.
    const sneaky = await server.send(
      'GET',
      `/uploads?ownerId=${userId(server, BERLIN)}`,
      amsterdam,
    );
    expect(sneaky.body).toEqual(rows);

    // One upload by its url (what a form asks to show a file's name and size).
    const byUrl = await server.send(
      'GET',
      `/uploads?url=${encodeURIComponent(mine.url)}`,
      amsterdam,
    );
    expect((byUrl.body as UploadBody[]).map((row) => row.name)).toEqual(['amsterdam.png']);
    const foreign = await server.send(
      'GET',
      `/uploads?url=${encodeURIComponent(theirs.url)}`,
      amsterdam,
    );
    expect(foreign.body).toEqual([]);

    const refused = await server.send('DELETE', `/uploads/${theirs.id}`, amsterdam);
    expect(refused.status).toBe(404);
    expect((await fetch(`${server.baseUrl}${theirs.url}`)).status).toBe(200);

    const deleted = await server.send('DELETE', `/uploads/${mine.id}`, amsterdam);
    expect(deleted.status).toBe(204);
    expect((await fetch(`${server.baseUrl}${mine.url}`)).status).toBe(404);
    expect(await server.data.get('uploads', mine.id)).toBeUndefined();
    expect((await server.send('DELETE', `/uploads/${mine.id}`, amsterdam)).status).toBe(404);
  });

  it('puts an operator’s upload in its own tenant whatever ownerId it sends', async () => {
    const answer = await upload(server, amsterdam, PNG, 'x.png', {
      fields: { ownerId: String(userId(server, BERLIN)) },
    });
    expect(answer.status).toBe(201);
    expect((answer.body as UploadBody).ownerId).toBe(userId(server, AMSTERDAM));
  });

  it('lets an administrator upload for a hotel, or into the admin area', async () => {
    const berlinId = userId(server, BERLIN);
    const forBerlin = await upload(server, admin, PNG, 'b.png', {
      fields: { ownerId: String(berlinId) },
    });
    expect(forBerlin.status).toBe(201);
    expect(forBerlin.body).toMatchObject({ ownerId: berlinId });
    expect((forBerlin.body as UploadBody).url).toContain(`/uploads/files/${berlinId}/`);
    const byQuery = await upload(server, admin, PNG, 'b.png', { query: `?ownerId=${berlinId}` });
    expect(byQuery.body).toMatchObject({ ownerId: berlinId });

    const own = await uploaded(admin, PNG, 'platform.png');
    expect(own.ownerId).toBeNull();
    expect(own.url).toMatch(/^\/uploads\/files\/admin\//);

    // Berlin sees the file made for it; Amsterdam does not.
    const berlinList = (await server.send('GET', '/uploads', berlin)).body as UploadBody[];
    expect(berlinList.map((row) => row.id)).toContain((forBerlin.body as UploadBody).id);
    const amsterdamList = (await server.send('GET', '/uploads', amsterdam)).body as UploadBody[];
    expect(amsterdamList.some((row) => row.ownerId !== userId(server, AMSTERDAM))).toBe(false);
    // The administrator filters by hotel.
    const filtered = (await server.send('GET', `/uploads?ownerId=${berlinId}`, admin))
      .body as UploadBody[];
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((row) => row.ownerId === berlinId)).toBe(true);

    for (const ownerId of ['12abc', String(userId(server, ADMIN)), '999999']) {
      const wrong = await upload(server, admin, PNG, 'b.png', { fields: { ownerId } });
      expect(wrong.status, ownerId).toBe(422);
    }
    expect(
      (await filesOn(server)).some((name) => name.includes('.tmp') && name.endsWith('.part')),
    ).toBe(false);
  });
});

describe('GET /uploads/files', () => {
  it('cannot be walked out of the uploads folder', async () => {
    fs.writeFileSync(path.join(server.dir, 'secret.txt'), 'secret');
    for (const raw of [
      '/uploads/files/..%2f..%2fdb.json',
      '/uploads/files/1/../../db.json',
      '/uploads/files/1/..%2f..%2f..%2fdb.json',
      '/uploads/files/..%2f..%2f/db.json',
      '/uploads/files/%2e%2e/db.json',
      '/uploads/files/admin/..%2fsecret.txt',
      '/uploads/files/1/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/uploads/files/.tmp/x.part',
    ]) {
      expect([400, 404], raw).toContain(await rawGet(server, raw));
    }
  });

  it('answers 404 for a well-formed name nobody uploaded', async () => {
    const response = await fetch(`${server.baseUrl}/uploads/files/3/AAAAAAAAAAAAAAAAAAAAAA.png`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('the cleanup', () => {
  it('removes an unreferenced upload after a day, keeps a referenced one and a young one', async () => {
    const sweeper = await startServer();
    try {
      // The seeded pages' covers and PDFs: referenced, so they stay.
      const seeded = (await filesOn(sweeper)).length;
      const token = await sweeper.login(AMSTERDAM);
      const referenced = await upload(sweeper, token, PNG, 'product.png');
      const unreferenced = await upload(sweeper, token, PNG, 'forgotten.png');
      const [a, b] = [referenced.body as UploadBody, unreferenced.body as UploadBody];

      // Reference one from a POS product's image.
      const products = (await sweeper.send('GET', '/pos-products?_end=1', token)).body as {
        id: number;
      }[];
      const patched = await sweeper.send('PATCH', `/pos-products/${products[0].id}`, token, {
        image: a.url,
      });
      expect(patched.status, patched.text).toBe(200);

      const context = {
        store: sweeper.store,
        resources: (await import('../../src/resources')).resources,
        config: sweeper.config,
        now: sweeper.clock.now,
        files: sweeper.files,
      };
      // Not a day old yet: nothing goes.
      expect((await sweepUploads(context)).removed).toBe(0);

      sweeper.clock.advance(25 * 60 * 60 * 1000);
      // (The clock moved past the token's life: sign in again.)
      const fresh = await sweeper.login(AMSTERDAM);
      const young = (await upload(sweeper, fresh, PNG, 'new.png')).body as UploadBody;
      // A file a crash left without a record.
      const stray = { tenant: 'admin', name: 'BBBBBBBBBBBBBBBBBBBBBB.png' };
      const twoDaysAgo = Date.now() - 2 * 86_400_000;
      const part = path.join(sweeper.dir, 'stray.part');
      fs.writeFileSync(part, PNG);
      await sweeper.files.save({
        ...stray,
        type: 'image/png',
        tempFile: part,
        size: 0,
        at: twoDaysAgo,
      });
      if (sweeper.files.kind === 'local') {
        const file = path.join(uploadsRoot(sweeper.config), stray.tenant, stray.name);
        fs.utimesSync(file, new Date(twoDaysAgo), new Date(twoDaysAgo));
      }

      expect(await sweepUploads(context)).toEqual({ removed: 1, strays: 1 });
      const urls = (await sweeper.data.all('uploads')).map((row) => row.url);
      expect(urls).toEqual(expect.arrayContaining([a.url, young.url]));
      expect(urls).not.toContain(b.url);
      expect((await fetch(`${sweeper.baseUrl}${b.url}`)).status).toBe(404);
      expect((await fetch(`${sweeper.baseUrl}${a.url}`)).status).toBe(200);
      expect(await sweeper.files.read(stray)).toBeUndefined();
      expect(await filesOn(sweeper)).toHaveLength(seeded + 2);
    } finally {
      await sweeper.close();
    }
  });

  it('finds references in image and file fields, rich text and sub-records', async () => {
    const pages = defineResource({
      name: 'pages',
      route: 'pages',
      access: owner(),
      owned: true,
      labelField: 'title',
      fields: {
        title: f.text(),
        cover: f.image(),
        brochure: f.file(),
        body: f.richText(),
        gallery: f.items({ of: { picture: f.image() } }),
        styling: f.group({ of: { background: f.image() } }),
      },
    });
    const url = (n: number) => `/uploads/files/3/${String(n).repeat(22)}.png`;
    const rows: Record<string, Record<string, unknown>[]> = {
      pages: [
        { id: 1, title: url(9), cover: url(1), brochure: `https://api.example.com${url(2)}` },
        { id: 2, body: `<p>Hi <img src="/api${url(3)}"></p>`, gallery: [{ picture: url(4) }] },
        { id: 3, styling: { background: url(6) } },
      ],
    };
    const reader = {
      find: async (name: string) => (rows[name] ?? []) as never,
      get: async () => undefined,
      count: async () => 0,
      countBy: async () => new Map(),
    };
    const found = await referencedUrls(reader, [pages], [1, 2, 3, 4, 5, 6, 9].map(url));
    // A text field is no reference; an unused url is none either.
    expect([...found].sort()).toEqual([1, 2, 3, 4, 6].map(url));
  });
});

describe('the quota and the rate limit (issue 26, point 5)', () => {
  const QUOTA =
    "This hotel's upload space is full. Delete files it no longer uses, then try again.";
  const RATE = 'Too many uploads in a short time. Try again later.';
  /** A PNG of exactly `size` bytes (the sniffer reads the first bytes only). */
  const pngOf = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);
  const usedBy = async (target: TestServer, ownerId: number) =>
    (await target.store.find('uploads', { ownerId })).reduce(
      (total, row) => total + Number(row.size),
      0,
    );

  it('counts a hotel’s stored uploads against UPLOAD_QUOTA_MB: 413 past it, nothing kept', async () => {
    const full = await startServer({ env: { UPLOAD_QUOTA_MB: '2', UPLOAD_LIMIT_MB: '1' } });
    try {
      const [token, other] = await Promise.all([full.login(AMSTERDAM), full.login(BERLIN)]);
      const id = userId(full, AMSTERDAM);
      // The seeded covers, PDFs and logos count too.
      const left = 2 * 1024 * 1024 - (await usedBy(full, id));
      expect(left).toBeGreaterThan(PNG.length);
      expect(left).toBeLessThanOrEqual(1024 * 1024);
      const [files, rows] = [
        await filesOn(full),
        await full.store.find('uploads', { ownerId: id }),
      ];

      const over = await upload(full, token, pngOf(left + 1), 'over.png');
      expect(over.status).toBe(413);
      expect(over.body).toEqual({ message: QUOTA, statusCode: 413 });
      expect(await filesOn(full)).toEqual(files);
      expect(await full.store.find('uploads', { ownerId: id })).toEqual(rows);

      // Exactly what is left fits; then the hotel is full, told before its file is stored.
      const last = await upload(full, token, pngOf(left), 'last.png');
      expect(last.status, JSON.stringify(last.body)).toBe(201);
      expect(await usedBy(full, id)).toBe(2 * 1024 * 1024);
      const more = await upload(full, token, PNG, 'more.png');
      expect(more.status).toBe(413);
      expect(more.body).toEqual({ message: QUOTA, statusCode: 413 });
      expect(await usedBy(full, id)).toBe(2 * 1024 * 1024);
      // An administrator uploading for the hotel counts against the hotel's quota too.
      const admin = await full.login(ADMIN);
      const forHotel = await upload(full, admin, PNG, 'p.png', { fields: { ownerId: String(id) } });
      expect(forHotel.status).toBe(413);

      // Another hotel has its own quota; a deleted upload frees its space.
      expect((await upload(full, other, PNG, 'berlin.png')).status).toBe(201);
      const removed = await full.send('DELETE', `/uploads/${(last.body as UploadBody).id}`, token);
      expect(removed.status).toBe(204);
      expect((await upload(full, token, PNG, 'again.png')).status).toBe(201);
    } finally {
      await full.close();
    }
  });

  it('limits uploads per account to UPLOAD_RATE_LIMIT in 10 minutes: 429 with Retry-After', async () => {
    const busy = await startServer({ env: { UPLOAD_RATE_LIMIT: '3' } });
    try {
      const [token, other] = await Promise.all([busy.login(AMSTERDAM), busy.login(BERLIN)]);
      const id = userId(busy, AMSTERDAM);
      for (let n = 0; n < 3; n++) {
        expect((await upload(busy, token, PNG, `p${n}.png`)).status).toBe(201);
      }
      const rows = await busy.store.find('uploads', { ownerId: id });
      // A big file over the limit still hears the answer (its body is read and dropped).
      const refused = await upload(busy, token, pngOf(900 * 1024), 'big.png');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: RATE, statusCode: 429 });
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(600);
      expect(await busy.store.find('uploads', { ownerId: id })).toEqual(rows);
      // Another account is not slowed; ten minutes later the hotel uploads again.
      expect((await upload(busy, other, PNG, 'berlin.png')).status).toBe(201);
      busy.clock.advance(10 * 60 * 1000);
      expect((await upload(busy, token, PNG, 'later.png')).status).toBe(201);
    } finally {
      await busy.close();
    }
  });

  it('reads UPLOAD_QUOTA_MB (500 by default) and UPLOAD_RATE_LIMIT (60 by default)', () => {
    expect(server.config.uploadQuotaMb).toBe(500);
    expect(server.config.uploadRateLimit).toBe(60);
  });
});
