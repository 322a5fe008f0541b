import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mulberry32 } from '../../mock-server/seed/random';
import { resources } from '../../src/resources';
import { MAX_PAGE_SIZE } from '../../src/schema/paging';
import type { ApiErrorBody } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  PASSWORD,
  startServer,
  STORE_KIND,
  userId,
  type Answer,
  type TestServer,
} from './helpers';

/** What a stack trace leaks: `at /path/to/file.ts:1:2` or an `Error:` line. */
const STACK = /\bat \S*[/\\]|Error:/;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('malformed percent-escapes in the path', () => {
  let server: TestServer;
  let operator: string;
  beforeAll(async () => {
    server = await startServer();
    operator = await server.login(AMSTERDAM);
  });
  afterAll(async () => {
    await server.close();
  });

  const PATHS = [
    '/amenities/%zz',
    '/public/%/notification',
    '/amenities/%E0%A4%A',
    '/public/canal-house-amsterdam/%zz',
    '/amenities/%E0%A4%A/sync',
    '/auth/%zz',
    '/%',
  ];

  it.each(PATHS)('%s answers 400, anonymous and with a token, without logging', async (url) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const token of [undefined, operator]) {
      for (const method of ['GET', 'DELETE']) {
        const answer = await server.send(method, url, token);
        expect(answer.status, `${method} ${url}`).toBe(400);
        expect(answer.body).toEqual({
          message: 'Bad request',
          statusCode: 400,
          code: 'apiErrors.badRequest',
          values: {},
        });
      }
    }
    expect(logged).not.toHaveBeenCalled();
  });
});

