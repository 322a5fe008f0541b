import fs from 'node:fs';
import path from 'node:path';
import { preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { Response } from 'express';
import {
  MAX_STREAMS_PER_USER,
  MAX_UNSENT_BYTES,
  Stream,
  TICKET_TTL_SECONDS,
} from '../../mock-server/events/streams';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  MADRID,
  SUPERADMIN,
  startServer,
  userId,
  type TestServer,
} from './helpers';
import { changeOf, openStream, ticketFor, type OpenStream } from './liveStream';

// Live events (issue 38): the stream behind a ticket, what each user hears of whose writes, and
// how it resumes and ends. Runs on the JSON file and on PostgreSQL (server-pg).

type Row = Record<string, unknown>;

/** A person of two hotels (the seed's chain manager, Marta Keller): Amsterdam and Berlin. */
const CHAIN_MANAGER = 'chain-manager@example.com';

let server: TestServer;
let amsterdam: string;
let berlin: string;
let admin: string;
const opened: OpenStream[] = [];

beforeAll(async () => {
  server = await startServer();
  [amsterdam, berlin, admin] = await Promise.all([
    server.login(AMSTERDAM),
    server.login(BERLIN),
    server.login(ADMIN),
  ]);
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await server?.close();
});

/** A stream for `token`'s session (fails the test unless it opens). */
async function streamOf(token: string, lastEventId?: string): Promise<OpenStream> {
  const { status, stream } = await openStream(
    server.baseUrl,
    await ticketFor(server.baseUrl, token),
    { lastEventId },
  );
  expect(status).toBe(200);
  opened.push(stream!);
  return stream!;
}

/** A hotel's new amenity category, through the API (in the hotel's own language). */
async function createCategory(token: string, name: string): Promise<number> {
  const answer = await server.send('POST', '/amenity-categories', token, {
    name,
    color: '#123456',
    locale: token === amsterdam ? 'nl' : 'de',
  });
  expect(answer.status, answer.text).toBe(201);
  return (answer.body as Row).id as number;
}

describe('tickets', () => {
  it('are given only to a signed-in caller', async () => {
    expect((await server.send('POST', '/events/ticket')).status).toBe(401);
    expect((await server.send('POST', '/events/ticket', 'not-a-token')).status).toBe(401);
  });

  it('refuse a missing, forged or access-token ticket with 401', async () => {
    const ticket = await ticketFor(server.baseUrl, berlin);
    const [header, payload] = ticket.split('.');
    for (const forged of [
      '',
      'nonsense',
      // The user's access token is no ticket.
      berlin,
      // The payload of a real ticket with another signature.
      `${header}.${payload}.${'A'.repeat(43)}`,
    ]) {
      expect((await openStream(server.baseUrl, forged)).status, forged).toBe(401);
    }
    expect((await server.send('GET', '/events')).status).toBe(401);
  });

  it('refuse an expired ticket with 401', async () => {
    const ticket = await ticketFor(server.baseUrl, berlin);
    server.clock.advance((TICKET_TTL_SECONDS + 1) * 1000);
    const answer = await openStream(server.baseUrl, ticket);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ message: 'Ticket expired' });
  });

  it('open one stream only (a used ticket answers 401)', async () => {
    const ticket = await ticketFor(server.baseUrl, berlin);
    const first = await openStream(server.baseUrl, ticket);
    expect(first.status).toBe(200);
    opened.push(first.stream!);
    const again = await openStream(server.baseUrl, ticket);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ message: 'Ticket already used' });
    first.stream!.close();
  });
});

