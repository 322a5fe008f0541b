import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TodaySummary } from '../../src/schema/today';
import { AMSTERDAM, BERLIN, startServer, STORE_KIND, userId, type TestServer } from './helpers';

// GET /today: the operator's overview in one answer, each part within the hotel's own records.

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
let amsterdam: string;
let berlin: string;
let today: string;
let tomorrow: string;

beforeAll(async () => {
  server = await startServer();
  [amsterdam, berlin] = await Promise.all([server.login(AMSTERDAM), server.login(BERLIN)]);
  today = new Date(server.clock.now()).toISOString().slice(0, 10);
  tomorrow = new Date(server.clock.now() + DAY).toISOString().slice(0, 10);
});
afterAll(() => server.close());

const summaryOf = async (token: string, date = today) => {
  const answer = await server.send('GET', `/today?date=${date}`, token);
  expect(answer.status).toBe(200);
  return answer.body as TodaySummary;
};

describe(`GET /today (${STORE_KIND} store)`, () => {
  it("lists the hotel's bookings of today and tomorrow, without cancelled ones, by start time", async () => {
    const own = userId(server, AMSTERDAM);
    const stored = await server.data.find('bookings', {
      ownerId: own,
      date: { in: [today, tomorrow] },
      status: { ne: 'cancelled' },
    });
    expect(stored.length).toBeGreaterThan(0);
    const summary = await summaryOf(amsterdam);
    expect(summary.date).toBe(today);
    const shown = [...summary.bookings!.today, ...summary.bookings!.tomorrow];
    expect(shown.map((row) => row.id).sort()).toEqual(stored.map((row) => row.id).sort());
    for (const row of summary.bookings!.today) {
      const booking = stored.find((candidate) => candidate.id === row.id)!;
      expect(booking.date).toBe(today);
      const slot = (await server.data.get('timeslots', row.timeslotId))!;
      expect(row).toMatchObject({
        service: slot.serviceName,
        startTime: slot.startTime,
        guestName: booking.guestName,
        partySize: booking.partySize,
      });
    }
    const starts = summary.bookings!.today.map((row) => row.startTime);
    expect(starts).toEqual([...starts].sort());
  });

  it('counts the orders waiting for confirmation and shows the oldest', async () => {
    const own = userId(server, AMSTERDAM);
    const pending = await server.data.count('pos-transactions', {
      ownerId: own,
      status: 'pending',
    });
    const summary = await summaryOf(amsterdam);
    expect(summary.pendingOrders!.count).toBe(pending);
    expect(summary.pendingOrders!.items.length).toBe(Math.min(pending, 5));
    for (const item of summary.pendingOrders!.items) {
      expect(await server.data.get('pos-transactions', item.id)).toMatchObject({
        ownerId: own,
        status: 'pending',
      });
    }
  });

  it('shows the notification guests see now, and says when there is none', async () => {
    const own = userId(server, AMSTERDAM);
    for (const notice of await server.data.find('notifications', { ownerId: own })) {
      await server.data.remove('notifications', notice.id);
    }
    expect((await summaryOf(amsterdam)).notification).toEqual({ active: null });
    const start = new Date(server.clock.now() - 60_000).toISOString();
    const end = new Date(server.clock.now() + 2 * 60 * 60 * 1000).toISOString();
    const created = await server.send('POST', '/notifications', amsterdam, {
      message: 'The pool is closed this afternoon',
      startDate: start,
      endDate: end,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    expect((await summaryOf(amsterdam)).notification).toEqual({
      active: { id, message: 'The pool is closed this afternoon', endDate: end },
    });
    // Another hotel does not see it.
    expect((await summaryOf(berlin)).notification!.active?.id).not.toBe(id);
  });

  it("never shows another hotel's records", async () => {
    const own = userId(server, BERLIN);
    const summary = await summaryOf(berlin);
    for (const row of [...summary.bookings!.today, ...summary.bookings!.tomorrow]) {
      expect((await server.data.get('bookings', row.id))!.ownerId).toBe(own);
    }
    for (const item of summary.pendingOrders!.items) {
      expect((await server.data.get('pos-transactions', item.id))!.ownerId).toBe(own);
    }
  });

  it('counts the new guest requests, and one more after a guest submits', async () => {
    const own = userId(server, AMSTERDAM);
    const stored = await server.data.count('submissions', { ownerId: own, status: 'new' });
    expect((await summaryOf(amsterdam)).newRequests).toBe(stored);
    const [form] = await server.data.find('forms', { ownerId: own });
    const slug = String((await server.data.get('users', own))!.slug);
    const fields = (form!.fields ?? []) as {
      name: string;
      type: string;
      required?: boolean;
      options?: { value: string }[];
    }[];
    // An answer each required field takes.
    const sample = (field: (typeof fields)[number]): unknown =>
      ({
        select: field.options?.[0]?.value,
        checkbox: true,
        number: 1,
        date: tomorrow,
        email: 'guest@example.com',
      })[field.type] ?? 'A guest';
    const data = Object.fromEntries(
      fields.filter((field) => field.required).map((field) => [field.name, sample(field)]),
    );
    const sent = await server.request('POST', `/public/${slug}/forms/${form!.id}/submissions`, {
      json: { data },
    });
    expect(sent.status).toBe(201);
    expect((await summaryOf(amsterdam)).newRequests).toBe(stored + 1);
  });

  it('asks for a day as YYYY-MM-DD and a signed-in caller', async () => {
    expect((await server.send('GET', '/today?date=tomorrow', amsterdam)).status).toBe(400);
    expect((await server.send('GET', '/today')).status).toBe(401);
  });
});
