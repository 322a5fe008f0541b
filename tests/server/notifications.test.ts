import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GuestNotification } from '../../mock-server/store/types';
import type { ApiErrorBody } from '../../src/schema/user';
import { ADMIN, AMSTERDAM, BERLIN, MADRID, startServer, userId, type TestServer } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const END_AFTER_START = 'End date must be later than start date';
const ONE_AT_A_TIME =
  /^Another notification is already scheduled from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC to \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC; a hotel has one notification at a time$/;

let server: TestServer;
let amsterdam: string;
let berlin: string;
let madrid: string;
let admin: string;
let amsterdamId: number;
let berlinId: number;
let madridId: number;

beforeEach(async () => {
  server = await startServer();
  [amsterdam, berlin, madrid, admin] = await Promise.all([
    server.login(AMSTERDAM),
    server.login(BERLIN),
    server.login(MADRID),
    server.login(ADMIN),
  ]);
  amsterdamId = userId(server, AMSTERDAM);
  berlinId = userId(server, BERLIN);
  madridId = userId(server, MADRID);
});
afterEach(async () => {
  await server.close();
});

const send = (method: string, urlPath: string, token?: string, json?: unknown) =>
  server.send(method, urlPath, token, json);

/** An ISO moment `days` (fractions allowed) from the server's clock. */
const at = (days: number) => new Date(server.clock.now() + days * DAY).toISOString();
const snapshot = () => server.data.all('notifications');
const notificationsOf = async (ownerId: number) =>
  ((await server.data.find('notifications', { ownerId })) as unknown as GuestNotification[]).sort(
    (a, b) => Date.parse(a.startDate) - Date.parse(b.startDate),
  );
/** Amsterdam's seeded notifications: the one active now and the one scheduled after it. */
const amsterdamSeed = async () => {
  const [active, scheduled] = await notificationsOf(amsterdamId);
  return { active: active!, scheduled: scheduled! };
};
const publicNotification = (slug: string) => send('GET', `/public/${slug}/notification`);

describe('seed', () => {
  it('gives Amsterdam one active and one scheduled notification, Berlin one scheduled, Madrid none', async () => {
    const now = server.clock.now();
    const { active, scheduled } = await amsterdamSeed();
    expect(await notificationsOf(amsterdamId)).toHaveLength(2);
    expect(Date.parse(active.startDate)).toBeLessThanOrEqual(now);
    expect(Date.parse(active.endDate)).toBeGreaterThan(now);
    expect(Date.parse(scheduled.startDate)).toBeGreaterThan(now);
    const berlinRows = await notificationsOf(berlinId);
    expect(berlinRows).toHaveLength(1);
    expect(Date.parse(berlinRows[0]!.startDate)).toBeGreaterThan(now);
    expect(await notificationsOf(madridId)).toEqual([]);
  });
});