describe('fuzz: malformed requests never answer 5xx', () => {
  let server: TestServer;
  let tokens: Record<string, string | undefined>;
  beforeAll(async () => {
    server = await startServer();
    tokens = {
      anonymous: undefined,
      operator: await server.login(AMSTERDAM),
      admin: await server.login(ADMIN),
      forged: 'not.a.token',
    };
  });
  afterAll(async () => {
    await server.close();
  });

  const COUNT = 1500;
  const random = mulberry32(0x5eed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;

  const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const BAD_ESCAPES = ['%', '%zz', '%E0%A4%A', '%%', '%C0%AF', '%ED%A0%80', '%u0041', '%2', '%00'];
  const IDS = [
    '1',
    '3',
    '0',
    '-1',
    'NaN',
    '1.5',
    '1e3',
    '0x10',
    '99999999999999999999',
    '9'.repeat(400),
    'null',
    'me',
    '%20',
    '%F0%9F%98%80',
    ...BAD_ESCAPES,
  ];
  const SLUGS = [
    'canal-house-amsterdam',
    'CANAL-HOUSE-AMSTERDAM',
    'nope',
    'x'.repeat(300),
    '%F0%9F%98%80',
    ...BAD_ESCAPES,
  ];
  const QUERY = [
    '_sort=nope',
    '_sort=id,,__proto__',
    '_sort=passwordHash',
    '_order=sideways',
    '_start=-1',
    '_start=-5&_end=-1',
    '_end=abc',
    '_end=1e9',
    '_limit=-3',
    '_limit=99999',
    '_page=-2&_limit=-10',
    '_page=NaN',
    '_start=1&_start=2',
    '_sort=id&_sort=name',
    'q=(.*+?[',
    'q=a&q=b',
    'q=%zz',
    'name_like=(',
    'id_like=[a-',
    `name_like=${'a'.repeat(300)}`,
    'id=1&id=abc',
    'ownerId=3',
    'ownerId_ne=',
    'id_gte=abc&id_lte=%00',
    'a[b]=1',
    '__proto__=1',
    'constructor.prototype_like=x',
    '_embed=users&_expand=owner',
    'date=2026-02-30',
    'callback=alert',
    '%zz=1',
    'coordinates.lat_gte=NaN',
    // Issue 36: what PostgreSQL answered with a 500 (or a 503) while the JSON file did not.
    'room_gte=200',
    'date_lte=',
    'at_gte=0',
    'id_gte=0.5',
    'id_gte=Infinity',
    'id=1e%2B21',
    '_sort=title.%22',
    'title.=x',
    'fields..name=x',
    'fields.%7B%7D=x',
    'name.%5C=x',
    '_page=100000000000000000000',
    'ownerId[]=4',
    '_sort=title.a%00b',
    'price_gte=',
    'active_lte=1',
  ];
  const JUNK: unknown[] = [
    null,
    '',
    -1,
    0,
    1e308,
    3.5,
    true,
    [],
    {},
    ['mon', 'mon'],
    [null],
    [{}],
    { lat: 'x', lng: [] },
    '2026-02-30',
    '2026-13-01T25:61:00Z',
    '25:99',
    '%zz',
    '#zzz',
    'ü😀\u0000\u202e\ud800',
    'x'.repeat(5000),
    { $gt: '' },
    JSON.parse('{"__proto__":{"isAdmin":true}}'),
  ];

  /** The paths a declared resource answers, with `{id}` where an id goes. */
  const resourcePaths = resources.flatMap((resource) => {
    const base = `/${resource.name}`;
    const paths = [base, `${base}/{id}`, `${base}/summary`];
    for (const [name, action] of Object.entries(resource.actions)) {
      paths.push(action.on === 'record' ? `${base}/{id}/${name}` : `${base}/${name}`);
    }
    if (resource.parent) paths.push(`/${resource.parent.resource}/{id}/${resource.name}`);
    return paths.map((route) => ({ route, resource }));
  });
  const otherPaths = [
    '/auth/login',
    '/auth/forgot-password',
    '/auth/reset-password',
    '/auth/login-as',
    '/users/me',
    '/stats',
    '/health',
    '/public/{slug}/notification',
    '/public/{slug}/timeslots',
    '/public/{slug}/bookings',
    '/public/{slug}/orders',
    '/nope/{id}',
  ].map((route) => ({ route, resource: undefined }));
  const targets = [...resourcePaths, ...otherPaths];

  /** A body: the wrong JSON shape, a record of junk values, or text that is not JSON at all. */
  function body(resource: (typeof resources)[number] | undefined): string {
    switch (Math.floor(random() * 9)) {
      case 0:
        return JSON.stringify(pick([[], [1, 2], 'text', 42, null, true, [{ id: 1 }]]));
      case 1:
        return deep(pick([100, 5000, 100_000]));
      case 2:
        return JSON.stringify({ name: 'x'.repeat(pick([10_000, 900_000, 2_000_000])) });
      case 3:
        return pick([
          '{"email": ',
          '{"a":1}{',
          "{'a':1}",
          '\u00ff\u00fe',
          '',
          'null',
          '{"__proto__":{"isAdmin":true}}',
        ]);
      default: {
        const fields = Object.keys(
          resource?.fields ?? { email: 1, password: 1, token: 1, id: 1, date: 1 },
        );
        // Built as text: a value nested 50,000 deep is more than JSON.stringify can walk.
        const entries = fields
          .filter(() => chance(0.6))
          .map((name) => {
            const value = chance(0.1) ? deep(pick([3000, 50_000])) : JSON.stringify(pick(JUNK));
            return `${JSON.stringify(name)}:${value}`;
          });
        return `{${entries.join(',')}}`;
      }
    }
  }

  function fill(route: string): string {
    return route
      .replace('{id}', () => (chance(0.5) ? String(1 + Math.floor(random() * 12)) : pick(IDS)))
      .replace('{slug}', () => pick(SLUGS));
  }

  function request() {
    const { route, resource } = pick(targets);
    const method = pick([
      'GET',
      'GET',
      'HEAD',
      'POST',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'OPTIONS',
      'PROPFIND',
    ]);
    const reads = method === 'GET' || method === 'HEAD';
    const params = Array.from({ length: Math.floor(random() * (reads ? 3 : 1.3)) }, () =>
      pick(QUERY),
    );
    const url = `${fill(route)}${params.length ? `?${params.join('&')}` : ''}`;
    const actor = pick(['anonymous', 'forged', 'operator', 'operator', 'admin', 'admin']);
    const headers: Record<string, string> = {};
    const token = tokens[actor];
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (!reads && chance(0.85)) {
      payload = body(resource);
      headers['Content-Type'] = pick([
        ...Array<string>(12).fill('application/json'),
        'application/json; charset=utf-16',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/vnd.api+json',
      ]);
      if (chance(0.03)) headers['Content-Encoding'] = pick(['gzip', 'br', 'identity']);
    }
    if (chance(0.05)) headers.Origin = pick(['http://evil.test', 'null']);
    return { method, url, actor, headers, payload };
  }

  it(
    `answers ${COUNT} malformed requests without a 5xx or a leaked stack`,
    { timeout: 60_000 },
    async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const histogram: Record<number, number> = {};
      const failures: string[] = [];
      for (let i = 0; i < COUNT; i++) {
        const { method, url, actor, headers, payload } = request();
        const response = await fetch(`${server.baseUrl}${url}`, { method, headers, body: payload });
        const text = await response.text();
        histogram[response.status] = (histogram[response.status] ?? 0) + 1;
        const where = `#${i} ${method} ${url.slice(0, 120)} as ${actor} -> ${response.status}`;
        if (response.status >= 500) failures.push(`${where} ${text.slice(0, 200)}`);
        if (response.status >= 400 && method !== 'HEAD') {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            failures.push(`${where}: not JSON: ${text.slice(0, 200)}`);
            continue;
          }
          const error = parsed as { message?: unknown; statusCode?: unknown };
          if (typeof error.message !== 'string' || error.statusCode !== response.status) {
            failures.push(`${where}: ${text.slice(0, 200)}`);
          }
          if (STACK.test(text)) failures.push(`${where}: stack ${text.slice(0, 200)}`);
        }
      }
      console.log(`fuzz: ${COUNT} requests, statuses ${JSON.stringify(histogram)}`);
      expect(failures).toEqual([]);
      expect(logged).not.toHaveBeenCalled();
    },
  );
});

