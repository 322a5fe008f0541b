import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicBranding } from '../../mock-server/branding';
import { buildSeed } from '../../mock-server/seed/seed';
import { branding as brandingResource, SOCIAL_NETWORKS } from '../../src/resources/branding';
import { resourceSchema } from '../../src/schema/validation';
import type { ApiErrorBody } from '../../src/schema/user';
import {
  ADMIN,
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
 * A hotel's branding on the server: the seed (one valid record per hotel, real images behind its
 * logo, favicon and app image), the per-hotel singleton as operators and administrators use it,
 * its rules, and the guest apps' public branding route.
 */

type Row = Record<string, unknown> & { id: number };

const errorsOf = (body: unknown) => (body as ApiErrorBody).errors ?? {};
/** A collection as the store keeps it: the JSON file on disk, or (PostgreSQL) the database. */
const kept = async (server: TestServer, collection: string) =>
  (await storedCollections(server))[collection] as Row[];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('the seeded branding', () => {
  const seed = buildSeed();
  const hotels = seed.users.filter((user) => user.role === 'operator');

  it('has one valid record per hotel, each with its own colours', () => {
    const rows = seed.branding as unknown as Row[];
    expect(rows.map((row) => row.ownerId).sort()).toEqual(hotels.map((hotel) => hotel.id).sort());
    for (const row of rows) {
      const parsed = resourceSchema(brandingResource, { record: row }).safeParse(row);
      expect(parsed.error?.issues ?? [], String(row.ownerId)).toEqual([]);
      expect(row.title).toBeTruthy();
      expect(Object.values(row.social as Record<string, string>).some(Boolean)).toBe(true);
    }
    expect(new Set(rows.map((row) => row.primaryColor)).size).toBe(rows.length);
  });

  it('writes real PNG files behind every logo, favicon and app image', async () => {
    const server = await startServer();
    try {
      const uploads = await server.data.all('uploads');
      for (const row of await server.data.all('branding')) {
        for (const name of ['logo', 'favicon', 'appImage']) {
          const url = String(row[name]);
          const upload = uploads.find((record) => record.url === url);
          expect(upload, `${name} of ${String(row.ownerId)}`).toMatchObject({
            ownerId: row.ownerId,
            type: 'image/png',
          });
          const bytes = (await storedBytes(server, url))!;
          expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
          expect(bytes.length).toBe(upload!.size);
          const served = await server.request('GET', url);
          expect(served.status).toBe(200);
        }
      }
    } finally {
      await server.close();
    }
  });
});

