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

/** Expected stats computed straight from the stored visits (days from–to, inclusive). */
async function expected(ownerId?: number, from = '', to = '9999'): Promise<VisitStats> {
  const perDay = new Map<string, number>();
  for (const visit of await storedVisits()) {
    if (ownerId !== undefined && visit.ownerId !== ownerId) continue;
    if (visit.date < from || visit.date > to) continue;
    perDay.set(visit.date, (perDay.get(visit.date) ?? 0) + visit.visitors);
  }
  const daily = [...perDay.keys()].sort().map((date) => ({ date, visitors: perDay.get(date)! }));
  return { totalVisitors: daily.reduce((sum, day) => sum + day.visitors, 0), daily };
}

/** The hotels ranked by their stored visits in from–to, with their company names. */
async function expectedTop(count: number, from = '', to = '9999') {
  const perHotel = new Map<number, number>();
  for (const visit of await storedVisits()) {
    if (visit.date < from || visit.date > to) continue;
    perHotel.set(visit.ownerId, (perHotel.get(visit.ownerId) ?? 0) + visit.visitors);
  }
  const users = await server.data.all('users');
  return [...perHotel]
    .sort(([a, x], [b, y]) => y - x || a - b)
    .slice(0, count)
    .map(([id, visitors]) => ({
      id,
      name: String(users.find((user) => user.id === id)?.company),
      visitors,
    }));
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
      const { topHotels, ...result } = await stats(await server.login(email));
      expect(result).toEqual(await expected());
      expect(topHotels).toEqual(await expectedTop(5));
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

  it('sums a date range, per day and per hotel, as the stored visits say', async () => {
    const days = [...new Set((await storedVisits()).map((visit) => visit.date))].sort();
    const [from, to] = [days[10]!, days[39]!];
    const admin = await server.login(ADMIN);
    const { topHotels, ...all } = await stats(admin, `?from=${from}&to=${to}&top=3`);
    expect(all).toEqual(await expected(undefined, from, to));
    expect(all.daily).toHaveLength(30);
    expect(all.daily[0]!.date).toBe(from);
    expect(all.daily[29]!.date).toBe(to);
    expect(topHotels).toEqual(await expectedTop(3, from, to));
    expect(topHotels).toHaveLength(3);
    expect(topHotels![0]!.visitors).toBeGreaterThanOrEqual(topHotels![2]!.visitors);

    // One hotel, picked by an administrator: its figures only, and no ranking.
    const berlin = userId(server, BERLIN);
    const one = await stats(admin, `?ownerId=${berlin}&from=${from}&to=${to}`);
    expect(one).toEqual(await expected(berlin, from, to));

    // A hotel: its own range, whatever ownerId it names, and never the ranking.
    const amsterdam = await stats(
      await server.login(AMSTERDAM),
      `?ownerId=${berlin}&from=${from}&to=${to}`,
    );
    expect(amsterdam).toEqual(await expected(userId(server, AMSTERDAM), from, to));
    expect(amsterdam.topHotels).toBeUndefined();

    for (const query of ['?from=2026-1-1', '?to=yesterday', `?from=${to}&to=${from}`, '?top=x']) {
      const refused = await server.request('GET', `/stats${query}`, { token: admin });
      expect(refused.status, query).toBe(400);
    }
  });
});
