import express from 'express';
import jsonServer from 'json-server';
import low from 'lowdb';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'node:querystring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery, runQuery, withoutPaging } from '../../mock-server/store/query';

type Item = Record<string, unknown>;

const CITIES = ['Berlin', 'Paris', 'Amsterdam', 'madrid', 'Zürich', 'Berlin-Mitte'];
const NAMES = ['Alpha', 'beta', 'Gamma', 'Delta', 'Bernard', 'Parisa', 'zeta'];
const CODES: unknown[] = ['007', 7, '10', 10, 'A1', true, 9, '9'];
const TAGS: unknown[][] = [['vip'], ['a', 'b'], [], ['late', 'vip'], [1, 2], ['b']];

/** 40 records of mixed shapes: numbers vs numeric strings, nulls, missing keys, nesting, arrays. */
function makeItem(i: number): Item {
  const id = i + 1;
  const item: Item = { id };
  if (i % 7 !== 3) item.name = `${NAMES[i % NAMES.length]} ${id}`;
  item.city = i % 9 === 0 ? null : CITIES[i % CITIES.length];
  if (i % 5 !== 0) {
    item.price = i % 4 === 0 ? String(40 + i * 7) : i % 6 === 1 ? null : 40 + i * 7;
  }
  if (i % 3 !== 2) item.active = i % 2 === 0;
  item.rating = Math.round(((i * 37) % 50) + 1) / 10;
  if (i % 8 !== 7) item.code = CODES[i % CODES.length];
  if (i % 6 === 5) item.coordinates = null;
  else if (i % 6 !== 4) item.coordinates = { lat: 40 + ((i * 13) % 150) / 10, lng: -3 + (i % 11) };
  if (i % 4 !== 3) item.tags = TAGS[i % TAGS.length];
  item.createdAt = new Date(Date.UTC(2024, i % 6, 1 + ((i * 5) % 28), i % 24)).toISOString();
  if (i % 5 === 1) item.owner = null;
  else if (i % 5 !== 4) {
    item.owner = {
      name: `Owner ${i % 4}`,
      contact: { email: `o${i % 4}@example.com`, phone: i * 101 },
    };
  }
  item.note = i === 12 ? 'x marks' : null;
  if (i % 10 === 0) item.count = 0;
  else if (i % 10 === 5) item.count = i * 2;
  return item;
}

const dataset: Item[] = [
  ...Array.from({ length: 37 }, (_, i) => makeItem(i)),
  // Hand-made edge shapes.
  { id: 38, name: 'Only a name' },
  {
    id: 39,
    name: 'String lat',
    coordinates: { lat: '52.5', lng: '13.4' },
    price: 'n/a',
    active: 'yes',
  },
  { id: 40, city: 'Paris', price: 120, code: '10', tags: ['vip', 'a'], createdAt: '2024-02-15' },
];

/** Differential cases: json-server's router is the oracle for each query string. */
const CASES = [
  '',
  'city=Berlin',
  'city=Berlin&city=Paris',
  'city=berlin',
  'active=true',
  'active=false',
  'active=yes',
  'price=120',
  'price=null',
  'price_ne=120',
  'price_ne=120&price_ne=208',
  'city_ne=Berlin&city_ne=Paris',
  'active_ne=true',
  'price_gte=100',
  'price_lte=100',
  'price_gte=100&price_lte=200',
  'price_gte=abc',
  'price_lte=2',
  'price_gte=100&price_gte=300',
  'code_gte=10',
  'code_lte=07',
  'code=7',
  'code=true',
  'id=3&id=7&id=40',
  'id_gte=35',
  'id_lte=9',
  'rating_gte=4.5',
  'createdAt_gte=2024-03-01',
  'createdAt_lte=2024-02-15T00:00:00Z',
  'name_like=^a',
  'name_like=ber|par',
  'city_like=e&city_like=^P',
  'name_like=\\d$',
  'coordinates.lat_gte=50',
  'coordinates.lat_lte=48.9&coordinates.lng_gte=2',
  'coordinates.lat=52.5',
  'coordinates=%5Bobject%20Object%5D',
  'owner.contact.email_like=o1@',
  'owner.contact.phone_gte=2000',
  'tags=a,b',
  'tags_like=vip',
  'tags.0=vip',
  'note_ne=x',
  'missing=1',
  'missing.deep=1',
  'missing_ne=1',
  'missing_like=a',
  'missing_gte=0',
  'q=berlin',
  'q=52',
  'q=TRUE',
  'q=0',
  'q=false',
  'q=example.com',
  'q=vip&q=zzz',
  'q=&q=berlin',
  'q=',
  '_sort=price',
  '_sort=price&_order=desc',
  '_sort=city,price&_order=asc,desc',
  '_sort=active,rating&_order=DESC',
  '_sort=coordinates.lat&_order=desc',
  '_sort=code',
  '_sort=name,id&_order=desc,desc',
  '_sort=missing',
  '_order=desc',
  '_start=5&_end=10',
  '_end=3',
  '_end=',
  '_end=abc',
  '_start=-5&_end=-1',
  '_start=5&_limit=4',
  '_limit=5',
  '_limit=0',
  '_start=3',
  '_start=2&_end=5&_limit=1',
  '_page=2',
  '_page=2&_limit=7',
  '_page=0&_limit=5',
  '_page=abc',
  '_page=99',
  '_page=2&_end=3',
  '_page=1&_limit=0',
  'city=Berlin&active=true&_sort=price&_order=desc&_page=1&_limit=2',
  'q=a&price_gte=50&_sort=name&_start=1&_limit=3',
  'city=Berlin&_sort=name&_order=desc',
  '_sort=price&_order=desc&_page=2&_limit=5',
  'missing=1&city=Paris&_sort=id&_order=desc&_end=2',
];

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const state = { items: structuredClone(dataset) };
  const app = express();
  app.set('query parser', 'simple'); // as mock-server/app.ts
  app.use(jsonServer.router(low({ read: () => state, write: () => undefined })));
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

