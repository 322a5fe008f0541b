import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../mock-server/auth/throttle';
import { PostgresLimiter } from '../../mock-server/store/postgres/limiter';
import { startUploadSweeper } from '../../mock-server/uploads';
import { resources } from '../../src/resources';
import { AMSTERDAM, BERLIN, PASSWORD, startServer, type TestServer } from './helpers';

// Two API instances on one PostgreSQL database, as two processes behind a load balancer: what
// one counts or stores, the other sees, and a restart keeps it (issue 25, points 1–3).

/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startServer();
  // The same folder: the same database (and data key and JWT secret), another instance.
  b = await startServer({ dir: a.dir });
  expect(b.config.databaseUrl).toBe(a.config.databaseUrl);
  expect(a.files.kind).toBe('postgres');
});
afterAll(async () => {
  await b?.close({ keepDir: true });
  await a?.close();
});

const signIn = (server: TestServer, email: string, password: string) =>
  server.request('POST', '/auth/login', { json: { email, password } });

async function upload(server: TestServer, token: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const response = await fetch(`${server.baseUrl}/uploads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { id: number; url: string } };
}

describe('two API instances on one database', () => {
  it('count failed sign-ins together: 5 split over A and B, the 6th gets 429 on either, and a restart keeps them', async () => {
    const { maxFailuresPerPair } = LOGIN_LIMITS;
    expect(maxFailuresPerPair).toBe(5);
    for (let attempt = 0; attempt < maxFailuresPerPair; attempt++) {
      const server = attempt % 2 ? b : a;
      expect((await signIn(server, BERLIN, 'wrong-password')).status).toBe(401);
    }
    const onA = await signIn(a, BERLIN, 'wrong-password');
    const onB = await signIn(b, BERLIN, PASSWORD);
    expect(onA.status).toBe(429);
    expect(onB.status).toBe(429);
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(0);

    // A restart (A closed and opened again on the same database) forgets none of them.
    await a.close({ keepDir: true });
    a = await startServer({ dir: b.dir });
    expect((await signIn(a, BERLIN, PASSWORD)).status).toBe(429);
    // Another account from the same address is not locked out by Berlin's pair.
    expect((await signIn(a, AMSTERDAM, PASSWORD)).status).toBe(200);
  });

  it('serve on B an upload made through A (headers as A sends them), and forget it on A once deleted through B', async () => {
    const token = await a.login(AMSTERDAM);
    const made = await upload(a, token, PNG, 'shared.png');
    expect(made.status).toBe(201);
    // The file is in the database, not in a folder of A's machine.
    expect(fs.existsSync(path.join(a.dir, 'uploads', ...made.body.url.split('/').slice(-2)))).toBe(
      false,
    );
    const served = await fetch(`${b.baseUrl}${made.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="shared.png"/);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    // One range of it, as a file from disk would be answered.
    const range = await fetch(`${b.baseUrl}${made.body.url}`, { headers: { Range: 'bytes=0-7' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-7/${PNG.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(PNG.subarray(0, 8))).toBe(true);

    const removed = await b.request('DELETE', `/uploads/${made.body.id}`, {
      token: await b.login(AMSTERDAM),
    });
    expect(removed.status).toBe(204);
    expect((await fetch(`${a.baseUrl}${made.body.url}`)).status).toBe(404);
  });

  it('accept on B a token signed on A', async () => {
    const token = await a.login(AMSTERDAM);
    const me = await b.send('GET', '/users/me', token);
    expect(me.status).toBe(200);
    expect((me.body as { email: string }).email).toBe(AMSTERDAM);
  });

  it('count guests’ failed stay look-ups together', async () => {
    const proof = { reference: 'AMS-9999' };
    for (let attempt = 0; attempt < 5; attempt++) {
      const server = attempt % 2 ? b : a;
      const answer = await server.send(
        'POST',
        '/public/canal-house-amsterdam/guest-session',
        undefined,
        proof,
      );
      expect(answer.status, answer.text).toBe(401);
    }
    expect(
      (await b.send('POST', '/public/canal-house-amsterdam/guest-session', undefined, proof))
        .status,
    ).toBe(429);
    expect(
      (await a.send('POST', '/public/canal-house-amsterdam/guest-session', undefined, proof))
        .status,
    ).toBe(429);
  });
});

describe('the PostgreSQL limiter', () => {
  it('lets exactly `limit` of many parallel hits through, whichever process counts them', async () => {
    const pools = [
      new pg.Pool({ connectionString: a.config.databaseUrl, max: 5 }),
      new pg.Pool({ connectionString: a.config.databaseUrl, max: 5 }),
    ];
    try {
      const limiters = pools.map((pool) => new PostgresLimiter(pool));
      const at = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          limiters[index % 2]!.take('parallel-test', 5, 60_000, at),
        ),
      );
      expect(answers.filter((answer) => answer.hit !== undefined)).toHaveLength(5);
      expect(answers.filter((answer) => answer.wait === 60)).toHaveLength(25);
      // A window later there is room again.
      expect((await limiters[0]!.take('parallel-test', 5, 60_000, at + 60_001)).hit).toBeDefined();
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});

describe('the upload sweep', () => {
  it('runs in one instance; when the one that holds it dies, the next tick of another takes it', async () => {
    const stray = { tenant: 'admin', name: 'CCCCCCCCCCCCCCCCCCCCCC.png' };
    const part = path.join(b.dir, 'stray-sweep.part');
    fs.writeFileSync(part, PNG);
    // A file without a record, two days old: the sweep removes it once it runs.
    await b.files.save({
      ...stray,
      type: 'image/png',
      tempFile: part,
      size: 0,
      at: Date.now() - 2 * 86_400_000,
    });

    // A runs the sweep (a job that does not end: the lock stays held).
    let finish!: () => void;
    const held = a.store
      .exclusive('upload-sweep', () => new Promise<void>((resolve) => (finish = resolve)))
      .catch(() => undefined);
    await expect.poll(() => typeof finish).toBe('function');
    const sweeper = await startUploadSweeper(
      { store: b.store, resources, config: b.config, now: b.clock.now, files: b.files },
      100,
    );
    try {
      // B ticks (at start and every 100 ms) but never sweeps while A holds the job.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await b.files.read(stray)).toBeDefined();

      // A's process dies: its connection ends, and the session lock with it.
      const admin = new pg.Client({ connectionString: a.config.databaseUrl });
      await admin.connect();
      try {
        const { rowCount } = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_locks
           WHERE locktype = 'advisory' AND granted AND objsubid = 1
             AND ((classid::bigint << 32) | objid::bigint) = hashtext($1)::bigint`,
          ['stay-console job upload-sweep'],
        );
        expect(rowCount).toBe(1);
      } finally {
        await admin.end();
      }
      await expect.poll(() => b.files.read(stray), { timeout: 5000 }).toBeUndefined();
    } finally {
      await sweeper.stop();
      finish();
      await held;
    }
  });
});

describe('UPLOADS_STORE=local on PostgreSQL', () => {
  it('keeps files in the folder beside DB_FILE, and nothing in the database', async () => {
    const local = await startServer({ env: { UPLOADS_STORE: 'local' } });
    try {
      expect(local.files.kind).toBe('local');
      const made = await upload(local, await local.login(AMSTERDAM), PNG, 'here.png');
      expect(made.status).toBe(201);
      const file = path.join(local.dir, 'uploads', ...made.body.url.split('/').slice(-2));
      expect(fs.readFileSync(file).equals(PNG)).toBe(true);
      const served = await fetch(`${local.baseUrl}${made.body.url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
      const client = new pg.Client({ connectionString: local.config.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ count: string }>(
          'SELECT count(*) FROM _stay_files WHERE name = $1',
          [made.body.url.split('/').at(-1)],
        );
        expect(rows[0]!.count).toBe('0');
      } finally {
        await client.end();
      }
    } finally {
      await local.close();
    }
  });
});