describe('records with impossible dates or empty multi-selects are refused', () => {
  let server: TestServer;
  let operator: string;
  let timeslotId: number;
  beforeAll(async () => {
    server = await startServer();
    operator = await server.login(AMSTERDAM);
    const ownerId = userId(server, AMSTERDAM);
    timeslotId = (await server.data.find('timeslots', { ownerId }))[0]!.id;
  });
  afterAll(async () => {
    await server.close();
  });

  const slot = (weekdays: unknown) => ({
    serviceName: 'Sauna',
    weekdays,
    startTime: '09:00',
    endTime: '10:00',
    capacity: 4,
  });

  it('refuses a booking on a day the calendar does not have (even a cancelled one)', async () => {
    const before = await server.data.count('bookings');
    for (const date of ['2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01']) {
      const { status, body } = await server.send('POST', '/bookings', operator, {
        guestName: 'Ada',
        timeslotId,
        date,
        partySize: 1,
        status: 'cancelled',
      });
      expect(status, date).toBe(422);
      expect((body as ApiErrorBody).errors?.date, date).toEqual(['Date must be a valid date']);
    }
    expect(await server.data.count('bookings')).toBe(before);
  });

  it('refuses a notification period that starts on a day that does not exist', async () => {
    const { status, body } = await server.send('POST', '/notifications', operator, {
      message: 'Pool closed',
      startDate: '2031-02-30T10:00:00Z',
      endDate: '2031-03-02T10:00:00Z',
    });
    expect(status).toBe(422);
    expect(Object.keys((body as ApiErrorBody).errors ?? {})).toEqual(['startDate']);
  });

  it('refuses a timeslot offered on no weekday, or on one weekday twice', async () => {
    const before = await server.data.count('timeslots');
    const empty = await server.send('POST', '/timeslots', operator, slot([]));
    expect(empty.status).toBe(422);
    expect((empty.body as ApiErrorBody).errors?.weekdays).toEqual(['Weekdays is required']);
    const twice = await server.send('POST', '/timeslots', operator, slot(['mon', 'tue', 'mon']));
    expect(twice.status).toBe(422);
    expect((twice.body as ApiErrorBody).errors?.weekdays).toEqual([
      'Weekdays lists a value more than once',
    ]);
    expect(await server.data.count('timeslots')).toBe(before);

    // Editing an existing timeslot down to no weekday is refused too.
    const emptied = await server.send('PATCH', `/timeslots/${timeslotId}`, operator, {
      weekdays: [],
    });
    expect(emptied.status).toBe(422);
    const fine = await server.send('POST', '/timeslots', operator, slot(['sun', 'mon']));
    expect(fine.status).toBe(201);
  });
});