describe('what each user hears', () => {
  it("a write by Berlin reaches Berlin's stream and an administrator's, never Amsterdam's", async () => {
    const [onBerlin, onAmsterdam, onAdmin] = await Promise.all([
      streamOf(berlin),
      streamOf(amsterdam),
      streamOf(admin),
    ]);
    const berlins = await createCategory(berlin, 'Berlin only');
    await onBerlin.until(changeOf('amenity-categories', berlins, 'created'));
    await onAdmin.until(changeOf('amenity-categories', berlins, 'created'));
    // Amsterdam's own later write arrives after Berlin's would have: Berlin's never came.
    const amsterdams = await createCategory(amsterdam, 'Amsterdam only');
    await onAmsterdam.until(changeOf('amenity-categories', amsterdams, 'created'));
    expect(onAmsterdam.changes().flatMap((change) => change.ids)).not.toContain(berlins);
    await onBerlin.until(changeOf('amenity-categories', berlins));
    expect(onBerlin.changes().flatMap((change) => change.ids)).not.toContain(amsterdams);
    // Updates and deletes name only the ids, the resource and the action.
    expect(
      (await server.send('PATCH', `/amenity-categories/${berlins}`, berlin, { name: 'Renamed' }))
        .status,
    ).toBe(200);
    expect((await server.send('DELETE', `/amenity-categories/${berlins}`, berlin)).status).toBe(
      200,
    );
    await onBerlin.until(changeOf('amenity-categories', berlins, 'deleted'));
    const last = onBerlin.changes().filter((change) => change.ids.includes(berlins));
    expect(last.map(({ resource, ids, action }) => ({ resource, ids, action }))).toEqual([
      { resource: 'amenity-categories', ids: [berlins], action: 'created' },
      { resource: 'amenity-categories', ids: [berlins], action: 'updated' },
      { resource: 'amenity-categories', ids: [berlins], action: 'deleted' },
    ]);
    // Each names who made it (the edit forms say "Changed by …"); a guest's has nobody.
    expect((last[1] as { by?: unknown }).by).toMatchObject({ id: userId(server, BERLIN) });
    // A deleted record of Berlin's is not announced to Amsterdam either.
    const marker = await createCategory(amsterdam, 'Marker');
    await onAmsterdam.until(changeOf('amenity-categories', marker));
    expect(onAmsterdam.changes().flatMap((change) => change.ids)).not.toContain(berlins);
    for (const stream of [onBerlin, onAmsterdam, onAdmin]) stream.close();
  });

  it("a guest's form submission is announced to its hotel", async () => {
    const created = await server.send('POST', '/forms', amsterdam, {
      label: 'Wensen',
      locale: 'nl',
      fields: [{ name: 'name', label: 'Naam', type: 'text', required: true }],
    });
    expect(created.status, created.text).toBe(201);
    const formId = (created.body as Row).id as number;
    const onAmsterdam = await streamOf(amsterdam);
    const onBerlin = await streamOf(berlin);
    const submitted = await server.send(
      'POST',
      `/public/canal-house-amsterdam/forms/${formId}/submissions`,
      undefined,
      { data: { name: 'Anna' } },
    );
    expect(submitted.status, submitted.text).toBe(201);
    const [stored] = await server.data.find('submissions', { formId });
    const heard = await onAmsterdam.until(changeOf('submissions', stored!.id, 'created'));
    expect(JSON.parse(heard.data)).toEqual({
      resource: 'submissions',
      ids: [stored!.id],
      action: 'created',
    });
    const marker = await createCategory(berlin, 'After the submission');
    await onBerlin.until(changeOf('amenity-categories', marker));
    expect(onBerlin.changes().some((change) => change.resource === 'submissions')).toBe(false);
    onAmsterdam.close();
    onBerlin.close();
  });
});

describe('resuming', () => {
  it('replays what came after Last-Event-ID, in order, and says reset for an unknown one', async () => {
    const first = await streamOf(berlin);
    const before = await createCategory(berlin, 'Before the drop');
    const seen = await first.until(changeOf('amenity-categories', before));
    first.close();
    const missed = [
      await createCategory(berlin, 'Missed one'),
      await createCategory(amsterdam, 'Not Berlin'),
      await createCategory(berlin, 'Missed two'),
    ];
    const again = await streamOf(berlin, seen.id);
    await again.until(changeOf('amenity-categories', missed[2]!));
    expect(
      again
        .changes()
        .filter((change) => change.resource === 'amenity-categories')
        .map((change) => change.ids),
    ).toEqual([[missed[0]], [missed[2]]]);
    again.close();

    const unknown = await streamOf(berlin, '999999999999');
    await unknown.until((message) => message.event === 'reset');
    unknown.close();
  });
});