describe('GET and PATCH /branding', () => {
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

  const seeded = async (email: string) =>
    (await server.data.one('branding', { ownerId: userId(server, email) })) as Row & {
      social: Record<string, string>;
    };

  it("answers an operator its own hotel's branding, without asking which", async () => {
    const answer = await server.send('GET', '/branding', amsterdam);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      id: (await seeded(AMSTERDAM)).id,
      ownerId: userId(server, AMSTERDAM),
      title: 'Canal House',
      primaryColor: '#1F4E79',
    });
    // An operator naming another hotel still gets its own.
    const sneaky = await server.send(
      'GET',
      `/branding?ownerId=${userId(server, BERLIN)}`,
      amsterdam,
    );
    expect((sneaky.body as Row).ownerId).toBe(userId(server, AMSTERDAM));
  });

  it("changes an operator's own branding, and only its own", async () => {
    const berlinBefore = await seeded(BERLIN);
    const answer = await server.send(
      `PATCH`,
      `/branding?ownerId=${userId(server, BERLIN)}`,
      amsterdam,
      {
        primaryColor: '#0a7e8c',
        social: { ...(await seeded(AMSTERDAM)).social, twitter: 'https://x.com/canalhouse' },
      },
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      ownerId: userId(server, AMSTERDAM),
      primaryColor: '#0a7e8c',
      social: { twitter: 'https://x.com/canalhouse' },
    });
    expect(await seeded(BERLIN)).toEqual(berlinBefore);
    // Another hotel's record by its id is not there for Amsterdam.
    const byId = `/branding/${String(berlinBefore.id)}`;
    expect((await server.send('GET', byId, amsterdam)).status).toBe(404);
    expect((await server.send('PATCH', byId, amsterdam, { title: 'Mine' })).status).toBe(404);
    expect(await seeded(BERLIN)).toEqual(berlinBefore);
  });

  it('keeps a change on disk', async () => {
    const onDisk = await kept(server, 'branding');
    const row = onDisk.find((record) => record.ownerId === userId(server, AMSTERDAM));
    expect(row).toMatchObject({ primaryColor: '#0a7e8c' });
  });

  it("lets an administrator read and change a hotel's with ?ownerId=", async () => {
    const berlinId = userId(server, BERLIN);
    const read = await server.send('GET', `/branding?ownerId=${berlinId}`, admin);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ id: (await seeded(BERLIN)).id, title: 'Spree Loft' });
    const changed = await server.send('PATCH', `/branding?ownerId=${berlinId}`, admin, {
      title: 'Spree Loft Mitte',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ ownerId: berlinId, title: 'Spree Loft Mitte' });
    const asBerlin = await server.send('GET', '/branding', berlin);
    expect(asBerlin.body).toMatchObject({ title: 'Spree Loft Mitte' });
    const unnamed = await server.send('GET', '/branding', admin);
    expect(unnamed.status).toBe(422);
    expect(Object.keys(errorsOf(unnamed.body))).toEqual(['ownerId']);
  });

  it('refuses an invalid colour or address with 422 naming the field, and changes nothing', async () => {
    const before = await seeded(AMSTERDAM);
    for (const [body, field, message] of [
      [{ primaryColor: 'purple' }, 'primaryColor', /hex colou?r/i],
      [{ secondaryColor: '#12345' }, 'secondaryColor', /hex colou?r/i],
      [
        { social: { ...before.social, facebook: 'facebook dot com' } },
        'social.facebook',
        /url|address/i,
      ],
      [
        { social: { ...before.social, youtube: 'javascript:alert(1)' } },
        'social.youtube',
        /url|address/i,
      ],
      [{ template: 'carousel' }, 'template', undefined],
    ] as const) {
      const answer = await server.send('PATCH', '/branding', amsterdam, body);
      expect(answer.status, answer.text).toBe(422);
      const errors = errorsOf(answer.body);
      expect(Object.keys(errors), JSON.stringify(body)).toEqual([field]);
      if (message) expect(errors[field]!.join(' ')).toMatch(message);
    }
    expect(await seeded(AMSTERDAM)).toEqual(before);
  });

  it('refuses branding without a logo (spec §5: logo required), and keeps the stored one', async () => {
    const ownerId = userId(server, AMSTERDAM);
    const [before] = await server.store.find('branding', { ownerId });
    expect(before!.logo).toBeTruthy();
    for (const logo of ['', null]) {
      const answer = await server.send('PATCH', '/branding', amsterdam, { logo });
      expect(answer.status, answer.text).toBe(422);
      expect(Object.keys(errorsOf(answer.body))).toEqual(['logo']);
      expect(errorsOf(answer.body).logo!.join(' ')).toMatch(/logo is required/i);
    }
    const [after] = await server.store.find('branding', { ownerId });
    expect(after!.logo).toBe(before!.logo);
  });

  it('allows empty social links', async () => {
    const social = Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, '']));
    const answer = await server.send('PATCH', '/branding', amsterdam, { social });
    expect(answer.status, answer.text).toBe(200);
    // A group with nothing in it is stored as none; guests get the six networks empty.
    const stored = (answer.body as Row).social as Record<string, string> | null;
    expect(Object.values(stored ?? {}).filter(Boolean)).toEqual([]);
    const guests = await server.send('GET', '/public/canal-house-amsterdam/branding');
    expect((guests.body as Record<string, unknown>).social).toEqual(social);
  });

  it('refuses POST and DELETE (405) and callers without a token (401)', async () => {
    const { id } = await seeded(AMSTERDAM);
    expect((await server.send('POST', '/branding', amsterdam, { title: 'Two' })).status).toBe(405);
    expect((await server.send('DELETE', `/branding/${id}`, amsterdam)).status).toBe(405);
    expect((await server.send('GET', '/branding')).status).toBe(401);
    expect(await server.data.find('branding', { id })).toHaveLength(1);
  });
});

