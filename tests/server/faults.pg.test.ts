import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type LocalPostgres } from '../../scripts/postgres';
import { freePort } from './apiProcess';
import { AMSTERDAM, databaseFor, startServer, type TestServer } from './helpers';
import { changeOf, openStream, ticketFor } from './liveStream';

// PostgreSQL's faults, as a person running the API meets them: a start that cannot reach the
// database says so in one line and exits non-zero; a database that goes away answers 503 with
// a clear message and nothing half-written, and the API recovers when it is back.

/** Runs the API's entry point until it exits; its exit code and what it printed. */
function startApi(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-fault-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/index.ts'], {
      env: {
        ...process.env,
        API_PORT: '0',
        DEMO_OAUTH_PORT: '0',
        DB_FILE: path.join(dir, 'db.json'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

describe('a database that cannot be reached at start', () => {
  it('says so in one line and exits non-zero', async () => {
    const port = await freePort();
    const { code, output } = await startApi({
      DATABASE_URL: `postgres://nobody:secret@127.0.0.1:${port}/stay`,
    });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'The API cannot start: the database in DATABASE_URL is not reachable (ECONNREFUSED). Is PostgreSQL running there?',
    );
  });

  it('refuses a database whose schema is newer than the code', async () => {
    const url = await databaseFor(fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-newer-')));
    const client = new pg.Client(url);
    await client.connect();
    await client.query('CREATE TABLE _stay_meta (key text PRIMARY KEY, value jsonb NOT NULL)');
    await client.query(`INSERT INTO _stay_meta VALUES ('schemaVersion', '99')`);
    await client.end();
    const { code, output } = await startApi({ DATABASE_URL: url });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'The API cannot start: The database has schema version 99; this API knows up to 1. Update the API.',
    );
  });
});

describe('a database that goes away while the API runs', () => {
  let database: LocalPostgres;
  let dataDir: string;
  let server: TestServer;
  const previous = process.env.TEST_DATABASE_URL;

  beforeAll(async () => {
    // A server of its own, so that stopping it leaves the other tests' server alone.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-pgdown-'));
    database = await startPostgres(dataDir);
    process.env.TEST_DATABASE_URL = database.url;
    // A key of its own: the run's seeded template is on the other server, so this one seeds.
    server = await startServer({ env: { DATA_KEY: randomBytes(32).toString('hex') } });
  }, 120_000);

  afterAll(async () => {
    await server?.close({ keepDir: true }).catch(() => undefined);
    process.env.TEST_DATABASE_URL = previous;
    await database?.stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503, writes nothing, says it is not ready, and recovers', async () => {
    const token = await server.login(AMSTERDAM);
    const before = (await server.send('GET', '/amenity-categories?_limit=1000', token)).body;
    await database.stop();

    const write = await server.send('POST', '/amenity-categories', token, {
      name: 'While down',
      color: '#123456',
      locale: 'nl',
    });
    expect(write.status).toBe(503);
    expect(write.body).toEqual({
      message: 'The database is not reachable right now; try again in a moment',
      statusCode: 503,
    });
    expect((await server.send('GET', '/amenity-categories', token)).status).toBe(503);
    expect((await server.send('GET', '/ready')).status).toBe(503);
    expect((await server.send('GET', '/health')).status).toBe(200);

    // Back on the same data folder and port.
    const restarted = await startPostgres(dataDir, { port: database.port });
    database = restarted;
    await expect
      .poll(async () => (await server.send('GET', '/ready')).status, {
        timeout: 20_000,
      })
      .toBe(200);
    const after = await server.send('GET', '/amenity-categories?_limit=1000', token);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before);
  }, 120_000);

  it('ends live streams cleanly when it goes, and a stream resumed once it is back catches up', async () => {
    const token = await server.login(AMSTERDAM);
    const first = await openStream(server.baseUrl, await ticketFor(server.baseUrl, token));
    expect(first.status).toBe(200);
    const stream = first.stream!;
    const write = (name: string) =>
      server.send('POST', '/amenity-categories', token, { name, color: '#123456', locale: 'nl' });
    const before = await write('Before the outage');
    const seen = await stream.until(
      changeOf('amenity-categories', (before.body as { id: number }).id),
    );
    await database.stop();
    const end = await stream.until((message) => message.event === 'end', 15_000);
    expect(JSON.parse(end.data)).toEqual({ reason: 'unavailable' });
    await stream.closed;
    // No ticket while it is away: the client tries again later.
    expect((await server.send('POST', '/events/ticket', token)).status).toBe(503);

    database = await startPostgres(dataDir, { port: database.port });
    await expect
      .poll(async () => (await server.send('GET', '/ready')).status, { timeout: 20_000 })
      .toBe(200);
    const after = await write('After the outage');
    expect(after.status).toBe(201);
    const again = await openStream(server.baseUrl, await ticketFor(server.baseUrl, token), {
      lastEventId: seen.id,
    });
    expect(again.status).toBe(200);
    await again.stream!.until(
      changeOf('amenity-categories', (after.body as { id: number }).id, 'created'),
      15_000,
    );
    again.stream!.close();
  }, 120_000);
});
