import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../src/i18n';
import {
  dataProvider,
  generateFilter,
  listAddress,
  stringify,
} from '../../src/providers/dataProvider';
import { fetchEarly } from '../../src/providers/http';
import { clearToken, setToken } from '../../src/providers/session';
import { installFakeApi } from './fakeApi';

const api = installFakeApi();
const provider = dataProvider('/api');
const urls = () => api.received.map((request) => request.url);

beforeAll(async () => {
  await initI18n();
  setToken('t0ken');
});
beforeEach(() => {
  api.reset();
  api.answer(() => ({ status: 200, data: [] }));
});
afterAll(() => {
  api.uninstall();
  clearToken();
});

describe('the query string (as simple-rest wrote it)', () => {
  it('sorts the keys, repeats array keys, writes null as a bare key and leaves undefined out', () => {
    expect(stringify({ b: 2, a: [1, 'x y'], c: null, d: undefined, e: '' })).toBe(
      'a=1&a=x%20y&b=2&c&e=',
    );
  });

  it("escapes what encodeURIComponent leaves: !'()*", () => {
    expect(stringify({ q: "it's (a)*!" })).toBe('q=it%27s%20%28a%29%2A%21');
  });

  it('maps operators to json-server suffixes, q as it is', () => {
    expect(
      generateFilter([
        { field: 'city', operator: 'eq', value: 'Berlin' },
        { field: 'status', operator: 'ne', value: 'void' },
        { field: 'price', operator: 'gte', value: 10 },
        { field: 'price', operator: 'lte', value: 90 },
        { field: 'name', operator: 'contains', value: 'spa' },
        { field: 'q', operator: 'contains', value: 'pool' },
        { field: 'id', operator: 'in', value: [1, 2] },
      ]),
    ).toEqual({
      city: 'Berlin',
      status_ne: 'void',
      price_gte: 10,
      price_lte: 90,
      name_like: 'spa',
      q: 'pool',
      id: [1, 2],
    });
  });

  it('refuses or/and filters, which the API cannot express', () => {
    expect(() =>
      generateFilter([{ operator: 'or', value: [{ field: 'a', operator: 'eq', value: 1 }] }]),
    ).toThrow(/or/);
  });
});

describe('getList', () => {
  it('asks for a page, sorted and filtered, and reads the total from X-Total-Count', async () => {
    api.answer(() => ({
      status: 200,
      data: [{ id: 21 }, { id: 22 }],
      headers: { 'X-Total-Count': '42' },
    }));
    const result = await provider.getList({
      resource: 'amenities',
      pagination: { currentPage: 3, pageSize: 10 },
      sorters: [
        { field: 'position', order: 'asc' },
        { field: 'name', order: 'desc' },
      ],
      filters: [
        { field: 'locale', operator: 'eq', value: 'de' },
        { field: 'q', operator: 'eq', value: 'spa & pool' },
        { field: 'createdAt', operator: 'gte', value: '2026-01-01' },
      ],
    });
    expect(result).toEqual({ data: [{ id: 21 }, { id: 22 }], total: 42 });
    expect(urls()).toEqual([
      '/api/amenities?_end=30&_order=asc%2Cdesc&_sort=position%2Cname&_start=20' +
        '&createdAt_gte=2026-01-01&locale=de&q=spa%20%26%20pool',
    ]);
    expect(api.received[0]!.headers.Authorization).toBe('Bearer t0ken');
  });

  it('defaults to the first page of 10; without paging it asks for everything', async () => {
    api.answer(() => ({ status: 200, data: [{ id: 1 }, { id: 2 }, { id: 3 }] }));
    await provider.getList({ resource: 'users' });
    const all = await provider.getList({ resource: 'users', pagination: { mode: 'off' } });
    expect(urls()).toEqual(['/api/users?_end=10&_start=0', '/api/users']);
    // Without X-Total-Count the total is what was answered.
    expect(all.total).toBe(3);
  });

  it('takes a first page asked for early instead of asking again', async () => {
    api.answer(() => ({ status: 200, data: [{ id: 1 }], headers: { 'X-Total-Count': '11' } }));
    const params = { resource: 'amenities', pagination: { currentPage: 2, pageSize: 10 } };
    fetchEarly(listAddress('/api', params));
    expect(await provider.getList(params)).toEqual({ data: [{ id: 1 }], total: 11 });
    expect(urls()).toEqual(['/api/amenities?_end=20&_start=10']);
  });

  it('without a session sends nothing and rejects as expired', async () => {
    clearToken();
    try {
      await expect(provider.getList({ resource: 'amenities' })).rejects.toMatchObject({
        statusCode: 401,
      });
      expect(urls()).toEqual([]);
    } finally {
      setToken('t0ken');
    }
  });

  it('sends meta.headers and meta.method', async () => {
    await provider.getList({
      resource: 'visits',
      pagination: { mode: 'off' },
      meta: { headers: { 'X-Trace': 'abc' }, method: 'head' },
    });
    expect(api.received[0]).toMatchObject({ method: 'HEAD', url: '/api/visits' });
    expect(api.received[0]!.headers['X-Trace']).toBe('abc');
  });
});