describe('runQuery matches json-server 0.17.4', () => {
  it.each(CASES)('?%s', async (qs) => {
    const response = await fetch(`${baseUrl}/items?${qs}`);
    expect(response.status).toBe(200);
    const expected = (await response.json()) as Item[];
    const header = response.headers.get('x-total-count');

    const result = runQuery(dataset, parseQuery(parse(qs)));
    expect(result.rows).toEqual(expected);
    expect(result.paged).toBe(header !== null);
    if (header !== null) expect(result.total).toBe(Number(header));
  });

  it('covers a meaningful spread of results', async () => {
    // Guards the table itself: most cases must select something, and not always everything.
    const sizes = CASES.map((qs) => runQuery(dataset, parseQuery(parse(qs))).total);
    expect(sizes.filter((size) => size > 0 && size < dataset.length).length).toBeGreaterThan(30);
  });
});

describe('parseQuery', () => {
  it('turns a query into data', () => {
    expect(
      parseQuery(
        parse('a.b_gte=1&c=x&c=y&d_ne=z&q=BeR&_sort=a,b&_order=DESC&_page=2&callback=f&_=1&_x=2'),
      ),
    ).toEqual({
      filters: [
        { key: 'a.b_gte', field: 'a.b', op: 'gte', values: ['1'] },
        { key: 'c', field: 'c', op: 'eq', values: ['x', 'y'] },
        { key: 'd_ne', field: 'd', op: 'ne', values: ['z'] },
      ],
      q: 'ber',
      sort: [
        { field: 'a', order: 'desc' },
        { field: 'b', order: 'asc' },
      ],
      page: 2,
      limit: 10,
    });
  });

  it('ignores `_`-prefixed keys that are not json-server parameters', () => {
    expect(parseQuery(parse('_embed=x&_like=a&_foo_ne=1')).filters).toEqual([]);
  });
});

describe('runQuery options and guarantees', () => {
  const rows = [
    { id: 1, name: 'Berlin', secret: 'paris' },
    { id: 2, name: 'Paris', secret: 'berlin' },
  ];

  it('knownFields: a declared field no record has filters everything out', () => {
    const query = parseQuery({ status: 'open' });
    expect(runQuery(rows, query).rows).toHaveLength(2); // json-server drops the filter
    expect(runQuery(rows, query, { knownFields: new Set(['status']) }).rows).toEqual([]);
    const nested = parseQuery({ 'meta.status': 'open' });
    expect(runQuery(rows, nested, { knownFields: new Set(['meta']) }).rows).toEqual([]);
  });

  it('search: q only looks at the fields it is given', () => {
    const query = parseQuery({ q: 'PARIS' });
    expect(runQuery(rows, query).rows.map((row) => row.id)).toEqual([1, 2]);
    expect(runQuery(rows, query, { search: ['name'] }).rows.map((row) => row.id)).toEqual([2]);
  });

  it('withoutPaging keeps filters, search and sort but counts everything', () => {
    const query = parseQuery(parse('id_gte=1&q=i&_sort=id&_order=desc&_start=1&_limit=1'));
    expect(runQuery(rows, query)).toEqual({ rows: [rows[0]], total: 2, paged: true });
    const all = withoutPaging(query);
    expect(all).toEqual({ filters: query.filters, q: 'i', sort: query.sort });
    expect(runQuery(rows, all)).toEqual({ rows: [rows[1], rows[0]], total: 2, paged: false });
  });

  it('treats an invalid regular expression as a literal instead of throwing', () => {
    const weird = [
      { id: 1, name: 'a(b' },
      { id: 2, name: 'ab' },
    ];
    expect(runQuery(weird, parseQuery({ name_like: 'a(' })).rows).toEqual([weird[0]]);
    expect(() => runQuery(weird, parseQuery({ name_like: ['[', '*', '(?<'] }))).not.toThrow();
  });

  it('returns deep copies of the stored records', () => {
    const stored = [{ id: 1, nested: { tags: ['a'] } }];
    const [copy] = runQuery(stored, parseQuery({})).rows;
    copy.nested.tags.push('b');
    copy.id = 2;
    expect(stored).toEqual([{ id: 1, nested: { tags: ['a'] } }]);
  });
});
