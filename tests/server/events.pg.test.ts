import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnApi, type ApiProcess } from './apiProcess';
import { AMSTERDAM, BERLIN, databaseFor, PASSWORD } from './helpers';
import { changeOf, openStream, ticketFor, type OpenStream } from './liveStream';

// Live events across two API processes on one PostgreSQL database (LISTEN/NOTIFY): a write on
// one reaches the streams of the other, by the same access rules, and a stream resumes on
// either process.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-live-'));
let a: ApiProcess;
let b: ApiProcess;
const opened: OpenStream[] = [];

beforeAll(async () => {
  const env = {
    DATABASE_URL: await databaseFor(root, { seeded: true }),
    DATA_KEY: process.env.TEST_TEMPLATE_DATA_KEY!,
    JWT_SECRET: 'live-events-live-events-live-events-live',
    APP_URL: 'http://dashboard.test',
  };
  const start = (name: string) =>
    spawnApi({ dir: fs.mkdtempSync(path.join(root, `${name}-`)), env });
  [a, b] = await Promise.all([start('a'), start('b')]);
}, 120_000);
afterAll(async () => {
  for (const stream of opened) stream.close();
  await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
  fs.rmSync(root, { recursive: true, force: true });
});

async function signIn(api: ApiProcess, email: string): Promise<string> {
  const answer = await fetch(`${api.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/** A stream on `api`; its ticket asked from `ticketFrom` (another process may give it). */
async function streamOn(
  api: ApiProcess,
  token: string,
  options: { ticketFrom?: ApiProcess; lastEventId?: string } = {},
) {
  const ticket = await ticketFor((options.ticketFrom ?? api).baseUrl, token);
  const { status, stream } = await openStream(api.baseUrl, ticket, options);
  expect(status).toBe(200);
  opened.push(stream!);
  return stream!;
}

async function createCategory(api: ApiProcess, token: string, name: string, locale: string) {
  const answer = await fetch(`${api.baseUrl}/amenity-categories`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, color: '#123456', locale }),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

describe('live events across two API processes', () => {
  it("a write on one process reaches Berlin's stream on the other, never Amsterdam's", async () => {
    const [berlin, amsterdam] = await Promise.all([signIn(a, BERLIN), signIn(b, AMSTERDAM)]);
    // A ticket from one process opens a stream on the other (single use is shared too).
    const onBerlin = await streamOn(a, berlin, { ticketFrom: b });
    const onAmsterdamA = await streamOn(a, amsterdam);
    const onAmsterdamB = await streamOn(b, amsterdam);
    const berlins = await createCategory(b, berlin, 'Berlin on B', 'de');
    await onBerlin.until(changeOf('amenity-categories', berlins, 'created'));
    const marker = await createCategory(b, amsterdam, 'Amsterdam on B', 'nl');
    await onAmsterdamA.until(changeOf('amenity-categories', marker));
    await onAmsterdamB.until(changeOf('amenity-categories', marker));
    for (const stream of [onAmsterdamA, onAmsterdamB]) {
      expect(stream.changes().flatMap((change) => change.ids)).not.toContain(berlins);
    }
    for (const stream of [onBerlin, onAmsterdamA, onAmsterdamB]) stream.close();
  });

  it('a ticket is used once across processes', async () => {
    const berlin = await signIn(a, BERLIN);
    const ticket = await ticketFor(a.baseUrl, berlin);
    const first = await openStream(b.baseUrl, ticket);
    expect(first.status).toBe(200);
    first.stream!.close();
    expect((await openStream(a.baseUrl, ticket)).status).toBe(401);
  });

  it('resumes on the other process with Last-Event-ID, and a sign-out on one ends it on the other', async () => {
    const berlin = await signIn(a, BERLIN);
    const first = await streamOn(a, berlin);
    const before = await createCategory(a, berlin, 'Before', 'de');
    const seen = await first.until(changeOf('amenity-categories', before));
    first.close();
    const missed = await createCategory(a, berlin, 'Missed', 'de');
    const again = await streamOn(b, berlin, { lastEventId: seen.id });
    await again.until(changeOf('amenity-categories', missed, 'created'));
    const signedOut = await fetch(`${a.baseUrl}/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${berlin}` },
    });
    expect(signedOut.status).toBe(204);
    await again.until((message) => message.event === 'end');
    await again.closed;
  });
});