describe('one record and many', () => {
  it('getMany repeats id, getOne reads /:id', async () => {
    api.answer((request) => ({
      status: 200,
      data: request.url.endsWith('/7') ? { id: 7 } : [{ id: 1 }, { id: 2 }],
    }));
    expect(await provider.getMany({ resource: 'users', ids: [2, 1] })).toEqual({
      data: [{ id: 1 }, { id: 2 }],
    });
    expect(await provider.getOne({ resource: 'users', id: 7 })).toEqual({ data: { id: 7 } });
    expect(urls()).toEqual(['/api/users?id=2&id=1', '/api/users/7']);
  });

  it('create POSTs, update PATCHes and deleteOne DELETEs, with JSON bodies', async () => {
    api.answer((request) => ({ status: request.method === 'DELETE' ? 204 : 200, data: { id: 5 } }));
    const created = await provider.create({ resource: 'amenities', variables: { name: 'Spa' } });
    await provider.update({ resource: 'amenities', id: 5, variables: { name: 'Pool' } });
    await provider.deleteOne({ resource: 'amenities', id: 5 });
    expect(created).toEqual({ data: { id: 5 } });
    expect(api.received.map(({ method, url, json }) => ({ method, url, json }))).toEqual([
      { method: 'POST', url: '/api/amenities', json: { name: 'Spa' } },
      { method: 'PATCH', url: '/api/amenities/5', json: { name: 'Pool' } },
      { method: 'DELETE', url: '/api/amenities/5', json: undefined },
    ]);
  });

  it('a write with meta.ifMatch sends the version as If-Match; one without sends none', async () => {
    api.answer((request) => ({ status: request.method === 'DELETE' ? 204 : 200, data: { id: 5 } }));
    await provider.update({
      resource: 'amenities',
      id: 5,
      variables: { name: 'Pool' },
      meta: { ifMatch: 3, headers: { 'X-Other': 'kept' } },
    });
    await provider.deleteOne({ resource: 'amenities', id: 5, meta: { ifMatch: 4 } });
    await provider.update({ resource: 'amenities', id: 5, variables: { name: 'Spa' } });
    const sent = api.received.map(({ headers }) => ({
      ifMatch: headers['If-Match'],
      other: headers['X-Other'],
    }));
    expect(sent).toEqual([
      { ifMatch: '"3"', other: 'kept' },
      { ifMatch: '"4"', other: undefined },
      { ifMatch: undefined, other: undefined },
    ]);
  });

  it('rejects with the server’s error and its field errors (for the form)', async () => {
    const body = { message: 'Check the fields', statusCode: 422, errors: { name: ['Required'] } };
    api.answer(() => ({ status: 422, data: body }));
    await expect(
      provider.update({ resource: 'amenities', id: 5, variables: { name: '' } }),
    ).rejects.toEqual(body);
  });

  it('rejects a failed read with its status and the generic text', async () => {
    api.answer(() => ({ status: 502, data: '<html>Bad gateway</html>' }));
    await expect(provider.getOne({ resource: 'amenities', id: 5 })).rejects.toEqual({
      message: 'Something went wrong',
      statusCode: 502,
    });
  });
});

describe('custom', () => {
  it('a GET carries its sorters, filters and query in the address', async () => {
    api.answer(() => ({ status: 200, data: { count: 3, sums: {} } }));
    const result = await provider.custom({
      url: '/api/bookings/summary',
      method: 'get',
      sorters: [{ field: 'date', order: 'desc' }],
      filters: [{ field: 'status', operator: 'eq', value: 'booked' }],
      query: { ownerId: 4 },
    });
    await provider.custom({ url: '/api/stats', method: 'get' });
    expect(result).toEqual({ data: { count: 3, sums: {} } });
    expect(urls()).toEqual([
      '/api/bookings/summary?_order=desc&_sort=date&status=booked&ownerId=4',
      '/api/stats',
    ]);
  });

  it('a POST sends its payload and headers to the bare url', async () => {
    api.answer(() => ({ status: 200, data: { ok: true } }));
    await provider.custom({
      url: '/api/amenities/reorder',
      method: 'post',
      payload: { ids: [3, 1] },
      headers: { 'X-Trace': 'abc' },
    });
    expect(api.received[0]).toMatchObject({
      method: 'POST',
      url: '/api/amenities/reorder',
      json: { ids: [3, 1] },
    });
    expect(api.received[0]!.headers['X-Trace']).toBe('abc');
  });
});

describe('a read the API did not answer (issue 37, point 13)', () => {
  const dropped = {
    status: 502,
    data: { statusCode: 502, message: 'The API could not be reached' },
  };

  it('is tried again: a dropped process answers 502 at the proxy, the next try another process', async () => {
    let calls = 0;
    api.answer(() => (++calls < 3 ? dropped : { status: 200, data: [{ id: 1 }] }));
    const list = await provider.getList({ resource: 'pages' });
    expect(list.data).toEqual([{ id: 1 }]);
    expect(api.received.map((request) => request.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('a bounded number of times, then fails with the answer', async () => {
    api.answer(() => dropped);
    await expect(provider.getOne({ resource: 'pages', id: 1 })).rejects.toMatchObject({
      statusCode: 502,
    });
    expect(api.received).toHaveLength(3);
  });

  it('never repeats a write, nor a read the API refused', async () => {
    api.answer(() => dropped);
    await expect(
      provider.create({ resource: 'pages', variables: { title: 'x' } }),
    ).rejects.toMatchObject({ statusCode: 502 });
    expect(api.received).toHaveLength(1);
    api.reset();
    api.answer(() => ({ status: 500, data: { statusCode: 500, message: 'Broken' } }));
    await expect(provider.getOne({ resource: 'pages', id: 1 })).rejects.toMatchObject({
      statusCode: 500,
    });
    expect(api.received).toHaveLength(1);
  });
});
