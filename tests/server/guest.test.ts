import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUEST_LIMITS } from '../../mock-server/guest/limits';
import type { RecordRow } from '../../mock-server/store/types';
import type { ApiErrorBody } from '../../src/schema/user';
import { AMSTERDAM, BERLIN, startServer, userId, type Answer, type TestServer } from './helpers';

/**
 * Guest sessions (spec: app connections are the hotel's; here, the guest app): a guest proves a
 * current stay and gets a short-lived token; only then may an order go on the room's bill, and
 * what is made with it is bound to the stay. Guest writes are limited per device and per room.
 */
const AMS = 'canal-house-amsterdam';
const BER = 'spree-loft-berlin';
const MINUTE = 60_000;

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

const send = (method: string, urlPath: string, token?: string, json?: unknown) =>
  server.send(method, urlPath, token, json);
const session = (json: unknown, slug = AMS) =>
  send('POST', `/public/${slug}/guest-session`, undefined, json);
const tokenOf = (answer: Answer) => (answer.body as { guestToken: string }).guestToken;
const stay = (reference: string) => server.data.one('stays', { reference });
/** An active product without stock (unlimited), so many orders never run out. */
const coffee = async (ownerId: number) =>
  (await server.data.find('pos-products', { ownerId, active: true })).find(
    (row) => row.stock === undefined,
  )!;
const order = (json: unknown, token?: string, slug = AMS) =>
  send('POST', `/public/${slug}/orders`, token, json);
const oneCoffee = async () => ({
  items: [{ productId: (await coffee(userId(server, AMSTERDAM))).id, quantity: 1 }],
});

