import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMSTERDAM, BERLIN, startServer, STORE_KIND, userId, type TestServer } from './helpers';

// Rules that count, under parallel requests: they hold because a store's transactions behave as
// if they ran one at a time (the JSON file runs them so; PostgreSQL runs them SERIALIZABLE and
// runs a conflicting one again). On PostgreSQL the requests really do run at once, on the
// pool's connections.

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
let amsterdam: string;
let berlin: string;

beforeAll(async () => {
  server = await startServer();
  [amsterdam, berlin] = await Promise.all([server.login(AMSTERDAM), server.login(BERLIN)]);
});
afterAll(async () => {
  await server.close();
});

/** How many of the answers had each status. */
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

describe(`races on the ${STORE_KIND} store`, () => {
  it('50 bookings for a timeslot of 10 places: exactly 10 accepted', async () => {
    const slot = await server.send('POST', '/timeslots', amsterdam, {
      serviceName: 'Sauna race',
      weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      startTime: '06:00',
      endTime: '07:00',
      capacity: 10,
      active: true,
    });
    expect(slot.status).toBe(201);
    const timeslotId = (slot.body as { id: number }).id;
    const date = new Date(server.clock.now() + 3 * DAY).toISOString().slice(0, 10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        server.send('POST', '/bookings', amsterdam, {
          timeslotId,
          date,
          guestName: `Guest ${index}`,
          room: String(100 + index),
          partySize: 1,
          status: 'booked',
        }),
      ),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 10, 409: 40 });
    expect(await server.data.count('bookings', { timeslotId, date })).toBe(10);
  });

  it('50 guest orders of a product with 5 in stock: exactly 5 sold', async () => {
    const amsterdamId = userId(server, AMSTERDAM);
    const [product] = (
      await server.data.find('pos-products', { ownerId: amsterdamId, active: true })
    ).filter((row) => typeof row.stock === 'number');
    expect(product).toBeDefined();
    const set = await server.send('PATCH', `/pos-products/${product!.id}`, amsterdam, { stock: 5 });
    expect(set.status).toBe(200);
    const slug = String((await server.data.get('users', amsterdamId))!.slug);
    const sold = await server.data.count('pos-transactions', { ownerId: amsterdamId });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        server.request('POST', `/public/${slug}/orders`, {
          json: { items: [{ productId: product!.id, quantity: 1 }] },
          // Fifty guests, each from an address of their own (the proxy's header, trusted from loopback).
          headers: { 'X-Forwarded-For': `198.51.100.${index + 1}` },
        }),
      ),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 5, 409: 45 });
    expect((await server.data.get('pos-products', product!.id))!.stock).toBe(0);
    expect(await server.data.count('pos-transactions', { ownerId: amsterdamId })).toBe(sold + 5);
  });

  it('two overlapping notifications posted at once: one stored', async () => {
    const berlinId = userId(server, BERLIN);
    const start = server.clock.now() + 400 * DAY;
    const before = await server.data.count('notifications', { ownerId: berlinId });
    const answers = await Promise.all(
      [0, 1].map((hour) =>
        server.send('POST', '/notifications', berlin, {
          message: `Pool closed ${hour}`,
          startDate: new Date(start + hour * 3_600_000).toISOString(),
          endDate: new Date(start + (hour + 3) * 3_600_000).toISOString(),
        }),
      ),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 1, 409: 1 });
    expect(await server.data.count('notifications', { ownerId: berlinId })).toBe(before + 1);
  });

  it('two pages with the same slug posted at once: one stored', async () => {
    const amsterdamId = userId(server, AMSTERDAM);
    const answers = await Promise.all(
      ['Rooftop', 'ROOFTOP'].map((title) =>
        server.send('POST', '/pages', amsterdam, {
          title,
          slug: 'race-rooftop',
          locale: 'nl',
          type: 'content',
          template: 'rows',
          body: '<p>Open van april tot oktober.</p>',
          published: false,
        }),
      ),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 1, 409: 1 });
    expect(await server.data.count('pages', { ownerId: amsterdamId, slug: 'race-rooftop' })).toBe(
      1,
    );
  });
});
