import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestMail } from '../../mock-server/auth/mailer';
import type { ApiErrorBody, User } from '../../src/schema/user';
import { ADMIN, AMSTERDAM, BERLIN, MADRID, startServer, userId, type TestServer } from './helpers';
import { changeOf, openStream } from './liveStream';

/**
 * Issue 40, several hotels per person: a person who is a member of Amsterdam (manager) and of
 * Berlin (staff) chooses per request the hotel they act for (`X-Hotel`), lands on the last one
 * they chose, reads "all my hotels" where a list allows it, and gets 404 for a hotel not theirs,
 * as for another hotel's records. On both stores.
 */
let server: TestServer;
let amsterdam: string;
let berlin: string;
let chain: string;
let personId: number;
let A: number;
let B: number;
const EMAIL = 'chain.manager@example.org';
const PASSWORD = 'two-hotels-2026';

type Row = Record<string, unknown>;
interface Read {
  status: number;
  body: unknown;
  text: string;
}

/** A request as the chain person, acting for `hotel` (no header: their default). */
async function as(
  hotel: number | string | undefined,
  method: string,
  path: string,
  json?: unknown,
  token = chain,
): Promise<Read> {
  const response = await server.request(method, path, {
    token,
    json,
    headers: hotel === undefined ? {} : { 'X-Hotel': String(hotel) },
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const owners = (rows: unknown) => new Set((rows as Row[]).map((row) => row.ownerId));

/** The id of a hotel's newest request, read as the chain person acting for it. */
const firstOf = async (hotel: number): Promise<number> =>
  ((await as(hotel, 'GET', '/submissions?_end=1')).body as Row[])[0]!.id as number;

beforeAll(async () => {
  server = await startServer();
  [amsterdam, berlin] = await Promise.all([server.login(AMSTERDAM), server.login(BERLIN)]);
  A = userId(server, AMSTERDAM);
  B = userId(server, BERLIN);
  // Amsterdam invites a new person as a manager; they choose a password through the mail.
  const made = await server.send('POST', '/members', amsterdam, {
    email: EMAIL,
    name: 'Charlie Chain',
    role: 'manager',
  });
  expect(made.status, made.text).toBe(201);
  const link = /\/auth\/new-password\?token=([\w-]+)/.exec(
    readLatestMail(server.config.mailOutbox, EMAIL)!.text,
  )![1];
  const chosen = await server.send('POST', '/auth/reset-password', undefined, {
    token: link,
    password: PASSWORD,
  });
  expect(chosen.status, chosen.text).toBe(204);
  personId = (made.body as Row).userId as number;
  // Berlin adds the same address as staff: the same person joins, with the same password.
  const accounts = await server.data.count('users');
  const joined = await server.send('POST', '/members', berlin, {
    email: EMAIL.toUpperCase(),
    name: 'Typed by Berlin',
    role: 'staff',
  });
  expect(joined.status, joined.text).toBe(201);
  expect(joined.body).toMatchObject({ userId: personId, invitation: 'accepted', role: 'staff' });
  expect(await server.data.count('users')).toBe(accounts);
  chain = await server.login(EMAIL, PASSWORD);
});
afterAll(async () => {
  await server.close();
});

describe('a person of two hotels', () => {
  it('has both hotels, with a role in each, and acts for the one each request chooses', async () => {
    const me = await as(undefined, 'GET', '/users/me');
    expect(me.status, me.text).toBe(200);
    expect((me.body as User).hotels).toEqual([
      { id: A, name: expect.any(String), role: 'manager' },
      { id: B, name: expect.any(String), role: 'staff' },
    ]);
    for (const [hotel, role] of [
      [A, 'manager'],
      [B, 'staff'],
    ] as const) {
      const chosen = await as(hotel, 'GET', '/users/me');
      expect(chosen.body).toMatchObject({ id: hotel, personId, hotelRole: role });
    }
  });

  it("reads each hotel's requests by choosing it", async () => {
    for (const hotel of [A, B]) {
      const list = await as(hotel, 'GET', '/submissions?_end=1000');
      expect(list.status, list.text).toBe(200);
      expect((list.body as Row[]).length).toBeGreaterThan(0);
      expect([...owners(list.body)]).toEqual([hotel]);
    }
  });

  it('gets 404 for a hotel not theirs, on every route, as for its records; 400 for no id', async () => {
    const madrid = userId(server, MADRID);
    for (const path of ['/users/me', '/submissions', '/amenities', '/members']) {
      const answer = await as(madrid, 'GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.text).not.toContain('Madrid');
    }
    expect((await as(madrid, 'POST', '/amenity-categories', { name: 'X' })).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5']) {
      expect((await as(bad, 'GET', '/users/me')).status, bad).toBe(400);
    }
    // A hotel's own login chooses only itself.
    expect((await as(A, 'GET', '/users/me', undefined, berlin)).status).toBe(404);
    expect((await as(B, 'GET', '/users/me', undefined, berlin)).status).toBe(200);
  });

  it('has the role of the hotel it acts for: a manager in Amsterdam, staff in Berlin (403)', async () => {
    expect((await as(A, 'GET', '/members')).status).toBe(200);
    const refused = await as(B, 'GET', '/members');
    expect(refused.status, refused.text).toBe(403);
    expect((refused.body as ApiErrorBody).code).toBe('apiErrors.managersOnly');
    const branding = await as(B, 'PATCH', '/branding', { title: 'Staff branding' });
    expect(branding.status).toBe(403);
  });

  it('writes to the hotel chosen: another of their hotels’ record is 404 there', async () => {
    const [ofBerlin] = (await as(B, 'GET', '/submissions?_end=1')).body as Row[];
    const item = `/submissions/${String(ofBerlin!.id)}`;
    expect((await as(A, 'PATCH', item, { assignee: 'Wrong hotel' })).status).toBe(404);
    const saved = await as(B, 'PATCH', item, { assignee: 'Charlie' });
    expect(saved.status, saved.text).toBe(200);
    expect(await server.data.get('submissions', ofBerlin!.id as number)).toMatchObject({
      assignee: 'Charlie',
    });
    // Activity names the person, in the hotel they acted for.
    const [entry] = (
      await server.data.find('audit', {
        resource: 'submissions',
        recordId: ofBerlin!.id as number,
        action: 'update',
      })
    ).slice(-1);
    expect(entry).toMatchObject({ ownerId: B, actorId: personId, actorName: 'Charlie Chain' });
  });

  it('lands on the hotel last chosen, also after signing in again', async () => {
    // A page opening in a hotel asks GET /users/me with it: that is the choice remembered.
    await as(B, 'GET', '/users/me');
    expect((await as(undefined, 'GET', '/users/me')).body).toMatchObject({ id: B });
    const again = await server.login(EMAIL, PASSWORD);
    expect((await as(undefined, 'GET', '/users/me', undefined, again)).body).toMatchObject({
      id: B,
      hotelRole: 'staff',
    });
    await as(A, 'GET', '/users/me');
    expect((await as(undefined, 'GET', '/users/me', undefined, again)).body).toMatchObject({
      id: A,
    });
  });

  it('does not store the hotel of ordinary requests: two tabs in two hotels write nothing', async () => {
    await as(A, 'GET', '/users/me');
    const before = await server.data.get('users', personId);
    expect(before).toMatchObject({ lastHotelId: A });
    for (const hotel of [B, A, B]) {
      expect((await as(hotel, 'GET', '/amenities')).status).toBe(200);
      expect((await as(hotel, 'GET', '/submissions?_end=1')).status).toBe(200);
    }
    const saved = await as(B, 'PATCH', '/submissions/' + String(await firstOf(B)), {
      assignee: 'Tab two',
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await server.data.get('users', personId)).toEqual(before);
    expect((await as(undefined, 'GET', '/users/me')).body).toMatchObject({ id: A });
  });

  it('reads "all my hotels" on requests and transactions, with each record’s hotel; never writes with it', async () => {
    for (const path of ['/submissions', '/pos-transactions']) {
      const all = await server.request('GET', `${path}?_end=1000`, {
        token: chain,
        headers: { 'X-Hotel': 'all' },
      });
      expect(all.status, path).toBe(200);
      const rows = (await all.json()) as Row[];
      expect([...owners(rows)].sort(), path).toEqual([A, B].sort());
      const counts = await Promise.all(
        [A, B].map(async (hotel) => {
          const one = await server.request('GET', `${path}?_end=1`, {
            token: chain,
            headers: { 'X-Hotel': String(hotel) },
          });
          return Number(one.headers.get('x-total-count'));
        }),
      );
      expect(Number(all.headers.get('x-total-count')), path).toBe(counts[0]! + counts[1]!);
    }
    // A list without "all my hotels" in its declaration reads the hotel acted for only.
    const amenities = await as('all', 'GET', '/amenities');
    expect(owners(amenities.body).size).toBe(1);
    const write = await as('all', 'POST', '/amenity-categories', { name: 'Nowhere' });
    expect(write.status, write.text).toBe(400);
    expect((write.body as ApiErrorBody).code).toBe('apiErrors.allHotelsRead');
    // A hotel's own login has one hotel: all of it is its own.
    const own = await as('all', 'GET', '/submissions?_end=1000', undefined, berlin);
    expect([...owners(own.body)]).toEqual([B]);
  });

  it('reads "all my hotels" on bookings: both hotels’ rows, none of a third, each where Hotek is connected', async () => {
    const madrid = userId(server, MADRID);
    expect(await server.data.count('bookings', { ownerId: madrid })).toBeGreaterThan(0);
    const all = await as('all', 'GET', '/bookings?_end=1000');
    expect(all.status, all.text).toBe(200);
    expect([...owners(all.body)].sort()).toEqual([A, B].sort());
    expect((all.body as Row[]).length).toBe(
      await server.data.count('bookings', { ownerId: { in: [A, B] } }),
    );
    // One hotel's own list stays its own.
    expect([...owners((await as(B, 'GET', '/bookings?_end=1000')).body)]).toEqual([B]);
    // Berlin disconnects Hotek: its bookings leave "all my hotels" too (its area is closed).
    const hotek = await server.data.one('apps', { key: 'hotek' });
    const [connection] = await server.data.find('app-connections', {
      ownerId: B,
      appId: hotek.id,
    });
    await server.data.update('app-connections', connection!.id, { status: 'disconnected' });
    try {
      const without = await as('all', 'GET', '/bookings?_end=1000');
      expect(without.status, without.text).toBe(200);
      expect([...owners(without.body)]).toEqual([A]);
      const refused = await as(B, 'GET', '/bookings');
      expect(refused.status).toBe(403);
      expect((refused.body as ApiErrorBody).message).toBe('Connect the Hotek app to use this area');
    } finally {
      await server.data.update('app-connections', connection!.id, { status: 'connected' });
    }
  });

  it('is opened by an administrator’s "log in as", acting for the hotel chosen with its role there', async () => {
    const admin = await server.login(ADMIN);
    const made = await server.send('POST', '/auth/login-as', admin, { id: personId });
    expect(made.status, made.text).toBe(200);
    const token = (made.body as { accessToken: string }).accessToken;
    for (const [hotel, role] of [
      [A, 'manager'],
      [B, 'staff'],
    ] as const) {
      const me = await as(hotel, 'GET', '/users/me', undefined, token);
      expect(me.body).toMatchObject({ id: hotel, personId, hotelRole: role });
    }
    expect((await as(B, 'GET', '/members', undefined, token)).status).toBe(403);
    expect((await as(userId(server, MADRID), 'GET', '/users/me', undefined, token)).status).toBe(
      404,
    );
    // The person's own last choice stays theirs.
    await as(A, 'GET', '/users/me');
    await as(B, 'GET', '/users/me', undefined, token);
    expect((await as(undefined, 'GET', '/users/me')).body).toMatchObject({ id: A });
  });

  it('hears on its live stream the changes of the hotel its ticket was asked for', async () => {
    const ticket = await as(B, 'POST', '/events/ticket');
    expect(ticket.status, ticket.text).toBe(200);
    const { stream } = await openStream(server.baseUrl, (ticket.body as { ticket: string }).ticket);
    try {
      await stream!.until((message) => message.event === 'hello');
      const ofHotel = async (token: string) =>
        ((await server.send('GET', '/amenity-categories', token)).body as Row[])[0]!;
      const [inAmsterdam, inBerlin] = [await ofHotel(amsterdam), await ofHotel(berlin)];
      for (const [token, record] of [
        [amsterdam, inAmsterdam],
        [berlin, inBerlin],
      ] as const) {
        const saved = await server.send(
          'PATCH',
          `/amenity-categories/${String(record.id)}`,
          token,
          { name: `Renamed ${String(record.id)}` },
        );
        expect(saved.status, saved.text).toBe(200);
      }
      await stream!.until(changeOf('amenity-categories', inBerlin.id as number));
      expect(stream!.messages.some(changeOf('amenity-categories', inAmsterdam.id as number))).toBe(
        false,
      );
    } finally {
      stream!.close();
    }
  });

  it('hears on its live stream the changes of all its hotels on the lists that read them, never another hotel’s', async () => {
    const ticket = await as(B, 'POST', '/events/ticket');
    expect(ticket.status, ticket.text).toBe(200);
    const { stream } = await openStream(server.baseUrl, (ticket.body as { ticket: string }).ticket);
    try {
      await stream!.until((message) => message.event === 'hello');
      const madrid = await server.login(MADRID);
      const [ofMadrid, ofAmsterdam, ofBerlin] = await Promise.all(
        [userId(server, MADRID), A, B].map(
          async (hotel) => (await server.data.find('bookings', { ownerId: hotel }))[0]!,
        ),
      );
      // In this order: a third hotel's change would have come before the last one's.
      for (const [token, booking] of [
        [madrid, ofMadrid],
        [amsterdam, ofAmsterdam],
        [berlin, ofBerlin],
      ] as const) {
        const saved = await server.send('PATCH', `/bookings/${String(booking!.id)}`, token, {
          room: `R${String(booking!.id)}`,
        });
        expect(saved.status, saved.text).toBe(200);
      }
      await stream!.until(changeOf('bookings', ofBerlin!.id));
      expect(stream!.messages.some(changeOf('bookings', ofAmsterdam!.id))).toBe(true);
      expect(stream!.messages.some(changeOf('bookings', ofMadrid!.id))).toBe(false);
    } finally {
      stream!.close();
    }
  });
});
