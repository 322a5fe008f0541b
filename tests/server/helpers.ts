import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp } from '../../mock-server/app';
import { loadConfig, type Config } from '../../mock-server/config';
import type { Migrations } from '../../mock-server/store/migrations';
import type { ServerFeature } from '../../mock-server/feature';
import { afterAnswerSettled } from '../../mock-server/http/afterAnswer';
import { writeSeedFile } from '../../mock-server/seed/seed';
import { DATA_KEY_FILE } from '../../mock-server/store/secrets';
import { MemoryLimiter, type Limiter } from '../../mock-server/store/limiter';
import { PostgresLimiter } from '../../mock-server/store/postgres/limiter';
import { PostgresStore } from '../../mock-server/store/postgres/store';
import type { Store } from '../../mock-server/store/port';
import type { FileStore } from '../../mock-server/uploads/files';
import { parseFileUrl } from '../../mock-server/uploads/storage';
import type { Where } from '../../src/schema/access';
import type { Resource } from '../../src/schema/resource';
import type { StoredRecord } from '../../src/schema/store';
import { createDatabase, dropDatabase } from '../../scripts/postgres';

export const PASSWORD = 'demo1234';
export const SUPERADMIN = 'superadmin@example.com';
export const ADMIN = 'admin@example.com';
export const AMSTERDAM = 'hotel-amsterdam@example.com';
export const BERLIN = 'hotel-berlin@example.com';
export const MADRID = 'hotel-madrid@example.com';

/** A clock the tests move by hand. */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

/** The run's seeded database that test servers' databases are copied from (postgres.ts). */
export const TEMPLATE_DATABASE = 'stay_template';

/** Which store the suite runs on: the `server-pg` project sets TEST_DATABASE_URL (postgres.ts). */
export const STORE_KIND: 'json' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'json';

/**
 * Stored data as tests see it, the same on both stores: reads of what the server stored and
 * writes around the API (a fixture a test needs), all through the storage port.
 */
export interface TestData {
  /** Every record of a collection, in stored order. */
  all(collection: string): Promise<StoredRecord[]>;
  find(collection: string, where?: Where): Promise<StoredRecord[]>;
  get(collection: string, id: number): Promise<StoredRecord | undefined>;
  /** The one record that matches (fails the test on none). */
  one(collection: string, where: Where): Promise<StoredRecord>;
  count(collection: string, where?: Where): Promise<number>;
  insert(collection: string, record: Record<string, unknown>): Promise<StoredRecord>;
  update(collection: string, id: number, patch: Record<string, unknown>): Promise<StoredRecord>;
  remove(collection: string, id: number): Promise<void>;
  /** Every collection's records (for "nothing else changed" checks). */
  snapshot(): Promise<Record<string, StoredRecord[]>>;
}

export interface TestServer {
  baseUrl: string;
  dir: string;
  config: Config;
  store: Store;
  /** Where the server keeps uploaded files (the folder, or PostgreSQL on the server-pg project). */
  files: FileStore;
  /** Stored data through the port (the same on the JSON file and PostgreSQL). */
  data: TestData;
  /** Ids of the accounts there were at start, by email. */
  userIds: ReadonlyMap<string, number>;
  clock: TestClock;
  /** Signs in and returns the access token (fails the test on anything but 200). */
  login(email: string, password?: string): Promise<string>;
  /** A request whose answer is read at once: status, headers, raw text and parsed JSON body. */
  send(method: string, urlPath: string, token?: string, json?: unknown): Promise<Answer>;
  /** fetch against the server, with a Bearer token and a JSON body when given. */
  request(
    method: string,
    urlPath: string,
    options?: { token?: string; json?: unknown; headers?: Record<string, string>; body?: string },
  ): Promise<Response>;
  /** Stops the server and removes its temp dir (unless keepDir, to restart on the same data). */
  close(options?: { keepDir?: boolean }): Promise<void>;
}

