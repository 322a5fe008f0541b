import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/schema/user';
import { AMSTERDAM, BERLIN, startServer, userId, type TestServer } from './helpers';

/**
 * An amenity's "url or linked page" (spec §3): the linked page is one of the hotel's own pages in
 * the amenity's language, an amenity has a website or a linked page, and the guest apps' list of
 * amenities gives the linked page's public address.
 */

type Row = Record<string, unknown> & { id: number };

let server: TestServer;
let amsterdam: string;
const HOTEL = 'canal-house-amsterdam';

beforeAll(async () => {
  server = await startServer();
  amsterdam = await server.login(AMSTERDAM);
});
afterAll(async () => {
  await server.close();
});

const errorsOf = (body: unknown) => (body as ApiErrorBody).errors ?? {};

/** A hotel's first record of a collection in one language, optionally matching `where`. */
async function first(
  collection: string,
  ownerId: number,
  locale: string,
  where: Row | object = {},
) {
  const rows = (await server.data.find(collection, { ownerId, locale, ...where })) as Row[];
  const row = rows.sort((a, b) => a.id - b.id)[0];
  if (!row) throw new Error(`no ${collection} of ${ownerId} in ${locale}`);
  return row;
}

/** A valid Dutch amenity of Amsterdam, without a website; `over` wins. */
async function amenity(over: Row | object = {}) {
  const category = await first('amenity-categories', userId(server, AMSTERDAM), 'nl');
  return {
    name: 'Fietsverhuur om de hoek',
    description: 'Fietsen per dag of per week.',
    address: 'Keizersgracht 150, Amsterdam',
    categoryId: category.id,
    locale: 'nl',
    ...over,
  };
}

describe('an amenity’s linked page', () => {
  it('takes one of the hotel’s own pages in the amenity’s language, and nothing else', async () => {
    const amsterdamId = userId(server, AMSTERDAM);
    const own = await first('pages', amsterdamId, 'nl', { published: true });
    const english = await first('pages', amsterdamId, 'en');
    const berlins = await first('pages', userId(server, BERLIN), 'de');
    const before = (await server.data.all('amenities')).length;

    for (const pageId of [berlins.id, english.id, 999999]) {
      const refused = await server.send('POST', '/amenities', amsterdam, await amenity({ pageId }));
      expect(refused.status, refused.text).toBe(422);
      expect(errorsOf(refused.body).pageId).toEqual(['Choose an existing Linked page']);
    }
    expect((await server.data.all('amenities')).length).toBe(before);

    const made = await server.send(
      'POST',
      '/amenities',
      amsterdam,
      await amenity({ pageId: own.id }),
    );
    expect(made.status, made.text).toBe(201);
    expect(await server.data.get('amenities', (made.body as Row).id)).toMatchObject({
      pageId: own.id,
    });

    // Moving it to another hotel's page afterwards is refused too.
    const moved = await server.send('PATCH', `/amenities/${(made.body as Row).id}`, amsterdam, {
      pageId: berlins.id,
    });
    expect(moved.status).toBe(422);
    expect((await server.data.get('amenities', (made.body as Row).id))?.pageId).toBe(own.id);
  });

  it('needs a website or a linked page', async () => {
    const own = await first('pages', userId(server, AMSTERDAM), 'nl');
    const neither = await server.send('POST', '/amenities', amsterdam, await amenity({ url: '' }));
    expect(neither.status).toBe(422);
    expect(errorsOf(neither.body).url).toEqual(['Give a website or a linked page']);

    const website = await server.send(
      'POST',
      '/amenities',
      amsterdam,
      await amenity({ url: 'https://fietsen.example' }),
    );
    expect(website.status, website.text).toBe(201);

    // Taking away the only one of them on an edit is refused; swapping one for the other is fine.
    const id = (website.body as Row).id;
    const emptied = await server.send('PATCH', `/amenities/${id}`, amsterdam, { url: '' });
    expect(emptied.status).toBe(422);
    expect(errorsOf(emptied.body).url).toEqual(['Give a website or a linked page']);
    const swapped = await server.send('PATCH', `/amenities/${id}`, amsterdam, {
      url: '',
      pageId: own.id,
    });
    expect(swapped.status, swapped.text).toBe(200);
    expect(await server.data.get('amenities', id)).toMatchObject({ url: '', pageId: own.id });
  });

  it('reaches guest apps as the page’s public address', async () => {
    const amsterdamId = userId(server, AMSTERDAM);
    const published = await first('pages', amsterdamId, 'nl', { published: true });
    const draft = await first('pages', amsterdamId, 'nl', { published: false });
    const linked = await server.send(
      'POST',
      '/amenities',
      amsterdam,
      await amenity({ name: 'Met pagina', pageId: published.id }),
    );
    const toDraft = await server.send(
      'POST',
      '/amenities',
      amsterdam,
      await amenity({ name: 'Met concept', url: 'https://concept.example', pageId: draft.id }),
    );
    expect([linked.status, toDraft.status]).toEqual([201, 201]);

    const answer = await server.send('GET', `/public/${HOTEL}/amenities?locale=nl`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const list = answer.body as Row[];
    expect(list.find((row) => row.id === (linked.body as Row).id)).toMatchObject({
      name: 'Met pagina',
      url: null,
      page: {
        title: published.title,
        slug: published.slug,
        address: `/public/${HOTEL}/pages/${String(published.slug)}?locale=nl`,
      },
      locale: 'nl',
    });
    // A draft is no address a guest can open: only the website is given.
    expect(list.find((row) => row.id === (toDraft.body as Row).id)).toMatchObject({
      url: 'https://concept.example',
      page: null,
    });
    // The address answers the page.
    const opened = await server.send(
      'GET',
      `/public/${HOTEL}/pages/${String(published.slug)}?locale=nl`,
    );
    expect(opened.status).toBe(200);
    expect((opened.body as Row).title).toBe(published.title);
    // Only active amenities in the asked language; no owner ids.
    expect(list.every((row) => row.locale === 'nl' && !('ownerId' in row))).toBe(true);
    const inactive = (await server.data.find('amenities', { ownerId: amsterdamId, locale: 'nl' }))
      .filter((row) => row.active === false)
      .map((row) => row.id);
    expect(list.some((row) => inactive.includes(row.id))).toBe(false);
  });
});