describe('one notification at a time (409)', () => {
  it('refuses a new notification whose period overlaps another of the same hotel', async () => {
    const { active, scheduled } = await amsterdamSeed();
    const before = await snapshot();
    const periods = [
      // Inside the active one, around it, across its end, across the scheduled one's start.
      [at(0), at(1)],
      [at(-30), at(30)],
      [at(1), new Date(Date.parse(active.endDate) + 60_000).toISOString()],
      [new Date(Date.parse(scheduled.startDate) - 60_000).toISOString(), scheduled.endDate],
    ];
    for (const [startDate, endDate] of periods) {
      const { status, body } = await send('POST', '/notifications', amsterdam, {
        message: 'Pool closed',
        startDate,
        endDate,
      });
      expect(status, `${startDate} – ${endDate}`).toBe(409);
      expect((body as ApiErrorBody).message).toMatch(ONE_AT_A_TIME);
      expect((body as ApiErrorBody).statusCode).toBe(409);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('names the period that is in the way', async () => {
    const { active } = await amsterdamSeed();
    const { body } = await send('POST', '/notifications', amsterdam, {
      message: 'Pool closed',
      startDate: at(0),
      endDate: at(1),
    });
    const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
    expect((body as ApiErrorBody).message).toBe(
      `Another notification is already scheduled from ${minute(active.startDate)} to ${minute(active.endDate)}; a hotel has one notification at a time`,
    );
    // And as a code with the moments themselves: the dashboard says them in the user's time zone.
    expect(body).toMatchObject({
      code: 'apiErrors.notificationOverlap',
      values: { start: active.startDate, end: active.endDate },
    });
  });

  it('allows periods that only touch: one ends exactly when the next starts', async () => {
    const { active, scheduled } = await amsterdamSeed();
    const { status, body } = await send('POST', '/notifications', amsterdam, {
      message: 'Between the two',
      startDate: active.endDate,
      endDate: scheduled.startDate,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      message: 'Between the two',
      startDate: active.endDate,
      endDate: scheduled.startDate,
      ownerId: amsterdamId,
    });
    expect(await notificationsOf(amsterdamId)).toHaveLength(3);
  });

  it('refuses an update that moves a notification onto another one', async () => {
    const { active, scheduled } = await amsterdamSeed();
    const before = await snapshot();
    const patch = await send('PATCH', `/notifications/${scheduled.id}`, amsterdam, {
      startDate: at(1),
    });
    expect(patch.status).toBe(409);
    expect((patch.body as ApiErrorBody).message).toMatch(ONE_AT_A_TIME);
    const put = await send('PUT', `/notifications/${active.id}`, amsterdam, {
      message: active.message,
      startDate: active.startDate,
      endDate: new Date(Date.parse(scheduled.startDate) + 1000).toISOString(),
    });
    expect(put.status).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('does not count the record itself on update, and lets it grow up to the next one', async () => {
    const { active, scheduled } = await amsterdamSeed();
    const message = await send('PATCH', `/notifications/${active.id}`, amsterdam, {
      message: 'Rooftop terrace closed until further notice.',
    });
    expect(message.status).toBe(200);
    const stretched = await send('PATCH', `/notifications/${active.id}`, amsterdam, {
      startDate: at(-5),
      endDate: scheduled.startDate,
    });
    expect(stretched.status).toBe(200);
    expect(await server.data.get('notifications', active.id)).toMatchObject({
      message: 'Rooftop terrace closed until further notice.',
      startDate: at(-5),
      endDate: scheduled.startDate,
    });
  });

  it('only compares notifications of the same hotel', async () => {
    const { active } = await amsterdamSeed();
    // Berlin may run a notification during Amsterdam's; Madrid too, created by an administrator.
    const own = await send('POST', '/notifications', berlin, {
      message: 'Breakfast until 11 today',
      startDate: active.startDate,
      endDate: active.endDate,
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ ownerId: berlinId });
    const forMadrid = await send('POST', '/notifications', admin, {
      message: 'Lift out of order',
      startDate: active.startDate,
      endDate: active.endDate,
      ownerId: madridId,
    });
    expect(forMadrid.status).toBe(201);
    expect(forMadrid.body).toMatchObject({ ownerId: madridId });
    // An administrator writing for Amsterdam meets Amsterdam's rule.
    const forAmsterdam = await send('POST', '/notifications', admin, {
      message: 'Lift out of order',
      startDate: at(0),
      endDate: at(1),
      ownerId: amsterdamId,
    });
    expect(forAmsterdam.status).toBe(409);
  });
});

describe('dates (422)', () => {
  it(`answers '${END_AFTER_START}' under endDate when the end is not after the start`, async () => {
    const before = await snapshot();
    for (const [startDate, endDate] of [
      [at(20), at(19)],
      [at(20), at(20)],
    ]) {
      const { status, body } = await send('POST', '/notifications', madrid, {
        message: 'Spa closed',
        startDate,
        endDate,
      });
      expect(status).toBe(422);
      expect(body).toEqual({
        message: 'Validation failed',
        statusCode: 422,
        code: 'apiErrors.validationFailed',
        values: {},
        errors: { endDate: [END_AFTER_START] },
        // The same message as a code, for the dashboard to word in the user's language.
        errorCodes: { endDate: [{ code: 'validation.endAfterStart', values: {} }] },
      });
    }
    // Also when the end date is before the start of a stored record it is changed on.
    const { active } = await amsterdamSeed();
    const patch = await send('PATCH', `/notifications/${active.id}`, amsterdam, {
      endDate: new Date(Date.parse(active.startDate) - DAY).toISOString(),
    });
    expect(patch.status).toBe(422);
    expect((patch.body as ApiErrorBody).errors).toEqual({ endDate: [END_AFTER_START] });
    expect(await snapshot()).toEqual(before);
  });

  it('reports a backwards period as 422 even where it would also overlap', async () => {
    const { active } = await amsterdamSeed();
    const { status, body } = await send('POST', '/notifications', amsterdam, {
      message: 'Spa closed',
      startDate: active.endDate,
      endDate: active.startDate,
    });
    expect(status).toBe(422);
    expect((body as ApiErrorBody).errors).toEqual({ endDate: [END_AFTER_START] });
  });

  it('requires a message and both dates, and refuses what is not a date', async () => {
    const before = await snapshot();
    const missing = await send('POST', '/notifications', madrid, {});
    expect(missing.status).toBe(422);
    expect(Object.keys((missing.body as ApiErrorBody).errors ?? {}).sort()).toEqual([
      'endDate',
      'message',
      'startDate',
    ]);
    const wrong = await send('POST', '/notifications', madrid, {
      message: 'x'.repeat(501),
      startDate: 'tomorrow',
      endDate: '2026-13-40T00:00:00Z',
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys((wrong.body as ApiErrorBody).errors ?? {}).sort()).toEqual([
      'endDate',
      'message',
      'startDate',
    ]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('operators see and change only their own notifications', () => {
  it('lists only the caller’s notifications, whatever owner filter they send', async () => {
    const list = await send('GET', `/notifications?ownerId=${amsterdamId}`, berlin);
    expect(list.status).toBe(200);
    const rows = list.body as GuestNotification[];
    expect(rows.map((row) => row.ownerId)).toEqual([berlinId]);
    expect(list.headers.get('x-total-count')).toBe('1');
  });

  it('answers 404 for another hotel’s notification, for every method', async () => {
    const { active } = await amsterdamSeed();
    const before = await snapshot();
    expect((await send('GET', `/notifications/${active.id}`, berlin)).status).toBe(404);
    expect(
      (await send('PATCH', `/notifications/${active.id}`, berlin, { message: 'Hacked' })).status,
    ).toBe(404);
    expect(
      (
        await send('PUT', `/notifications/${active.id}`, berlin, {
          message: 'Hacked',
          startDate: active.startDate,
          endDate: active.endDate,
        })
      ).status,
    ).toBe(404);
    expect((await send('DELETE', `/notifications/${active.id}`, berlin)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the owner: an ownerId in an operator’s body is ignored', async () => {
    const { status, body } = await send('POST', '/notifications', madrid, {
      message: 'Terrace open late',
      startDate: at(1),
      endDate: at(2),
      ownerId: amsterdamId,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ ownerId: madridId });
  });

  it('lets an operator delete their notification', async () => {
    const { active } = await amsterdamSeed();
    const { status } = await send('DELETE', `/notifications/${active.id}`, amsterdam);
    expect(status).toBe(200);
    expect((await notificationsOf(amsterdamId)).map((row) => row.id)).not.toContain(active.id);
  });
});

describe('GET /public/:slug/notification', () => {
  it('answers the active notification without a token, with only its public fields', async () => {
    const { active } = await amsterdamSeed();
    const { status, body, headers } = await publicNotification('canal-house-amsterdam');
    expect(status).toBe(200);
    expect(body).toEqual({
      message: active.message,
      startDate: active.startDate,
      endDate: active.endDate,
    });
    expect(headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 204 with no body when the hotel has no notification active now', async () => {
    for (const slug of ['spree-loft-berlin', 'casa-alameda-madrid']) {
      const { status, text } = await publicNotification(slug);
      expect(status, slug).toBe(204);
      expect(text).toBe('');
    }
  });

  it('follows the clock: a scheduled notification shows from its start until its end', async () => {
    const [scheduled] = await notificationsOf(berlinId);
    server.clock.advance(Date.parse(scheduled!.startDate) - server.clock.now());
    const started = await publicNotification('spree-loft-berlin');
    expect(started.status).toBe(200);
    expect(started.body).toEqual({
      message: scheduled!.message,
      startDate: scheduled!.startDate,
      endDate: scheduled!.endDate,
    });
    server.clock.advance(Date.parse(scheduled!.endDate) - server.clock.now());
    expect((await publicNotification('spree-loft-berlin')).status).toBe(204);
  });

  it('answers 404 JSON for an unknown slug, an administrator, or a banned hotel', async () => {
    for (const slug of ['no-such-hotel', 'daniel-brooks', 'sophie-laurent']) {
      const { status, body } = await publicNotification(slug);
      expect(status, slug).toBe(404);
      expect(body).toEqual({
        message: 'Not found',
        statusCode: 404,
        code: 'apiErrors.notFound',
        values: {},
      });
    }
    await server.data.update('users', amsterdamId, { status: 'banned' });
    expect((await publicNotification('canal-house-amsterdam')).status).toBe(404);
  });

  it('never shows another hotel’s notification', async () => {
    // Berlin starts one now; Madrid's and Amsterdam's answers do not change.
    const { active } = await amsterdamSeed();
    const created = await send('POST', '/notifications', berlin, {
      message: 'Berlin only',
      startDate: at(-0.5),
      endDate: at(0.5),
    });
    expect(created.status).toBe(201);
    expect((await publicNotification('spree-loft-berlin')).body).toMatchObject({
      message: 'Berlin only',
    });
    expect((await publicNotification('canal-house-amsterdam')).body).toMatchObject({
      message: active.message,
    });
    expect((await publicNotification('casa-alameda-madrid')).status).toBe(204);
  });

  it('stops showing a deleted notification', async () => {
    const { active } = await amsterdamSeed();
    await send('DELETE', `/notifications/${active.id}`, amsterdam);
    expect((await publicNotification('canal-house-amsterdam')).status).toBe(204);
  });

  it('is read-only: other methods still need a token', async () => {
    const { status } = await send('POST', '/public/canal-house-amsterdam/notification', undefined, {
      message: 'x',
    });
    expect(status).toBe(401);
  });
});
