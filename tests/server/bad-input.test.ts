import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/resources';
import { amenities } from '../../src/resources/amenities';
import { MAX_BULK_IDS } from '../../src/schema/paging';
import type { ApiErrorBody } from '../../src/schema/user';
import { ADMIN, AMSTERDAM, startServer, userId, type TestServer } from './helpers';
import { sampleBody } from './samples';

/**
 * Bad input the outside test of security round 4 (issue 36) met, on the JSON file and on
 * PostgreSQL alike: each answers a clear 4xx, never a 5xx, and stores nothing half-written.
 */

let server: TestServer;
let amsterdam: string;
let admin: string;
let amsterdamId: number;
const HOTEL = 'canal-house-amsterdam';
const LONE = '\ud800';
const REPLACED = '\ufffd';

beforeAll(async () => {
  server = await startServer();
  [amsterdam, admin] = await Promise.all([server.login(AMSTERDAM), server.login(ADMIN)]);
  amsterdamId = userId(server, AMSTERDAM);
});
afterAll(() => server.close());

const messageOf = (body: unknown) => (body as ApiErrorBody).message;

describe('a lone half of a UTF-16 pair ("\\ud800") in a text', () => {
  // Clients send it escaped (JSON.stringify writes `"\\ud800"`); JSON.parse gives the lone half.
  it("is kept as U+FFFD in a guest's form answer (public, no session)", async () => {
    const form = await server.send('POST', '/forms', amsterdam, {
      label: 'Wishes',
      locale: 'en',
      fields: [{ name: 'wishes', label: 'Wishes', type: 'text', required: true }],
    });
    expect(form.status, form.text).toBe(201);
    const { id } = form.body as { id: number };
    const answer = await server.send(
      'POST',
      `/public/${HOTEL}/forms/${id}/submissions`,
      undefined,
      { data: { wishes: `Room ${LONE}12` } },
    );
    expect(answer.status, answer.text).toBe(201);
    const [stored] = await server.data.find('submissions', { formId: id });
    expect(stored?.data).toEqual({ wishes: `Room ${REPLACED}12` });
  });

  it('is kept as U+FFFD in PATCH /users/me, on disk', async () => {
    const answer = await server.send('PATCH', '/users/me', amsterdam, {
      name: `Canal ${LONE}House`,
    });
    expect(answer.status, answer.text).toBe(200);
    expect((await server.data.get('users', amsterdamId))?.name).toBe(`Canal ${REPLACED}House`);
  });

  it('is kept as U+FFFD in a saved view and in an amenity, values and keys alike', async () => {
    const view = await server.send('POST', '/saved-views', amsterdam, {
      list: 'amenities',
      name: `Mine ${LONE}`,
      state: 'pageSize=20',
    });
    expect(view.status, view.text).toBe(201);
    expect((view.body as { name: string }).name).toBe(`Mine ${REPLACED}`);
    const sample = await sampleBody(amenities, {
      server,
      token: amsterdam,
      owner: { id: amsterdamId, locales: ['nl', 'en', 'de'] },
      registry: resources,
    });
    const amenity = await server.send('POST', '/amenities', amsterdam, {
      ...sample,
      name: `Sauna ${LONE}`,
      [`junk${LONE}`]: 1,
    });
    expect(amenity.status, amenity.text).toBe(201);
    const stored = await server.data.get('amenities', (amenity.body as { id: number }).id);
    expect(stored?.name).toBe(`Sauna ${REPLACED}`);
  });
});

describe('a deeply nested JSON body', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('answers 400 at parse time, on a signed-in and on a public route, and stores nothing', async () => {
    const before = await server.data.snapshot();
    for (const [path, token] of [
      ['/users/me', amsterdam],
      [`/public/${HOTEL}/forms/1/submissions`, undefined],
    ] as const) {
      const response = await server.request(path === '/users/me' ? 'PATCH' : 'POST', path, {
        token,
        headers: { 'content-type': 'application/json' },
        body: `{"name": ${nested(4600)}}`,
      });
      const body = await response.json();
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(messageOf(body)).toMatch(/nested too deeply/);
    }
    expect(await server.data.snapshot()).toEqual(before);
  });

  it('still takes a body nested as deep as a real one (a form with panels and columns)', async () => {
    const answer = await server.send('PATCH', '/users/me', amsterdam, {
      name: 'Canal House',
      junk: JSON.parse(nested(20)),
    });
    expect(answer.status, answer.text).toBe(200);
  });
});

describe('?format= names only the formats the server declares', () => {
  it.each(['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'nope'])(
    '%s: 400 Unknown format',
    async (format) => {
      const [form] = await server.data.find('forms', { ownerId: amsterdamId });
      const answer = await server.send('GET', `/forms/${form!.id}?format=${format}`, amsterdam);
      expect(answer.status, answer.text).toBe(400);
      expect(messageOf(answer.body)).toBe(`Unknown format "${format}"`);
    },
  );

  it('still answers a declared one (formio)', async () => {
    const [form] = await server.data.find('forms', { ownerId: amsterdamId });
    const answer = await server.send('GET', `/forms/${form!.id}?format=formio`, amsterdam);
    expect(answer.status, answer.text).toBe(200);
  });
});

describe('days that are not on the calendar', () => {
  it.each(['2026-13-45', '9999-99-99', '2026-00-10', '2026-02-30'])(
    'GET /today?date=%s answers 400',
    async (date) => {
      const answer = await server.send('GET', `/today?date=${date}`, amsterdam);
      expect(answer.status, answer.text).toBe(400);
      expect(messageOf(answer.body)).toBe('date must be a day, as YYYY-MM-DD');
    },
  );

  it('GET /stats?from=2026-02-30 answers 400', async () => {
    const answer = await server.send('GET', '/stats?from=2026-02-30', amsterdam);
    expect(answer.status, answer.text).toBe(400);
  });

  it('GET /today?date=2026-02-28 still answers the day', async () => {
    expect((await server.send('GET', '/today?date=2026-02-28', amsterdam)).status).toBe(200);
  });
});

describe('bulk actions run on at most MAX_BULK_IDS records a call', () => {
  it.each([MAX_BULK_IDS + 1, 1000])('%i ids: 422 under ids, and nothing runs', async (count) => {
    const before = await server.data.snapshot();
    const ids = Array.from({ length: count }, (_, index) => index + 1);
    const answer = await server.send('POST', '/users/bulk/enable', admin, { ids });
    expect(answer.status, answer.text).toBe(422);
    expect((answer.body as ApiErrorBody).errors?.ids).toEqual([
      `At most ${MAX_BULK_IDS} records at once`,
    ]);
    expect(await server.data.snapshot()).toEqual(before);
  });

  it(`${MAX_BULK_IDS} ids still run`, async () => {
    const ids = Array.from({ length: MAX_BULK_IDS }, (_, index) => index + 1);
    const answer = await server.send('POST', '/users/bulk/enable', admin, { ids });
    expect(answer.status, answer.text).toBe(200);
  });
});
