import express from 'express';
import jsonServer from 'json-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'node:querystring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery, runQuery, withoutPaging } from '../../mock-server/store/query';

import { CASES, dataset, type Item } from './queryCases';

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const app = express();
  app.set('query parser', 'simple'); // as mock-server/app.ts
  // json-server keeps a plain object in its own in-memory lowdb (nothing is written).
  app.use(jsonServer.router({ items: structuredClone(dataset) }));
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
        { key: 'a.b_gte', field: 'a.b', path: ['a', 'b'], op: 'gte', values: ['1'] },
        { key: 'c', field: 'c', path: ['c'], op: 'eq', values: ['x', 'y'] },
        { key: 'd_ne', field: 'd', path: ['d'], op: 'ne', values: ['z'] },
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
