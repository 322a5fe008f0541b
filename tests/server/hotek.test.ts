import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nearlyFullDate } from '../../mock-server/hotek';
import type { RecordRow } from '../../mock-server/store/types';
import type { ApiErrorBody } from '../../src/schema/user';
import { ADMIN, AMSTERDAM, BERLIN, MADRID, startServer, userId, type TestServer } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** The English text once the i18n key is in the catalogue; the key itself until then. */
const END_AFTER_START = /^(End time must be later than start time|validation\.endTimeAfterStart)$/;

let server: TestServer;
let amsterdam: string;
let berlin: string;
let admin: string;
let amsterdamId: number;
let berlinId: number;
let madridId: number;
let today: number;

beforeEach(async () => {
  server = await startServer();
  [amsterdam, berlin, admin] = await Promise.all([
    server.login(AMSTERDAM),
    server.login(BERLIN),
    server.login(ADMIN),
  ]);
  amsterdamId = userId(server, AMSTERDAM);
  berlinId = userId(server, BERLIN);
  madridId = userId(server, MADRID);
  today = Math.floor(server.clock.now() / DAY) * DAY;
});
afterEach(async () => {
  await server.close();
});

const send = (method: string, urlPath: string, token?: string, json?: unknown) =>
  server.send(method, urlPath, token, json);
const errorOf = (body: unknown) => body as ApiErrorBody;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
/** The first date from `fromDays` after today on whose weekday `weekdays` includes (or not). */
const firstDate = (fromDays: number, test: (weekday: string) => boolean) => {
  for (let days = fromDays; ; days++) {
    const date = isoDay(today + days * DAY);
    if (test(weekdayOf(date))) return date;
  }
};

const timeslots = () => server.data.all('timeslots');
const bookings = () => server.data.all('bookings');
const slugOf = async (ownerId: number) => (await server.data.get('users', ownerId))!.slug as string;
const slotOf = async (
  ownerId: number,
  service: 'breakfast' | 'spa',
  startTime: string,
  active = true,
) =>
  (await server.data.find('timeslots', { ownerId, startTime, active })).find(
    (row) => (service === 'spa') === (row.serviceName === 'Spa'),
  )!;
const taken = async (timeslotId: number, date: string, rows?: readonly RecordRow[]) =>
  (rows ?? (await bookings()))
    .filter(
      (row) =>
        row.timeslotId === timeslotId &&
        row.date === date &&
        (row.status === 'booked' || row.status === 'attended'),
    )
    .reduce((sum, row) => sum + Number(row.partySize), 0);
/** Amsterdam's Spa 10:00–12:00 and the seeded date on which one place is left. */
const nearlyFull = async () => ({
  slot: await slotOf(amsterdamId, 'spa', '10:00'),
  date: nearlyFullDate(today),
});
const booking = (over: Record<string, unknown> = {}) => ({
  guestName: 'Ada Lovelace',
  room: '204',
  partySize: 1,
  status: 'booked',
  ...over,
});

