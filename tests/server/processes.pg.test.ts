import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestMail } from '../../mock-server/auth/mailer';
import { spawnApi, type ApiProcess } from './apiProcess';
import { AMSTERDAM, BERLIN, databaseFor, MADRID, PASSWORD } from './helpers';

// Two API processes on one PostgreSQL database, as behind a load balancer: each its own folder
// (no shared disk), the same database, JWT secret and data key. Requests alternate between them.

const DAY = 24 * 60 * 60 * 1000;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-two-'));
const JWT_SECRET = 'two-processes-two-processes-two-processes';
let env: Record<string, string>;
let a: ApiProcess;
let b: ApiProcess;

/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const start = (name: string) => spawnApi({ dir: fs.mkdtempSync(path.join(root, `${name}-`)), env });

beforeAll(async () => {
  env = {
    DATABASE_URL: await databaseFor(root, { seeded: true }),
    DATA_KEY: process.env.TEST_TEMPLATE_DATA_KEY!,
    JWT_SECRET,
    UPLOADS_STORE: 'postgres',
    APP_URL: 'http://dashboard.test',
  };
  [a, b] = await Promise.all([start('a'), start('b')]);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
  fs.rmSync(root, { recursive: true, force: true });
});

async function call(
  api: ApiProcess,
  method: string,
  route: string,
  options: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${api.baseUrl}${route}`, {
    method,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.json === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function signIn(api: ApiProcess, email: string, password = PASSWORD): Promise<string> {
  const answer = await call(api, 'POST', '/auth/login', { json: { email, password } });
  expect(answer.status).toBe(200);
  return (answer.body as { accessToken: string }).accessToken;
}

describe('two API processes on one database', () => {
  it('a token from one works on the other', async () => {
    const token = await signIn(a, AMSTERDAM);
    const me = await call(b, 'GET', '/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: AMSTERDAM });
  });

  it('a password reset on one ends the session on the other', async () => {
    const onB = await signIn(b, MADRID);
    expect(
      (await call(a, 'POST', '/auth/forgot-password', { json: { email: MADRID } })).status,
    ).toBe(204);
    // The mail goes out after the answer.
    await expect.poll(() => readLatestMail(path.join(a.dir, 'outbox'), MADRID)).toBeDefined();
    const mail = readLatestMail(path.join(a.dir, 'outbox'), MADRID);
    const token = /new-password\?token=([\w-]+)/.exec(mail!.text)![1];
    const reset = await call(a, 'POST', '/auth/reset-password', {
      json: { token, password: 'a-new-password-77' },
    });
    expect(reset.status).toBe(204);
    expect((await call(b, 'GET', '/users/me', { token: onB })).status).toBe(401);
    await signIn(b, MADRID, 'a-new-password-77');
  });

  it('five failed sign-ins split over both: the sixth is refused by either', async () => {
    const wrong = { email: BERLIN, password: 'not-the-password' };
    const statuses: number[] = [];
    for (const api of [a, b, a, b, a]) {
      statuses.push((await call(api, 'POST', '/auth/login', { json: wrong })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await call(b, 'POST', '/auth/login', { json: wrong })).status).toBe(429);
    expect((await call(a, 'POST', '/auth/login', { json: wrong })).status).toBe(429);
  });

  it('an upload through one is served by the other', async () => {
    const token = await signIn(a, AMSTERDAM);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'pixel.png');
    const response = await fetch(`${a.baseUrl}/uploads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    const file = await fetch(`${b.baseUrl}${url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('50 bookings for a slot of 10 places, split over both: exactly 10', async () => {
    const token = await signIn(a, AMSTERDAM);
    const slot = await call(a, 'POST', '/timeslots', {
      token,
      json: {
        serviceName: 'Sauna for two processes',
        weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        startTime: '06:00',
        endTime: '07:00',
        capacity: 10,
        active: true,
      },
    });
    expect(slot.status).toBe(201);
    const timeslotId = (slot.body as { id: number }).id;
    const date = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call(index % 2 ? a : b, 'POST', '/bookings', {
          token,
          json: {
            timeslotId,
            date,
            guestName: `Guest ${index}`,
            room: String(100 + index),
            partySize: 1,
            status: 'booked',
          },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(40);
    const stored = await call(b, 'GET', `/bookings?timeslotId=${timeslotId}&date=${date}`, {
      token,
    });
    expect(stored.body).toHaveLength(10);
  });

  it('one killed mid-traffic loses no acknowledged write, and the other keeps serving', async () => {
    const token = await signIn(b, AMSTERDAM);
    const acknowledged: number[] = [];
    const failures: string[] = [];
    let sent = 0;
    let killed = false;
    // Four writers on each process until A is gone; then B alone.
    const writer = (api: ApiProcess) => async () => {
      while (sent < 400) {
        const name = `Two processes ${(sent += 1)}`;
        try {
          const answer = await call(api, 'POST', '/amenity-categories', {
            token,
            json: { name, color: '#123456', locale: 'nl' },
          });
          if (answer.status !== 201)
            throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
          acknowledged.push((answer.body as { id: number }).id);
        } catch (error) {
          if (api === b || !killed) failures.push(String(error));
          if (api === a) return;
        }
      }
    };
    const writers = [
      ...Array.from({ length: 4 }, writer(a)),
      ...Array.from({ length: 4 }, writer(b)),
    ];
    while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    killed = true;
    await a.stop('SIGKILL');
    await Promise.all(writers);
    expect(failures).toEqual([]);
    const stored = new Set<number>();
    for (let page = 1; ; page += 1) {
      const list = await call(
        b,
        'GET',
        `/amenity-categories?name_like=${encodeURIComponent('Two processes')}&_page=${page}&_limit=100`,
        { token },
      );
      const rows = list.body as { id: number }[];
      for (const row of rows) stored.add(row.id);
      if (rows.length < 100) break;
    }
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // A write A committed just before it died has no answer: stored, never acknowledged. At
    // most one per writer of A was in flight; nothing else was stored.
    expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
    expect(stored.size).toBeLessThanOrEqual(acknowledged.length + 4);
  });
});

describe('API_WORKERS=2', () => {
  let cluster: ApiProcess;
  afterAll(async () => {
    await cluster?.stop('SIGKILL');
  });

  it('restarts a process that dies, keeps serving, and stops both on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'cluster-'));
    cluster = await spawnApi({ dir, env: { ...env, API_WORKERS: '2' } });
    expect(cluster.output()).toContain('(2 processes)');
    const children = () =>
      fs
        .readFileSync(`/proc/${cluster.child.pid}/task/${cluster.child.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    await expect.poll(() => children().length).toBe(2);
    const [first] = children();
    process.kill(first!, 'SIGKILL');
    await expect
      .poll(() => cluster.output())
      .toContain('API process 1 stopped (SIGKILL); starting it again');
    await expect.poll(() => children().length, { timeout: 30_000 }).toBe(2);
    expect(children()).not.toContain(first);
    for (let i = 0; i < 10; i++) {
      expect((await fetch(`${cluster.baseUrl}/ready`)).status).toBe(200);
    }
    const all = children();
    expect(await cluster.stop('SIGTERM')).toBe(0);
    for (const pid of all) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  }, 90_000);
});
