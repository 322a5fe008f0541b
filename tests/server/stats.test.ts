import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visit } from '../../mock-server/store/types';
import type { VisitStats } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  SUPERADMIN,
  startServer,
  userId,
  type TestServer,
} from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const stats = async (token: string, query = '') => {
  const response = await server.request('GET', `/stats${query}`, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as VisitStats;
};

const storedVisits = async () => (await server.data.all('visits')) as unknown as Visit[];

/** Expected stats computed straight from the stored visits. */
async function expected(ownerId?: number): Promise<VisitStats> {
  const perDay = new Map<string, number>();
  for (const visit of await storedVisits()) {
    if (ownerId !== undefined && visit.ownerId !== ownerId) continue;
    perDay.set(visit.date, (perDay.get(visit.date) ?? 0) + visit.visitors);
  }
  const daily = [...perDay.keys()].sort().map((date) => ({ date, visitors: perDay.get(date)! }));
  return { totalVisitors: daily.reduce((sum, day) => sum + day.visitors, 0), daily };
}

describe('GET /stats', () => {
  it('gives an operator the sum of their own visits, oldest day first', async () => {
    const token = await server.login(AMSTERDAM);
    const result = await stats(token);
    expect(result).toEqual(await expected(userId(server, AMSTERDAM)));
    expect(result.daily).toHaveLength(90);
    expect(result.daily[0].date < result.daily[89].date).toBe(true);
    expect(result.daily[89].date).toBe(new Date().toISOString().slice(0, 10));
    // ownerId is ignored for operators.
    expect(await stats(token, `?ownerId=${userId(server, BERLIN)}`)).toEqual(result);
  });

  it('gives admins all tenants summed per day', async () => {
    for (const email of [ADMIN, SUPERADMIN]) {
      const result = await stats(await server.login(email));
      expect(result).toEqual(await expected());
      expect(result.daily).toHaveLength(90);
      expect(result.totalVisitors).toBe(
        (await storedVisits()).reduce((sum, visit) => sum + visit.visitors, 0),
      );
    }
  });

  it('lets admins pick one tenant with ownerId', async () => {
    const token = await server.login(ADMIN);
    expect(await stats(token, `?ownerId=${userId(server, BERLIN)}`)).toEqual(
      await expected(userId(server, BERLIN)),
    );
    const bad = await server.request('GET', '/stats?ownerId=abc', { token });
    expect(bad.status).toBe(400);
  });
});