describe('POST /public/:slug/guest-session', () => {
  it('opens a session with the booking reference, or with the room and the surname', async () => {
    const byReference = await session({ reference: '  ams-1001 ' });
    expect(byReference.status, byReference.text).toBe(201);
    expect(byReference.headers.get('access-control-allow-origin')).toBe('*');
    const body = byReference.body as { expiresAt: string; stay: Record<string, unknown> };
    const stored = await stay('AMS-1001');
    expect(body.stay).toEqual({
      room: '204',
      guestName: 'Jansen',
      arrival: stored.arrival,
      departure: stored.departure,
    });
    // It ends with the stay's departure day, and within a day at the most.
    const expires = Date.parse(body.expiresAt);
    expect(expires).toBeLessThanOrEqual(server.clock.now() + 24 * 60 * MINUTE);
    expect(expires).toBeLessThanOrEqual(Date.parse(`${String(stored.departure)}T23:59:59Z`));
    expect(JSON.stringify(body)).not.toContain('ownerId');

    const byRoom = await session({ room: '204', surname: 'JANSEN' });
    expect(byRoom.status).toBe(201);
  });

  it('refuses unknown, past, and other hotels’ stays alike (401)', async () => {
    const past = (await server.data.find('stays', { ownerId: userId(server, AMSTERDAM) })).find(
      (row) => String(row.departure) < new Date(server.clock.now()).toISOString().slice(0, 10),
    )!;
    for (const proof of [
      { reference: 'AMS-9999' },
      { reference: past.reference },
      { reference: 'BER-1001' },
      { room: '204', surname: 'Smith' },
    ]) {
      const answer = await session(proof);
      expect(answer.status, JSON.stringify(proof)).toBe(401);
      expect((answer.body as ApiErrorBody).message).toBe(
        'We could not find a current stay with these details',
      );
    }
    expect((await session({ reference: 'BER-1001' }, BER)).status).toBe(201);
    expect((await session({})).status).toBe(422);
  });

  it('stops a device after 5 wrong tries for 15 minutes, even with the right reference', async () => {
    const { limit, windowMs } = GUEST_LIMITS.failedSessionsPerAddress;
    for (let i = 0; i < limit; i += 1) {
      expect((await session({ room: String(300 + i), surname: 'Guess' })).status).toBe(401);
    }
    const blocked = await session({ reference: 'AMS-1001' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    server.clock.advance(windowMs + 1000);
    expect((await session({ reference: 'AMS-1001' })).status).toBe(201);
  });
});

describe('room charges and bookings with a guest session', () => {
  it('charges the stay’s room, binds the sale to the stay, and never answers the hotel’s id', async () => {
    const token = tokenOf(await session({ reference: 'AMS-1001' }));
    const answer = await order({ ...(await oneCoffee()), room: '999' }, token);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({
      paymentMethod: 'roomCharge',
      status: 'pending',
      room: '204',
      stayId: (await stay('AMS-1001')).id,
    });
    expect(answer.body).not.toHaveProperty('ownerId');
  });

  it('refuses a guest token at another hotel, a forged one and a staff token (401)', async () => {
    const berlin = tokenOf(await session({ reference: 'BER-1001' }, BER));
    const staff = await server.login(AMSTERDAM);
    const amsterdam = tokenOf(await session({ reference: 'AMS-1001' }));
    const forged = `${amsterdam.slice(0, -4)}AAAA`;
    const before = await server.data.count('pos-transactions');
    for (const token of [berlin, forged, staff, 'not-a-token']) {
      const answer = await order({ ...(await oneCoffee()), paymentMethod: 'roomCharge' }, token);
      expect(answer.status).toBe(401);
    }
    expect(await server.data.count('pos-transactions')).toBe(before);
    // Nor does a guest token open the dashboard's API.
    expect((await send('GET', '/amenities', amsterdam)).status).toBe(401);
  });

  it('ends with the stay', async () => {
    const token = tokenOf(await session({ reference: 'AMS-1001' }));
    const departure = Date.parse(`${String((await stay('AMS-1001')).departure)}T00:00:00Z`);
    server.clock.advance(departure + 24 * 60 * MINUTE - server.clock.now() + MINUTE);
    const answer = await order({ ...(await oneCoffee()), paymentMethod: 'roomCharge' }, token);
    expect(answer.status).toBe(401);
    expect((answer.body as ApiErrorBody).message).toBe('Guest session expired');
  });

  it('books in the stay’s name and room', async () => {
    const token = tokenOf(await session({ reference: 'AMS-1001' }));
    const [slot] = await server.data.find('timeslots', {
      ownerId: userId(server, AMSTERDAM),
      active: true,
    });
    const today = new Date(server.clock.now());
    // The next day the timeslot is offered on.
    const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
    let date = '';
    for (let ahead = 1; ahead <= 7 && !date; ahead += 1) {
      const day = new Date(today.getTime() + ahead * 24 * 60 * MINUTE);
      if ((slot!.weekdays as string[]).includes(weekdays[day.getUTCDay()]!)) {
        date = day.toISOString().slice(0, 10);
      }
    }
    const answer = await send('POST', `/public/${AMS}/bookings`, token, {
      timeslotId: slot!.id,
      date,
      partySize: 1,
      guestName: 'Somebody Else',
      room: '999',
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({
      guestName: 'Jansen',
      room: '204',
      stayId: (await stay('AMS-1001')).id,
      status: 'booked',
    });
    expect(answer.body).not.toHaveProperty('ownerId');
  });
});

describe('orders without a guest session', () => {
  it('wait for the hotel to confirm them; confirming is the hotel’s, once', async () => {
    const answer = await order({ ...(await oneCoffee()), paymentMethod: 'card' });
    expect(answer.status).toBe(201);
    const sale = answer.body as RecordRow;
    expect(sale.status).toBe('pending');
    const berlin = await server.login(BERLIN);
    expect((await send('POST', `/pos-transactions/${sale.id}/confirm`, berlin, {})).status).toBe(
      404,
    );
    const amsterdam = await server.login(AMSTERDAM);
    const confirmed = await send('POST', `/pos-transactions/${sale.id}/confirm`, amsterdam, {});
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toMatchObject({ id: sale.id, status: 'paid' });
    const again = await send('POST', `/pos-transactions/${sale.id}/confirm`, amsterdam, {});
    expect(again.status).toBe(409);
  });
});

describe('limits on guest writes', () => {
  it('stops one device after 30 orders or bookings in 10 minutes (429)', async () => {
    const { limit, windowMs } = GUEST_LIMITS.writesPerAddress;
    for (let i = 0; i < limit; i += 1) {
      expect((await order(await oneCoffee())).status).toBe(201);
    }
    const blocked = await order(await oneCoffee());
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).not.toBeNull();
    const bookings = await send('POST', `/public/${AMS}/bookings`, undefined, {});
    expect(bookings.status).toBe(429);
    server.clock.advance(windowMs + 1000);
    expect((await order(await oneCoffee())).status).toBe(201);
  });

  it('stops charges to one room after 20 an hour (429)', async () => {
    const { limit } = GUEST_LIMITS.chargesPerRoom;
    const token = tokenOf(await session({ reference: 'AMS-1001' }));
    for (let i = 0; i < limit; i += 1) {
      expect((await order(await oneCoffee(), token)).status).toBe(201);
    }
    const blocked = await order(await oneCoffee(), token);
    expect(blocked.status).toBe(429);
    expect((blocked.body as ApiErrorBody).message).toBe(
      'Too many charges to this room. Ask the front desk.',
    );
    // Card orders from the same stay are not room charges.
    expect((await order({ ...(await oneCoffee()), paymentMethod: 'card' }, token)).status).toBe(
      201,
    );
  });
});
