import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../mock-server/app';
import { loadConfig, type Config } from '../../mock-server/config';
import { afterAnswerSettled } from '../../mock-server/http/afterAnswer';
import { writeSeedFile } from '../../mock-server/seed/seed';
import type { JsonFileStore as Store } from '../../mock-server/store/store';
import type { DbState } from '../../mock-server/store/types';
import type { Resource } from '../../src/schema/resource';

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

export interface TestServer {
  baseUrl: string;
  dir: string;
  config: Config;
  store: Store;
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
}

/** A fresh seeded server on an ephemeral 127.0.0.1 port, in its own temp dir. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-api-'));
  const dbFile = path.join(dir, 'db.json');
  if (!fs.existsSync(dbFile)) writeSeedFile(dbFile, { dataKey: options.env?.DATA_KEY });
  const config = loadConfig({
    DB_FILE: dbFile,
    MAIL_OUTBOX: path.join(dir, 'outbox'),
    APP_URL: 'http://dashboard.test',
    ...options.env,
  });
  let time = Date.now();
  const clock: TestClock = { now: () => time, advance: (ms) => void (time += ms) };
  const { app, store, close } = await createApp(config, {
    now: clock.now,
    resources: options.resources,
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

  return {
    baseUrl,
    dir,
    config,
    store,
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
      if (!keepDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A copy of the stored data without the id counters (`_meta.lastIds`, which every create moves),
 * for tests that check that nothing but some records changed.
 */
export function recordsSnapshot(server: TestServer): DbState {
  const state = structuredClone(server.store.state) as DbState & {
    _meta?: { lastIds?: unknown };
  };
  delete state._meta?.lastIds;
  return state;
}

/** Id of a seeded user by email. */
export function userId(server: TestServer, email: string): number {
  const user = server.store.getUserByEmail(email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}
