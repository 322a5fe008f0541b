import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, AMSTERDAM, startServer, type TestServer } from './helpers';

/**
 * Issue 36, point 2: list query input is parsed and typed once, from the declarations, before a
 * store sees it. Input that cannot be of its field's type answers the same 400 on every store,
 * naming the parameter; a text comparison with any text is a comparison (200), never a 500.
 */

let server: TestServer;
let operator: string;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  [operator, admin] = await Promise.all([server.login(AMSTERDAM), server.login(ADMIN)]);
});
afterAll(async () => {
  await server.close();
});

type Row = Record<string, unknown>;
const ids = (rows: unknown) => (rows as Row[]).map((row) => row.id);

describe('bad list query input answers 400 with the parameter named', () => {
  const CASES: [url: string, parameter: string, says: string][] = [
    ['/amenities?id_gte=0.5', 'id_gte', 'id_gte must be a whole number'],
    ['/amenities?id_gte=Infinity', 'id_gte', 'id_gte must be a whole number'],
    ['/amenities?id=1e%2B21', 'id', 'id must be a whole number'],
    ['/amenities?id=3&id=x', 'id', 'id must be a whole number'],
    ['/amenities?ownerId_ne=x', 'ownerId_ne', 'ownerId_ne must be a whole number'],
    ['/amenities?categoryId_lte=99999999999999999999', 'categoryId_lte', 'must be a whole number'],
    ['/pos-products?price_gte=abc', 'price_gte', 'price_gte must be a valid number'],
    ['/pos-products?price=1,5', 'price', 'price must be a valid number'],
    ['/amenities?active=yes', 'active', 'active must be true or false'],
    ['/amenities?active_gte=true', 'active_gte', 'active_gte cannot be compared as a range'],
    ['/pages?_sort=title.%22', '_sort', 'title." is not a field path'],
    ['/pages?_sort=title.a%00b', '_sort', 'is not a field path'],
    ['/pages?title.=x', 'title.', 'title. is not a field path'],
    ['/pages?title.length_gte=3', 'title.length_gte', 'is not a field path'],
    ['/forms?fields..name=x', 'fields..name', 'fields..name is not a field path'],
    ['/amenities?ownerId[]=4', 'ownerId[]', 'ownerId[] is not a field path'],
    ['/amenities?_page=100000000000000000000', '_page', '_page must be at most'],
    [
      '/amenities?_start=99999999999999999&_end=100000000000000000',
      '_start',
      '_start must be at most',
    ],
    ['/amenities?name=a%00b', 'name', 'name is not valid'],
  ];

  it.each(CASES)('%s', async (url, parameter, says) => {
    for (const token of [operator, admin]) {
      const answer = await server.send('GET', url, token);
      expect(answer.status, url).toBe(400);
      const body = answer.body as Row & { errors: Record<string, string[]> };
      expect(body).toMatchObject({
        message: `Invalid query parameter "${parameter}"`,
        statusCode: 400,
        code: 'apiErrors.invalidQuery',
      });
      expect(Object.keys(body.errors)).toEqual([parameter]);
      expect(body.errors[parameter]![0]).toContain(says);
    }
  });

  it('answers in the API error shape, coded for the dashboard (docs/api.md)', async () => {
    const answer = await server.send('GET', '/amenities?id_gte=0.5', operator);
    expect(answer.body).toEqual({
      message: 'Invalid query parameter "id_gte"',
      statusCode: 400,
      code: 'apiErrors.invalidQuery',
      values: { name: 'id_gte' },
      errors: { id_gte: ['id_gte must be a whole number'] },
      errorCodes: { id_gte: [{ code: 'validation.integer', values: { field: 'id_gte' } }] },
    });
  });

  it('the count and sums of a list (pos-transactions/summary) take the same query', async () => {
    for (const query of [
      'total_gte=abc',
      'id_gte=0.5',
      'stayId=1e%2B21',
      'number.x=1',
      '_sort=number.%22',
      '_page=100000000000000000000',
    ]) {
      const list = await server.send('GET', `/pos-transactions?${query}`, operator);
      expect(list.status, query).toBe(400);
      expect(list.body, query).toMatchObject({ code: 'apiErrors.invalidQuery' });
      const summary = await server.send('GET', `/pos-transactions/summary?${query}`, operator);
      expect(summary.status, query).toBe(400);
      expect(summary.body, query).toEqual(list.body);
    }
  });
});

describe('a text field compared with any text is a text comparison', () => {
  it('stays?room_gte=200 selects the rooms from "200" on, as text', async () => {
    const all = await server.send('GET', '/stays?_sort=id', operator);
    const rooms = (all.body as Row[]).filter((row) => String(row.room) >= '200');
    expect(rooms.length).toBeGreaterThan(0);
    expect(rooms.length).toBeLessThan((all.body as Row[]).length);
    const answer = await server.send('GET', '/stays?room_gte=200&_sort=id', operator);
    expect(answer.status).toBe(200);
    expect(ids(answer.body)).toEqual(ids(rooms));
    expect(answer.headers.get('x-total-count')).toBe(String(rooms.length));
  });

  it('an empty value is no filter, as the dashboard sends a cleared one (date_lte=, categoryId=)', async () => {
    for (const [path, empty] of [
      ['/bookings', 'date_lte='],
      ['/amenities', 'categoryId='],
      ['/amenities', 'active=&id_gte='],
      ['/pos-products', 'price_gte='],
    ]) {
      const all = await server.send('GET', `${path}?_sort=id`, operator);
      const answer = await server.send('GET', `${path}?${empty}&_sort=id`, operator);
      expect(answer.status, empty).toBe(200);
      expect((all.body as Row[]).length, path).toBeGreaterThan(0);
      expect(ids(answer.body), empty).toEqual(ids(all.body));
    }
  });

  it('audit?at_gte=0 selects every entry (every moment is after "0" as text)', async () => {
    const all = await server.send('GET', '/audit?_limit=1', admin);
    const answer = await server.send('GET', '/audit?at_gte=0&_limit=1', admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-total-count')).toBe(all.headers.get('x-total-count'));
  });

  it('a whole number is read as one: id=0003 finds record 3, id_gte=2&id_lte=%2B3 from 2 to 3', async () => {
    const all = (await server.send('GET', '/amenities?_sort=id', operator)).body as Row[];
    const [first, second] = all;
    const one = await server.send('GET', `/amenities?id=000${String(first!.id)}`, operator);
    expect(one.status).toBe(200);
    expect(ids(one.body)).toEqual([first!.id]);
    const range = await server.send(
      'GET',
      `/amenities?id_gte=${String(first!.id)}&id_lte=%2B${String(second!.id)}&_sort=id`,
      operator,
    );
    expect(ids(range.body)).toEqual([first!.id, second!.id]);
  });

  it('a nested path of a structured field filters and sorts (coordinates.lat)', async () => {
    const answer = await server.send(
      'GET',
      '/amenities?coordinates.lat_gte=-90&_sort=coordinates.lat,id',
      operator,
    );
    expect(answer.status).toBe(200);
    const lats = (answer.body as { coordinates: { lat: number } }[]).map(
      (row) => row.coordinates.lat,
    );
    expect(lats.length).toBeGreaterThan(0);
    expect(lats).toEqual([...lats].sort((a, b) => a - b));
  });
});