describe('GET /public/:slug/branding', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers what a guest app needs, open to every origin, without the owner', async () => {
    const response = await server.request('GET', '/public/casa-alameda-madrid/branding', {
      headers: { Origin: 'https://guest.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as PublicBranding & Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Casa Alameda',
      primaryColor: '#B23A48',
      secondaryColor: '#F4D35E',
      template: 'bubbles',
      locales: ['es', 'en', 'fr'],
      sourceLocale: 'es',
      social: { instagram: 'https://www.instagram.com/casaalamedamadrid', linkedin: '' },
    });
    expect(body.logo).toMatch(/^\/uploads\/files\/\d+\/[\w-]{22}\.png$/);
    expect(body.favicon).toMatch(/\.png$/);
    expect(body.appImage).toMatch(/\.png$/);
    expect(Object.keys(body.social).sort()).toEqual([...SOCIAL_NETWORKS].sort());
    for (const hidden of ['ownerId', 'id', 'createdAt', 'updatedAt']) {
      expect(body).not.toHaveProperty(hidden);
    }
    const preflight = await server.request('OPTIONS', '/public/casa-alameda-madrid/branding', {
      headers: { Origin: 'https://guest.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("follows the hotel's changes at once", async () => {
    const madrid = await server.login(MADRID);
    const changed = await server.send('PATCH', '/branding', madrid, {
      primaryColor: '#264653',
      title: '',
    });
    expect(changed.status, changed.text).toBe(200);
    const answer = await server.send('GET', '/public/casa-alameda-madrid/branding');
    // Without a title of its own, the app is called by the hotel's company name.
    expect(answer.body).toMatchObject({ primaryColor: '#264653', title: 'Casa Alameda Madrid' });
  });

  it('answers a hotel that never saved its branding with the declared defaults, writing nothing', async () => {
    const berlinId = userId(server, BERLIN);
    for (const row of await server.data.find('branding', { ownerId: berlinId })) {
      await server.data.remove('branding', row.id);
    }
    expect(await server.data.find('branding', { ownerId: berlinId })).toEqual([]);
    const before = await server.data.count('branding');
    const answer = await server.send('GET', '/public/spree-loft-berlin/branding');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      title: 'Spree Loft Berlin',
      primaryColor: brandingResource.fields.primaryColor.default,
      template: 'rows',
      logo: null,
    });
    expect(await server.data.all('branding')).toHaveLength(before);
  });

  it('answers 404 for a banned or disabled hotel, an administrator and an unknown slug', async () => {
    const madrid = userId(server, MADRID);
    for (const patch of [{ status: 'banned' as const }, { disabled: true }]) {
      const user = (await server.data.get('users', madrid))!;
      const saved = { status: user.status, disabled: user.disabled };
      await server.data.update('users', madrid, patch);
      try {
        const answer = await server.send('GET', '/public/casa-alameda-madrid/branding');
        expect(answer.status, JSON.stringify(patch)).toBe(404);
        expect(answer.text).not.toContain('Alameda');
      } finally {
        await server.data.update('users', madrid, saved);
      }
    }
    for (const slug of ['no-such-hotel', 'daniel-brooks', 'Casa-Alameda-Madrid%2F..']) {
      expect((await server.send('GET', `/public/${slug}/branding`)).status, slug).toBe(404);
    }
    expect((await server.send('GET', '/public/casa-alameda-madrid/branding')).status).toBe(200);
  });
});