describe('page size', () => {
  let server: TestServer;
  let admin: string;
  let total: number;
  beforeAll(async () => {
    server = await startServer();
    admin = await server.login(ADMIN);
    // More visits than one page may hold (written around the API, as the server itself does).
    const ownerId = userId(server, AMSTERDAM);
    const seeded = await server.data.count('visits');
    await server.store.transaction(async (tx) => {
      for (let day = 0; day < MAX_PAGE_SIZE + 200; day++) {
        const date = new Date(Date.UTC(2000, 0, 1 + day)).toISOString().slice(0, 10);
        await tx.insert('visits', { ownerId, date, visitors: 1 });
      }
    });
    total = await server.data.count('visits');
    expect(total).toBe(seeded + MAX_PAGE_SIZE + 200);
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a page of more than MAX_PAGE_SIZE records with 400', async () => {
    expect(MAX_PAGE_SIZE).toBe(1000);
    for (const query of [
      '_limit=1001',
      '_start=0&_end=1001',
      '_start=5&_end=2000',
      '_page=1&_limit=5000',
    ]) {
      const { status, body } = await server.send('GET', `/visits?${query}`, admin);
      expect(status, query).toBe(400);
      expect((body as ApiErrorBody).message, query).toBe(
        'A page holds at most 1000 records; ask for the list page by page',
      );
    }
    // A negative bound counts from the end (`_end=-1`: everything but the last record).
    for (const query of ['_start=0&_end=-1', '_start=-1500&_end=10', '_page=2&_limit=-3']) {
      const { status, body } = await server.send('GET', `/visits?${query}`, admin);
      expect(status, query).toBe(400);
      expect((body as ApiErrorBody).message, query).toBe(
        'Paging parameters (_start, _end, _limit) must not be negative',
      );
    }
  });

  it('answers pages of up to MAX_PAGE_SIZE records', async () => {
    for (const query of ['_limit=1000', '_start=10&_end=1010', '_page=2&_limit=1000']) {
      const { status, body, headers } = await server.send('GET', `/visits?${query}`, admin);
      expect(status, query).toBe(200);
      expect((body as unknown[]).length, query).toBe(
        query.startsWith('_page') ? total - 1000 : 1000,
      );
      expect(headers.get('x-total-count')).toBe(String(total));
    }
  });

  it('caps a list without paging at MAX_PAGE_SIZE, with the full count in X-Total-Count', async () => {
    expect(total).toBeGreaterThan(MAX_PAGE_SIZE);
    const { status, body, headers } = await server.send('GET', '/visits?_sort=id', admin);
    expect(status).toBe(200);
    expect((body as { id: number }[]).length).toBe(MAX_PAGE_SIZE);
    expect((body as { id: number }[])[0]?.id).toBe(1);
    expect(headers.get('x-total-count')).toBe(String(total));
  });
});

describe('security headers', () => {
  let server: TestServer;
  let operator: string;
  beforeAll(async () => {
    server = await startServer();
    operator = await server.login(AMSTERDAM);
  });
  afterAll(async () => {
    await server.close();
  });

  const expectApiHeaders = (answer: Answer, where: string) => {
    expect(answer.headers.get('x-content-type-options'), where).toBe('nosniff');
    expect(answer.headers.get('referrer-policy'), where).toBe('no-referrer');
    expect(answer.headers.get('content-security-policy'), where).toBe("frame-ancestors 'none'");
    expect(answer.headers.get('x-frame-options'), where).toBe('DENY');
  };

  it('sends them on every answer, errors included', async () => {
    const answers: [string, Answer][] = [
      ['health', await server.send('GET', '/health')],
      ['anonymous list', await server.send('GET', '/amenities')],
      ['bad path', await server.send('GET', '/amenities/%zz')],
      ['unknown path', await server.send('GET', '/nope', operator)],
      ['list', await server.send('GET', '/amenities', operator)],
      ['public', await server.send('GET', '/public/canal-house-amsterdam/notification')],
    ];
    for (const [where, answer] of answers) expectApiHeaders(answer, where);
  });

  it('keeps answers to signed-in callers and sign-in itself out of caches', async () => {
    const answers: [string, Answer][] = [
      ['list', await server.send('GET', '/amenities', operator)],
      ['me', await server.send('GET', '/users/me', operator)],
      ['not found', await server.send('GET', '/amenities/999999', operator)],
      ['forged token', await server.send('GET', '/amenities', 'not.a.token')],
      [
        'login',
        await server.send('POST', '/auth/login', undefined, {
          email: AMSTERDAM,
          password: PASSWORD,
        }),
      ],
      ['failed login', await server.send('POST', '/auth/login', undefined, { email: 'x' })],
      ['forgot', await server.send('POST', '/auth/forgot-password', undefined, { email: 'a@b.c' })],
    ];
    for (const [where, answer] of answers) {
      expectApiHeaders(answer, where);
      expect(answer.headers.get('cache-control'), where).toBe('no-store');
    }
  });
});