export interface StartOptions {
  /** Extra environment for loadConfig (DB_FILE and MAIL_OUTBOX are set to the temp dir). */
  env?: Record<string, string>;
  /** Reuse this directory (and its DB) instead of a fresh one. */
  dir?: string;
  /** The declared resources passed to createApp (the product's registry by default). */
  resources?: readonly Resource[];
  /** The server features passed to createApp (the product's list by default). */
  features?: readonly ServerFeature[];
  /** The migrations passed to createApp (tests of migrating). */
  migrations?: Migrations;
  /** The store, when not the suite's own (STORE_KIND): a JSON file beside PostgreSQL, to compare. */
  store?: 'json' | 'postgres';
}

/**
 * On PostgreSQL, the database of a test server's folder: a new one on the test run's server the
 * first time, the same one when the folder is used again. `seeded`: a copy of the run's seeded
 * template (postgres.ts), its data key and upload files put in the folder, as the JSON seed
 * would; else empty (the API seeds it when it opens).
 */
export async function databaseFor(
  dir: string,
  options: { seeded?: boolean } = {},
): Promise<string> {
  const file = path.join(dir, 'database-url');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  const url = await createDatabase(
    process.env.TEST_DATABASE_URL!,
    `test_${randomBytes(8).toString('hex')}`,
    { template: options.seeded ? TEMPLATE_DATABASE : undefined },
  );
  if (options.seeded) {
    fs.writeFileSync(path.join(dir, DATA_KEY_FILE), process.env.TEST_TEMPLATE_DATA_KEY!, {
      mode: 0o600,
    });
    fs.cpSync(process.env.TEST_TEMPLATE_UPLOADS!, path.join(dir, 'uploads'), { recursive: true });
  }
  fs.writeFileSync(file, url);
  return url;
}

/** The fixture API over a store (see TestData). */
export function testData(store: Store): TestData {
  const data: TestData = {
    all: (collection) => store.find(collection),
    find: (collection, where) => store.find(collection, where),
    get: (collection, id) => store.get(collection, id),
    async one(collection, where) {
      const rows = await store.find(collection, where);
      if (rows.length !== 1) {
        throw new Error(`${rows.length} records of ${collection} match ${JSON.stringify(where)}`);
      }
      return rows[0]!;
    },
    count: (collection, where) => store.count(collection, where),
    insert: (collection, record) => store.transaction((tx) => tx.insert(collection, record)),
    update: (collection, id, patch) => store.transaction((tx) => tx.update(collection, id, patch)),
    remove: (collection, id) => store.transaction((tx) => tx.remove(collection, id)),
    async snapshot() {
      const entries = await Promise.all(
        store.collections.map(async (name) => [name, await store.find(name)] as const),
      );
      return Object.fromEntries(entries);
    },
  };
  return data;
}