describe('seed', () => {
  it('gives every hotel breakfast and spa timeslots in its own language', async () => {
    expect((await timeslots()).map((row) => row.id)).toEqual(
      (await timeslots()).map((_, index) => index + 1),
    );
    for (const [ownerId, breakfast] of [
      [amsterdamId, 'Ontbijt'],
      [berlinId, 'Frühstück'],
      [madridId, 'Desayuno'],
    ] as const) {
      const own = (await timeslots()).filter((row) => row.ownerId === ownerId);
      expect(
        own.filter((row) => row.serviceName === breakfast).map((row) => row.startTime),
      ).toEqual(['07:00', '08:00', '09:00']);
      expect(own.filter((row) => row.serviceName === 'Spa' && row.active).length).toBe(3);
      for (const row of own) {
        expect(String(row.endTime) > String(row.startTime)).toBe(true);
        expect(Number(row.capacity)).toBeGreaterThanOrEqual(1);
        expect(row).toHaveProperty('createdAt');
        expect(row).toHaveProperty('updatedAt');
        if (row.serviceName === breakfast) expect(row.weekdays).toEqual(WEEKDAYS);
      }
    }
  });

  it('has bookings over the last and next 14 days that respect weekdays and capacity', async () => {
    const rows = await bookings();
    expect(rows.length).toBeGreaterThan(300);
    expect(rows.map((row) => row.id)).toEqual(rows.map((_, index) => index + 1));
    const slots = new Map((await timeslots()).map((row) => [row.id, row]));
    const seen = new Set<string>();
    for (const row of rows) {
      const slot = slots.get(Number(row.timeslotId))!;
      expect(slot.ownerId, `booking ${row.id}`).toBe(row.ownerId);
      expect(slot.active).toBe(true);
      expect(slot.weekdays as string[]).toContain(weekdayOf(String(row.date)));
      const offset = (Date.parse(`${String(row.date)}T00:00:00Z`) - today) / DAY;
      expect(Math.abs(offset)).toBeLessThanOrEqual(14);
      if (offset >= 0) expect(['booked', 'cancelled']).toContain(row.status);
      expect(String(row.room)).toMatch(/^[1-4](0[1-9]|1\d|20)$/);
      expect(Number(row.partySize)).toBeGreaterThanOrEqual(1);
      expect(Date.parse(String(row.createdAt))).toBeLessThanOrEqual(today);
      const key = `${String(row.timeslotId)}|${String(row.date)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      expect(await taken(Number(row.timeslotId), String(row.date), rows), key).toBeLessThanOrEqual(
        Number(slot.capacity),
      );
    }
    const past = rows.filter((row) => Date.parse(`${String(row.date)}T00:00:00Z`) < today);
    const attended = past.filter((row) => row.status === 'attended').length;
    expect(attended / past.length).toBeGreaterThan(0.7);
    expect(past.some((row) => row.status === 'cancelled')).toBe(true);
    for (const ownerId of [amsterdamId, berlinId, madridId]) {
      expect(rows.some((row) => row.ownerId === ownerId)).toBe(true);
    }
  });

  it("leaves one place in Amsterdam's Spa 10:00–12:00 on the first day from tomorrow it is offered", async () => {
    const { slot, date } = await nearlyFull();
    expect(slot).toMatchObject({ serviceName: 'Spa', endTime: '12:00', capacity: 8 });
    expect(date).toBe(firstDate(1, (day) => (slot.weekdays as string[]).includes(day)));
    expect(await taken(slot.id, date)).toBe(Number(slot.capacity) - 1);
  });
});

describe('capacity (409)', () => {
  it('refuses a booking the timeslot has no room for, and takes the last place', async () => {
    const { slot, date } = await nearlyFull();
    const before = await bookings();
    const tooMany = await send(
      'POST',
      '/bookings',
      amsterdam,
      booking({ timeslotId: slot.id, date, partySize: 2 }),
    );
    expect(tooMany.status).toBe(409);
    // Not "full" while a place is left: how many are, and that they are too few.
    expect(errorOf(tooMany.body).message).toBe(
      `Spa 10:00-12:00 has 1 of 8 places left on ${date}, not enough for a party of 2`,
    );
    expect(tooMany.body).toMatchObject({
      code: 'apiErrors.slotNotEnough',
      values: { slot: 'Spa 10:00-12:00', date, left: 1, capacity: 8, party: 2 },
    });
    expect(await bookings()).toEqual(before);
    const last = await send('POST', '/bookings', amsterdam, booking({ timeslotId: slot.id, date }));
    expect(last.status).toBe(201);
    expect(last.body).toMatchObject({
      timeslotId: slot.id,
      date,
      partySize: 1,
      ownerId: amsterdamId,
    });
    const full = await send('POST', '/bookings', amsterdam, booking({ timeslotId: slot.id, date }));
    expect(full.status).toBe(409);
    expect(errorOf(full.body).message).toBe(`Spa 10:00-12:00 is full on ${date}`);
    expect(full.body).toMatchObject({ code: 'apiErrors.slotFull', values: { date } });
  });

  it('applies to an administrator booking for a hotel', async () => {
    const { slot, date } = await nearlyFull();
    const { status } = await send(
      'POST',
      '/bookings',
      admin,
      booking({ timeslotId: slot.id, date, partySize: 3, ownerId: amsterdamId }),
    );
    expect(status).toBe(409);
  });

  it('does not count a booking against itself on update, but refuses a larger party', async () => {
    const { slot, date } = await nearlyFull();
    const own = (await bookings()).find(
      (row) => row.timeslotId === slot.id && row.date === date && row.status === 'booked',
    )!;
    const rename = await send('PATCH', `/bookings/${own.id}`, amsterdam, {
      guestName: 'Grace Hopper',
    });
    expect(rename.status).toBe(200);
    const put = await send('PUT', `/bookings/${own.id}`, amsterdam, {
      guestName: 'Grace Hopper',
      room: own.room,
      timeslotId: own.timeslotId,
      date: own.date,
      partySize: own.partySize,
      status: 'booked',
    });
    expect(put.status).toBe(200);
    // One more guest fits into the last place; two more do not.
    const plusOne = await send('PATCH', `/bookings/${own.id}`, amsterdam, {
      partySize: Number(own.partySize) + 1,
    });
    expect(plusOne.status).toBe(200);
    const plusTwo = await send('PATCH', `/bookings/${own.id}`, amsterdam, {
      partySize: Number(own.partySize) + 2,
    });
    expect(plusTwo.status).toBe(409);
    expect(await taken(slot.id, date)).toBe(Number(slot.capacity));
  });

  it('refuses moving a booking onto a full timeslot-date', async () => {
    const { slot, date } = await nearlyFull();
    const other = firstDate(
      2,
      (day) => (slot.weekdays as string[]).includes(day) && day !== weekdayOf(date),
    );
    const created = await send(
      'POST',
      '/bookings',
      amsterdam,
      booking({ timeslotId: slot.id, date: other, partySize: 2 }),
    );
    expect(created.status).toBe(201);
    const id = (created.body as RecordRow).id;
    const moved = await send('PATCH', `/bookings/${id}`, amsterdam, { date });
    expect(moved.status).toBe(409);
    expect((await bookings()).find((row) => row.id === id)!.date).toBe(other);
  });

  it('frees the places of a cancelled booking, and re-checks when it is booked again', async () => {
    const { slot, date } = await nearlyFull();
    const own = (await bookings()).find(
      (row) => row.timeslotId === slot.id && row.date === date && row.status === 'booked',
    )!;
    const party = Number(own.partySize);
    const cancel = await send('PATCH', `/bookings/${own.id}`, amsterdam, { status: 'cancelled' });
    expect(cancel.status).toBe(200);
    expect(await taken(slot.id, date)).toBe(Number(slot.capacity) - 1 - party);
    const fill = await send(
      'POST',
      '/bookings',
      amsterdam,
      booking({ timeslotId: slot.id, date, partySize: party + 1 }),
    );
    expect(fill.status).toBe(201);
    const again = await send('PATCH', `/bookings/${own.id}`, amsterdam, { status: 'booked' });
    expect(again.status).toBe(409);
    expect((await bookings()).find((row) => row.id === own.id)!.status).toBe('cancelled');
  });

  it('always lets a booking be cancelled or renamed, even when its timeslot is inactive', async () => {
    const { slot, date } = await nearlyFull();
    const own = (await bookings()).find(
      (row) => row.timeslotId === slot.id && row.date === date && row.status === 'booked',
    )!;
    expect(
      (await send('PATCH', `/timeslots/${slot.id}`, amsterdam, { active: false })).status,
    ).toBe(200);
    expect(
      (await send('PATCH', `/bookings/${own.id}`, amsterdam, { guestName: 'Alan Turing' })).status,
    ).toBe(200);
    expect(
      (await send('PATCH', `/bookings/${own.id}`, amsterdam, { status: 'cancelled' })).status,
    ).toBe(200);
    const again = await send('PATCH', `/bookings/${own.id}`, amsterdam, { status: 'booked' });
    expect(again.status).toBe(422);
    expect(errorOf(again.body).errors?.timeslotId).toEqual([
      'Spa 10:00-12:00 is not active and takes no bookings',
    ]);
  });
});

describe('weekdays, inactive timeslots and dates (422)', () => {
  it('refuses a date whose weekday the timeslot does not offer, naming the days offered', async () => {
    const slot = await slotOf(amsterdamId, 'spa', '10:00');
    const sunday = firstDate(1, (day) => day === 'sun');
    const before = await bookings();
    const { status, body } = await send(
      'POST',
      '/bookings',
      amsterdam,
      booking({ timeslotId: slot.id, date: sunday }),
    );
    expect(status).toBe(422);
    expect(errorOf(body).errors?.date).toEqual([
      `Spa 10:00-12:00 is not offered on Sunday (${sunday}); it is offered on Monday, Tuesday, Wednesday, Thursday, Friday and Saturday`,
    ]);
    expect(errorOf(body).errorCodes?.date).toEqual([
      {
        code: 'apiErrors.slotNotOffered',
        values: {
          slot: 'Spa 10:00-12:00',
          weekday: 'sun',
          date: sunday,
          weekdays: 'mon,tue,wed,thu,fri,sat',
        },
      },
    ]);
    expect(await bookings()).toEqual(before);
    // Moving an existing booking to that day is refused the same way.
    const own = (await bookings()).find(
      (row) => row.timeslotId === slot.id && row.status === 'booked',
    )!;
    const moved = await send('PATCH', `/bookings/${own.id}`, amsterdam, { date: sunday });
    expect(moved.status).toBe(422);
    expect(errorOf(moved.body).errors).toHaveProperty('date');
  });

  it('refuses an inactive timeslot under timeslotId', async () => {
    const slot = await slotOf(amsterdamId, 'spa', '19:00', false);
    const date = firstDate(1, (day) => (slot.weekdays as string[]).includes(day));
    const { status, body } = await send(
      'POST',
      '/bookings',
      amsterdam,
      booking({ timeslotId: slot.id, date }),
    );
    expect(status).toBe(422);
    expect(errorOf(body).errors?.timeslotId).toEqual([
      'Spa 19:00-21:00 is not active and takes no bookings',
    ]);
  });

  it('refuses a date that does not exist', async () => {
    const slot = await slotOf(amsterdamId, 'breakfast', '08:00');
    const { status, body } = await send(
      'POST',
      '/bookings',
      amsterdam,
      booking({ timeslotId: slot.id, date: '2031-02-30' }),
    );
    expect(status).toBe(422);
    expect(errorOf(body).errors).toHaveProperty('date');
  });

  it('refuses a timeslot whose end is not after its start', async () => {
    const before = await timeslots();
    for (const [startTime, endTime] of [
      ['10:00', '09:00'],
      ['10:00', '10:00'],
    ]) {
      const { status, body } = await send('POST', '/timeslots', amsterdam, {
        serviceName: 'Yoga',
        weekdays: ['mon'],
        startTime,
        endTime,
        capacity: 12,
        active: true,
      });
      expect(status).toBe(422);
      expect(errorOf(body).errors?.endTime).toHaveLength(1);
      expect(errorOf(body).errors?.endTime?.[0]).toMatch(END_AFTER_START);
    }
    const slot = await slotOf(amsterdamId, 'spa', '10:00');
    const patch = await send('PATCH', `/timeslots/${slot.id}`, amsterdam, { endTime: '09:30' });
    expect(patch.status).toBe(422);
    expect(errorOf(patch.body).errors?.endTime?.[0]).toMatch(END_AFTER_START);
    expect(await timeslots()).toEqual(before);
  });
});

describe('tenant isolation', () => {
  it('lists only the own timeslots and bookings to an operator, all to an administrator', async () => {
    for (const name of ['timeslots', 'bookings']) {
      const own = await send('GET', `/${name}`, amsterdam);
      expect(own.status).toBe(200);
      const rows = own.body as RecordRow[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.ownerId === amsterdamId)).toBe(true);
      const all = await send('GET', `/${name}`, admin);
      expect((all.body as RecordRow[]).some((row) => row.ownerId === berlinId)).toBe(true);
    }
  });

  it("answers 404 for another hotel's timeslot or booking", async () => {
    const slot = await slotOf(berlinId, 'spa', '10:00');
    const theirs = (await bookings()).find((row) => row.ownerId === berlinId)!;
    expect((await send('GET', `/timeslots/${slot.id}`, amsterdam)).status).toBe(404);
    expect((await send('GET', `/bookings/${theirs.id}`, amsterdam)).status).toBe(404);
    expect(
      (await send('PATCH', `/bookings/${theirs.id}`, amsterdam, { status: 'cancelled' })).status,
    ).toBe(404);
    expect(
      (await send('PATCH', `/timeslots/${slot.id}`, amsterdam, { active: false })).status,
    ).toBe(404);
    expect((await send('GET', `/bookings/${theirs.id}`, berlin)).status).toBe(200);
  });

  it("refuses a booking on another hotel's timeslot under timeslotId", async () => {
    const slot = await slotOf(berlinId, 'breakfast', '08:00');
    const before = await bookings();
    const { status, body } = await send(
      'POST',
      '/bookings',
      amsterdam,
      booking({ timeslotId: slot.id, date: isoDay(today + DAY) }),
    );
    expect(status).toBe(422);
    expect(errorOf(body).errors).toHaveProperty('timeslotId');
    const own = (await bookings()).find(
      (row) => row.ownerId === amsterdamId && row.status === 'booked',
    )!;
    const moved = await send('PATCH', `/bookings/${own.id}`, amsterdam, { timeslotId: slot.id });
    expect(moved.status).toBe(422);
    expect(errorOf(moved.body).errors).toHaveProperty('timeslotId');
    expect(await bookings()).toEqual(before);
  });
});

describe('public bookings', () => {
  const book = (slug: string, json: unknown) =>
    send('POST', `/public/${slug}/bookings`, undefined, json);
  const guest = (over: Record<string, unknown>) => ({
    guestName: 'Kenji Sato',
    room: '312',
    partySize: 1,
    ...over,
  });

  it('books without signing in, as booked, for the hotel behind the slug', async () => {
    const slot = await slotOf(amsterdamId, 'breakfast', '08:00');
    const date = isoDay(today + 3 * DAY);
    const count = (await bookings()).length;
    const { status, body, headers } = await book(
      await slugOf(amsterdamId),
      guest({ timeslotId: slot.id, date, partySize: 2, status: 'attended', ownerId: berlinId }),
    );
    expect(status).toBe(201);
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(body).toMatchObject({
      id: expect.any(Number),
      guestName: 'Kenji Sato',
      room: '312',
      timeslotId: slot.id,
      date,
      partySize: 2,
      status: 'booked',
    });
    expect(body).not.toHaveProperty('ownerId');
    expect(await bookings()).toHaveLength(count + 1);
    expect((await bookings()).at(-1)).toMatchObject({
      id: (body as { id: number }).id,
      ownerId: amsterdamId,
      status: 'booked',
    });
    // The room may be left out.
    const noRoom = await book(await slugOf(amsterdamId), {
      guestName: 'Lena Berg',
      timeslotId: slot.id,
      date,
      partySize: 1,
    });
    expect(noRoom.status).toBe(201);
  });

  it('refuses what the dashboard refuses: capacity, weekday, inactive timeslot', async () => {
    const slug = await slugOf(amsterdamId);
    const { slot, date } = await nearlyFull();
    const before = await bookings();
    const full = await book(slug, guest({ timeslotId: slot.id, date, partySize: 2 }));
    expect(full.status).toBe(409);
    expect(full.headers.get('access-control-allow-origin')).toBe('*');
    expect(errorOf(full.body).message).toMatch(
      /^Spa 10:00-12:00 has 1 of 8 places left on \d{4}-\d{2}-\d{2}, not enough for a party of 2$/,
    );
    const sunday = await book(
      slug,
      guest({ timeslotId: slot.id, date: firstDate(1, (day) => day === 'sun') }),
    );
    expect(sunday.status).toBe(422);
    expect(errorOf(sunday.body).errors).toHaveProperty('date');
    const paused = await slotOf(amsterdamId, 'spa', '19:00', false);
    const inactive = await book(
      slug,
      guest({ timeslotId: paused.id, date: firstDate(1, (day) => day === 'fri') }),
    );
    expect(inactive.status).toBe(422);
    expect(errorOf(inactive.body).errors).toHaveProperty('timeslotId');
    expect(await bookings()).toEqual(before);
  });

  it("refuses another hotel's or an unknown timeslot, a past date and an invalid body", async () => {
    const slug = await slugOf(amsterdamId);
    const date = isoDay(today + DAY);
    const before = await bookings();
    const berlinSlot = await slotOf(berlinId, 'breakfast', '08:00');
    for (const timeslotId of [berlinSlot.id, 9999]) {
      const { status, body } = await book(slug, guest({ timeslotId, date }));
      expect(status).toBe(422);
      expect(Object.keys(errorOf(body).errors ?? {})).toEqual(['timeslotId']);
    }
    const slot = await slotOf(amsterdamId, 'breakfast', '08:00');
    const past = await book(slug, guest({ timeslotId: slot.id, date: isoDay(today - DAY) }));
    expect(past.status).toBe(422);
    expect(errorOf(past.body).errors?.date?.[0]).toMatch(/^Bookings can only be made for today/);
    const invalid = await book(slug, {
      timeslotId: 'one',
      date: 'tomorrow',
      partySize: 0,
      guestName: '',
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(errorOf(invalid.body).errors ?? {}).sort()).toEqual([
      'date',
      'guestName',
      'partySize',
      'timeslotId',
    ]);
    expect((await book(slug, [])).status).toBe(400);
    expect(await bookings()).toEqual(before);
  });

  it('answers 404 JSON for an unknown slug, a non-hotel and a banned hotel', async () => {
    const slot = await slotOf(amsterdamId, 'breakfast', '08:00');
    const json = guest({ timeslotId: slot.id, date: isoDay(today + DAY) });
    const unknown = await book('no-such-hotel', json);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      message: 'Not found',
      statusCode: 404,
      code: 'apiErrors.notFound',
      values: {},
    });
    const adminSlug = (await server.data.one('users', { email: ADMIN })).slug as string;
    expect((await book(adminSlug, json)).status).toBe(404);
    await server.data.update('users', amsterdamId, { status: 'banned' });
    expect((await book(await slugOf(amsterdamId), json)).status).toBe(404);
    expect((await send('GET', `/public/${await slugOf(amsterdamId)}/timeslots`)).status).toBe(404);
  });

  it('answers a preflight from any origin', async () => {
    const response = await server.request(
      'OPTIONS',
      `/public/${await slugOf(amsterdamId)}/bookings`,
      {
        headers: {
          Origin: 'https://guest.example',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      },
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('public timeslots', () => {
  it("lists the hotel's active timeslots for guests", async () => {
    const { status, body, headers } = await send(
      'GET',
      `/public/${await slugOf(berlinId)}/timeslots`,
    );
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBe('*');
    const rows = body as Record<string, unknown>[];
    const expected = (await timeslots()).filter((row) => row.ownerId === berlinId && row.active);
    expect(rows).toHaveLength(expected.length);
    expect(rows.map((row) => row.id).sort()).toEqual(expected.map((row) => row.id).sort());
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      serviceName: 'Frühstück',
      weekdays: WEEKDAYS,
      startTime: '07:00',
      endTime: '08:00',
      capacity: expect.any(Number),
    });
  });

  it('tells the places left on a date, for the timeslots offered that day', async () => {
    const { slot, date } = await nearlyFull();
    const { status, body } = await send(
      'GET',
      `/public/${await slugOf(amsterdamId)}/timeslots?date=${date}`,
    );
    expect(status).toBe(200);
    const rows = body as { id: number; weekdays: string[]; placesLeft: number }[];
    expect(rows.find((row) => row.id === slot.id)?.placesLeft).toBe(1);
    expect(rows.every((row) => row.weekdays.includes(weekdayOf(date)))).toBe(true);
    const bad = await send('GET', `/public/${await slugOf(amsterdamId)}/timeslots?date=2031-02-30`);
    expect(bad.status).toBe(422);
    const unknown = await send('GET', '/public/no-such-hotel/timeslots');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      message: 'Not found',
      statusCode: 404,
      code: 'apiErrors.notFound',
      values: {},
    });
  });
});