describe('limits and endings', () => {
  it(`lets one user open ${MAX_STREAMS_PER_USER} streams, and answers 429 with a code past that`, async () => {
    const token = await server.login(MADRID);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) streams.push(await streamOf(token));
    const past = await openStream(server.baseUrl, await ticketFor(server.baseUrl, token));
    expect(past.status).toBe(429);
    expect(past.body).toMatchObject({ code: 'apiErrors.tooManyStreams', values: { max: 10 } });
    // Another user is not counted with them.
    (await streamOf(amsterdam)).close();
    streams[0]!.close();
    await streams[0]!.closed;
    // One closed, one more may open (the server notices the close).
    await expect
      .poll(async () => {
        const answer = await openStream(server.baseUrl, await ticketFor(server.baseUrl, token));
        answer.stream?.close();
        return answer.status;
      })
      .toBe(200);
    for (const stream of streams) stream.close();
  });

  it('takes its per-user cap from LIVE_STREAMS_PER_USER', async () => {
    const capped = await startServer({ env: { LIVE_STREAMS_PER_USER: '2' } });
    try {
      const token = await capped.login(MADRID);
      const streams = [
        (await openStream(capped.baseUrl, await ticketFor(capped.baseUrl, token))).stream,
        (await openStream(capped.baseUrl, await ticketFor(capped.baseUrl, token))).stream,
      ];
      const past = await openStream(capped.baseUrl, await ticketFor(capped.baseUrl, token));
      expect(past.status).toBe(429);
      expect(past.body).toMatchObject({ code: 'apiErrors.tooManyStreams', values: { max: 2 } });
      for (const stream of streams) stream?.close();
    } finally {
      await capped.close();
    }
  });

  it('ends when its session signs out', async () => {
    const token = await server.login(BERLIN);
    const other = await streamOf(berlin);
    const stream = await streamOf(token);
    expect((await server.send('POST', '/auth/logout', token)).status).toBe(204);
    await stream.until((message) => message.event === 'end');
    await stream.closed;
    // Another session of the same user goes on.
    const marker = await createCategory(berlin, 'Still here');
    await other.until(changeOf('amenity-categories', marker));
    other.close();
  });

  it('ends when the account is banned', async () => {
    const superAdmin = await server.login(SUPERADMIN);
    const token = await server.login(MADRID);
    const stream = await streamOf(token);
    const banned = await server.send('PATCH', `/users/${userId(server, MADRID)}`, superAdmin, {
      status: 'banned',
    });
    expect(banned.status, banned.text).toBe(200);
    const end = await stream.until((message) => message.event === 'end');
    expect(JSON.parse(end.data)).toEqual({ reason: 'session' });
    await stream.closed;
  });
});