/** A fresh seeded server on an ephemeral 127.0.0.1 port, in its own temp dir. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-api-'));
  const dbFile = path.join(dir, 'db.json');
  // A key of the test's own needs a seed sealed with it: a fresh one (slower than the copy).
  const databaseUrl =
    (options.store ?? STORE_KIND) === 'postgres'
      ? await databaseFor(dir, { seeded: !options.env?.DATA_KEY })
      : undefined;
  if (!databaseUrl && !fs.existsSync(dbFile)) {
    // A copy of the run's seed (jsonSeed.ts), unless the test seals with a key of its own.
    const seed = process.env.TEST_JSON_SEED;
    if (seed && !options.env?.DATA_KEY) fs.cpSync(seed, dir, { recursive: true });
    else writeSeedFile(dbFile, { dataKey: options.env?.DATA_KEY });
  }
  const config = loadConfig({
    DB_FILE: dbFile,
    MAIL_OUTBOX: path.join(dir, 'outbox'),
    APP_URL: 'http://dashboard.test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  let time = Date.now();
  const clock: TestClock = { now: () => time, advance: (ms) => void (time += ms) };
  const { app, store, files, close } = await createApp(config, {
    now: clock.now,
    resources: options.resources,
    features: options.features,
    migrations: options.migrations,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Answers once the request's after-answer work (mock-server/http/afterAnswer) is done too, so a
  // test reads what the request stored.
  const request: TestServer['request'] = async (
    method,
    urlPath,
    { token, json, headers, body } = {},
  ) => {
    const response = await fetch(`${baseUrl}${urlPath}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : body,
    });
    await afterAnswerSettled();
    return response;
  };

  const data = testData(store);
  const userIds = new Map(
    (await store.find('users')).map((user) => [String(user.email).toLowerCase(), user.id]),
  );

  return {
    baseUrl,
    dir,
    config,
    store,
    files,
    data,
    userIds,
    clock,
    request,
    async send(method, urlPath, token, json) {
      const response = await request(method, urlPath, { token, json });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        text,
        body: (text ? JSON.parse(text) : undefined) as unknown,
      };
    },
    async login(email, password = PASSWORD) {
      const response = await request('POST', '/auth/login', { json: { email, password } });
      if (response.status !== 200) {
        throw new Error(`login ${email} -> ${response.status} ${await response.text()}`);
      }
      return ((await response.json()) as { accessToken: string }).accessToken;
    },
    async close({ keepDir = false } = {}) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
      if (keepDir) return;
      if (databaseUrl) {
        await dropDatabase(process.env.TEST_DATABASE_URL!, new URL(databaseUrl).pathname.slice(1));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Every collection's records, for tests that check that nothing but some records changed. The
 * audit log is left out: each write adds its entry there, which audit.test.ts checks for every
 * resource (exactly one per write, none for a refused one). So is an account's last sign-in
 * (and the invitation a first sign-in takes up): a test's own sign-ins stamp it, which bulk.test.ts
 * checks.
 */
export async function recordsSnapshot(server: TestServer): Promise<Record<string, StoredRecord[]>> {
  const { audit: _log, ...records } = await server.data.snapshot();
  if (records.users) {
    records.users = records.users.map(
      ({ lastSignInAt: _at, invitation: _invitation, ...user }) => user as StoredRecord,
    );
  }
  return records;
}

/** Id of a seeded user by email. */
export function userId(server: TestServer, email: string): number {
  const id = server.userIds.get(email.toLowerCase());
  if (id === undefined) throw new Error(`no user ${email}`);
  return id;
}

/**
 * What the store keeps at rest: the JSON file as read from disk, or (PostgreSQL) every
 * collection as the database answers it. A 2xx for a write means it is here.
 */
export async function storedCollections(
  server: TestServer,
): Promise<Record<string, StoredRecord[]>> {
  if (STORE_KIND === 'postgres') return server.data.snapshot();
  const { _meta: _bookkeeping, ...collections } = JSON.parse(
    fs.readFileSync(server.config.dbFile, 'utf8'),
  ) as Record<string, StoredRecord[]>;
  return collections;
}

/**
 * Everything the store keeps at rest, as text: the data file, or every row of every table of the
 * server's PostgreSQL database (a sealed value must be sealed wherever it is stored).
 */
export async function storedText(server: TestServer): Promise<string> {
  if (STORE_KIND === 'json') return fs.readFileSync(server.config.dbFile, 'utf8');
  const client = new pg.Client({ connectionString: server.config.databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    if (tables.length === 0) throw new Error('the test database has no tables');
    const dumps: string[] = [];
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string }>(
        `SELECT t::text AS row FROM "${name.replaceAll('"', '""')}" t`,
      );
      dumps.push(...rows.map((row) => row.row));
    }
    return dumps.join('\n');
  } finally {
    await client.end();
  }
}

/** A limiter on the server's store, as the API builds one: memory, or its PostgreSQL database. */
export function testLimiter(server: TestServer): Limiter {
  return server.store instanceof PostgresStore
    ? new PostgresLimiter(server.store.pool)
    : new MemoryLimiter();
}

/** The stored bytes of an upload's url, whichever driver keeps them (undefined: none). */
export async function storedBytes(server: TestServer, url: string): Promise<Buffer | undefined> {
  const place = parseFileUrl(url);
  return place ? server.files.read(place) : undefined;
}
