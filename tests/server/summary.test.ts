import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, AMSTERDAM, BERLIN, startServer, userId, type TestServer } from './helpers';

type Row = Record<string, unknown> & {
  id: number;
  ownerId: number;
  total: number;
  status: string;
  createdAt: string;
};

let server: TestServer;
let operator: string;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  [operator, admin] = await Promise.all([server.login(AMSTERDAM), server.login(ADMIN)]);
});
afterAll(() => server.close());

const get = async (path: string, token?: string) => {
  const response = await server.request('GET', path, { token });
  return {
    status: response.status,
    total: response.headers.get('x-total-count'),
    body: (await response.json()) as unknown,
  };
};
const revenue = (rows: Row[]) =>
  rows
    .filter((row) => row.status !== 'refunded' && row.status !== 'void')
    .reduce((sum, row) => sum + row.total, 0);
const transactions = async () => (await server.data.all('pos-transactions')) as Row[];

describe('GET /pos-transactions/summary', () => {
  it('counts and sums exactly what the same list query selects, within the tenant', async () => {
    const amsterdam = userId(server, AMSTERDAM);
    const stored = await transactions();
    const day = stored.find((row) => row.ownerId === amsterdam)!.createdAt.slice(0, 10);
    const query = `createdAt_gte=${day}T00:00:00.000Z&createdAt_lte=${day}T23:59:59.999Z`;
    const expected = stored.filter(
      (row) => row.ownerId === amsterdam && row.createdAt.startsWith(day),
    );
    const list = await get(`/pos-transactions?${query}&_start=0&_end=5`, operator);
    const summary = await get(`/pos-transactions/summary?${query}`, operator);
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({ count: expected.length, sums: { total: revenue(expected) } });
    expect(Number(list.total)).toBe(expected.length);
  });

  it('leaves refunded and void sales out of the revenue, not out of the count', async () => {
    const amsterdam = userId(server, AMSTERDAM);
    const own = (await transactions()).filter((row) => row.ownerId === amsterdam);
    expect(own.some((row) => row.status === 'refunded')).toBe(true);
    const summary = await get('/pos-transactions/summary', operator);
    expect(summary.body).toEqual({ count: own.length, sums: { total: revenue(own) } });
    const refunded = await get('/pos-transactions/summary?status=refunded', operator);
    expect(refunded.body).toMatchObject({
      count: own.filter((row) => row.status === 'refunded').length,
      sums: { total: 0 },
    });
  });

  it("never counts another hotel's sales for an operator, whatever ownerId the query names", async () => {
    const berlin = userId(server, BERLIN);
    const amsterdam = userId(server, AMSTERDAM);
    const stored = await transactions();
    const summary = await get(`/pos-transactions/summary?ownerId=${berlin}`, operator);
    expect(summary.body).toMatchObject({
      count: stored.filter((row) => row.ownerId === amsterdam).length,
    });
    const forAdmin = await get(`/pos-transactions/summary?ownerId=${berlin}`, admin);
    expect(forAdmin.body).toMatchObject({
      count: stored.filter((row) => row.ownerId === berlin).length,
    });
  });

  it('needs a signed-in user', async () => {
    expect((await get('/pos-transactions/summary')).status).toBe(401);
  });
});