describe("through the dashboard's /api proxy (npm start)", () => {
  it('passes the stream on as it comes, unbuffered, with keep-alives inside its idle limit', async () => {
    const dist = fs.mkdtempSync(path.join(server.dir, 'dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stay</title>');
    // The proxy's target is read from API_PORT when the config loads, as `npm start` sets it.
    const port = process.env.API_PORT;
    process.env.API_PORT = new URL(server.baseUrl).port;
    const web = await preview({
      configFile: 'vite.config.ts',
      build: { outDir: dist },
      preview: { port: 0, strictPort: false, open: false },
      logLevel: 'silent',
    });
    if (port === undefined) delete process.env.API_PORT;
    else process.env.API_PORT = port;
    try {
      const api = `${new URL(web.resolvedUrls!.local[0]!).origin}/api`;
      const { status, stream } = await openStream(api, await ticketFor(api, berlin));
      expect(status).toBe(200);
      opened.push(stream!);
      const id = await createCategory(berlin, 'Through the proxy');
      // Buffered, the one small event would wait for more; it comes at once.
      await stream!.until(changeOf('amenity-categories', id, 'created'), 1000);
      stream!.close();
    } finally {
      await web.close();
    }
  });
});

describe('a client that never reads', () => {
  it(`is dropped once ${MAX_UNSENT_BYTES / 1024} KiB wait unsent for it, and the rest goes on`, async () => {
    // A connection whose reader never takes anything: every write stays waiting.
    const stalled = new Writable({ highWaterMark: 1024, write: () => undefined });
    let ended = 0;
    const stream = new Stream(
      stalled as unknown as Response,
      { id: 1, isAdmin: false, isSuperAdmin: false },
      { token: { userId: 1, sessionVersion: 0 }, tokenExpires: 0, session: 'x' },
      () => (ended += 1),
    );
    const change = { resource: 'pages', ids: [1], action: 'updated' as const, records: {} };
    let sent = 0;
    let bytes = 0;
    while (!stalled.destroyed && sent < 10_000) {
      const id = String((sent += 1));
      stream.send({ ...change, id });
      bytes += `id: ${id}\ndata: {"resource":"pages","ids":[1],"action":"updated"}\n\n`.length;
    }
    expect(stalled.destroyed).toBe(true);
    expect(ended).toBe(1);
    // Dropped at the limit, not before: about that many bytes went into the buffer.
    expect(bytes).toBeGreaterThan(MAX_UNSENT_BYTES);
    expect(bytes).toBeLessThan(MAX_UNSENT_BYTES + 1024);
    // The server still answers.
    expect((await server.send('GET', '/health')).status).toBe(200);
  });
});

describe('a large change', () => {
  it('reaches the stream whole (on PostgreSQL too big for NOTIFY: read back from the table)', async () => {
    const onBerlin = await streamOf(berlin);
    const ownerId = userId(server, BERLIN);
    const ids = await server.store.transaction(async (tx) => {
      const made: number[] = [];
      for (let i = 0; i < 200; i += 1) {
        const row = await tx.insert('amenity-categories', {
          name: `Bulk ${i} ${'x'.repeat(40)}`,
          color: '#123456',
          active: true,
          locale: 'de',
          position: 1000 + i,
          ownerId,
        });
        made.push(row.id);
      }
      return made;
    });
    const heard = await onBerlin.until(changeOf('amenity-categories', ids[199]!, 'created'));
    expect(JSON.parse(heard.data)).toMatchObject({ ids });
    onBerlin.close();
  });
});

describe('presence', () => {
  it('tells those who may read a record who has it open in an edit form, and when their tab closes', async () => {
    const id = await createCategory(amsterdam, 'Being edited');
    const [onAdmin, onAmsterdam, onBerlin] = await Promise.all([
      streamOf(admin),
      streamOf(amsterdam),
      streamOf(berlin),
    ]);
    const hello = await onAdmin.until((message) => message.event === 'hello');
    const { stream } = JSON.parse(hello.data) as { stream: string };
    const announce = (token: string, body: Row) =>
      server.send('POST', '/events/presence', token, body);
    const body = { stream, resource: 'amenity-categories', id, editing: true };
    expect((await announce(admin, body)).status).toBe(204);
    const told = await onAmsterdam.until((message) => message.event === 'presence');
    expect(JSON.parse(told.data)).toEqual({
      stream,
      resource: 'amenity-categories',
      id,
      user: { id: userId(server, ADMIN), name: expect.any(String) as string },
      editing: true,
    });
    // Nobody hears of a record they may not read, nor may name one to learn it exists.
    expect((await announce(berlin, body)).status).toBe(404);
    const marker = await createCategory(berlin, 'After the presence');
    await onBerlin.until(changeOf('amenity-categories', marker));
    expect(
      onBerlin.messages.some(
        (message) => message.event === 'presence' && message.data.includes(`"id":${id}`),
      ),
    ).toBe(false);
    // Its own stream is not told about itself.
    expect(onAdmin.messages.some((message) => message.event === 'presence')).toBe(false);
    // The tab closes: its stream ends, and what it had open is no longer.
    onAdmin.close();
    const gone = await onAmsterdam.until(
      (message) => message.event === 'presence' && JSON.parse(message.data).gone === true,
    );
    expect(JSON.parse(gone.data)).toEqual({ stream, gone: true });
    onAmsterdam.close();
    onBerlin.close();
  });

  it('names the person who has it open, not their hotel: two people of one hotel see each other', async () => {
    const id = await createCategory(amsterdam, 'Two people, one record');
    const onAmsterdam = await streamOf(amsterdam);
    // The chain manager, acting for Amsterdam, beside Amsterdam's own login.
    const marta = await server.login(CHAIN_MANAGER);
    const answer = await server.request('POST', '/events/presence', {
      token: marta,
      headers: { 'X-Hotel': String(userId(server, AMSTERDAM)) },
      json: { stream: 'martas-tab', resource: 'amenity-categories', id, editing: true },
    });
    expect(answer.status).toBe(204);
    const told = await onAmsterdam.until((message) => message.event === 'presence');
    expect(JSON.parse(told.data).user).toEqual({
      id: userId(server, CHAIN_MANAGER),
      name: 'Marta Keller',
    });
    onAmsterdam.close();
  });
});