describe('ids are never reused', () => {
  let server: TestServer;
  let operator: string;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const readMeta = (dir: string) =>
    (JSON.parse(fs.readFileSync(path.join(dir, 'db.json'), 'utf8')) as Record<string, unknown>)
      ._meta as { lastIds?: Record<string, number> };
  /**
   * A collection's persisted id counter: the data file's `_meta.lastIds`, or (PostgreSQL) the
   * collection's sequence as the database holds it (0 before its first value).
   */
  const counter = async (name: string): Promise<number | undefined> => {
    if (STORE_KIND === 'json') return readMeta(server.dir).lastIds?.[name];
    const client = new pg.Client({ connectionString: server.config.databaseUrl });
    await client.connect();
    try {
      const sequence = `"${`${name}__ids`.replaceAll('"', '""')}"`;
      const { rows } = await client.query<{ value: string }>(
        `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS value FROM ${sequence}`,
      );
      return Number(rows[0]!.value);
    } finally {
      await client.end();
    }
  };
  const create = async (name: string) => {
    const answer = await server.send('POST', '/amenity-categories', operator, {
      name,
      color: '#7635dc',
      locale: 'en',
    });
    expect(answer.status, answer.text).toBe(201);
    return (answer.body as { id: number }).id;
  };

  it('gives a new record a new id after the newest was deleted, also after a restart', async () => {
    operator = await server.login(AMSTERDAM);
    const categories = () => counter('amenity-categories');
    const first = await create('Wellness');
    const afterFirst = (await categories())!;
    const deleted = await server.send('DELETE', `/amenity-categories/${first}`, operator);
    expect(deleted.status).toBe(200);
    const second = await create('Wellness again');
    expect(second).not.toBe(first);
    expect(await categories()).toBe(afterFirst + 1);

    // Restart on the same data: the counter was persisted, the next id is new again.
    await server.send('DELETE', `/amenity-categories/${second}`, operator);
    const dir = server.dir;
    await server.close({ keepDir: true });
    server = await startServer({ dir });
    operator = await server.login(AMSTERDAM);
    const third = await create('After restart');
    expect([first, second]).not.toContain(third);
    expect(await categories()).toBe(afterFirst + 2);
  });

  it('gives ids that say nothing about what other hotels created in between', async () => {
    operator = await server.login(AMSTERDAM);
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await create(`Category ${i}`));
    // A counter would give 12 consecutive ids; a keyed permutation gives scattered ones.
    const steps = ids.slice(1).map((id, index) => id - ids[index]!);
    expect(steps.filter((step) => step === 1).length).toBeLessThan(3);
    expect(steps.some((step) => step < 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isSafeInteger(id) && id > 0 && id < 2 ** 48).toBe(true);
  });

  it('stores nothing of a failed transaction, and never gives the newest id again', async () => {
    const store = server.store;
    const before = await server.data.count('visits');
    await expect(
      store.transaction(async (tx) => {
        await tx.insert('visits', { ownerId: 3, date: '2030-01-01', visitors: 1 });
        throw new Error('rule broken');
      }),
    ).rejects.toThrow('rule broken');
    expect(await server.data.count('visits')).toBe(before);
    const kept = await store.transaction((tx) =>
      tx.insert('visits', { ownerId: 3, date: '2030-01-02', visitors: 1 }),
    );
    expect(await server.data.find('visits', { id: kept.id })).toHaveLength(1);
    expect(await server.data.count('visits')).toBe(before + 1);

    const reset = await server.data.insert('passwordResets', {
      userId: 3,
      tokenHash: 'x',
      expiresAt: new Date(0).toISOString(),
      usedAt: null,
      createdAt: new Date(0).toISOString(),
    });
    await server.data.remove('passwordResets', reset.id);
    const next = await server.data.insert('passwordResets', { ...reset, id: undefined });
    expect(next.id).not.toBe(reset.id);
  });
});
