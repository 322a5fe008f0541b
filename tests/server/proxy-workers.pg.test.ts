import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnApi, type ApiProcess } from './apiProcess';
import { AMSTERDAM, databaseFor, PASSWORD } from './helpers';

/**
 * Issue 37, point 13: `npm start`'s `/api` proxy (vite preview) in front of two API processes
 * (API_WORKERS=2) on PostgreSQL. One process is killed while requests go through: each request
 * is answered at once — by the other process, or with a 502 in the API's error shape — and none
 * hangs until the client gives up.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-proxy-'));
const dist = path.join(root, 'dist');
let api: ApiProcess;
let web: PreviewServer;
let origin: string;

beforeAll(async () => {
  api = await spawnApi({
    dir: fs.mkdtempSync(path.join(root, 'api-')),
    env: {
      DATABASE_URL: await databaseFor(root, { seeded: true }),
      DATA_KEY: process.env.TEST_TEMPLATE_DATA_KEY!,
      JWT_SECRET: 'proxy-workers-proxy-workers-proxy-workers',
      UPLOADS_STORE: 'postgres',
      API_WORKERS: '2',
    },
  });
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stay</title>');
  // The proxy's target is read from API_PORT when the config loads, as `npm start` sets it.
  const port = process.env.API_PORT;
  process.env.API_PORT = String(api.port);
  web = await preview({
    configFile: 'vite.config.ts',
    build: { outDir: dist },
    preview: { port: 0, strictPort: false, open: false },
    logLevel: 'silent',
  });
  if (port === undefined) delete process.env.API_PORT;
  else process.env.API_PORT = port;
  origin = new URL(web.resolvedUrls!.local[0]!).origin;
}, 120_000);
afterAll(async () => {
  await web?.close();
  await api?.stop('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

/** The API processes the cluster's primary runs (not a helper process of tsx's). */
const workers = () =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(api.child.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('mock-server/index.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));

it('answers every request at once while an API process dies: the other one, or a 502 with a message', async () => {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: AMSTERDAM, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  await expect.poll(() => workers().length, { timeout: 30_000 }).toBe(2);

  const answers: { status: number; type: string | null; body: string; ms: number }[] = [];
  const hung: string[] = [];
  const ask = async () => {
    const started = Date.now();
    try {
      const response = await fetch(`${origin}/api/pages?_start=0&_end=50`, {
        headers: { Authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(5_000),
      });
      answers.push({
        status: response.status,
        type: response.headers.get('content-type'),
        body: await response.text(),
        ms: Date.now() - started,
      });
    } catch (error) {
      hung.push(String(error));
    }
  };
  // Requests in flight, and more after the kill, on kept-alive connections to both processes.
  const load = Array.from({ length: 8 }, async () => {
    for (let round = 0; round < 12; round += 1) await ask();
  });
  await new Promise((resolve) => setTimeout(resolve, 150));
  process.kill(workers()[0]!, 'SIGKILL');
  await Promise.all(load);

  expect(hung).toEqual([]);
  const failed = answers.filter((answer) => answer.status !== 200);
  for (const answer of failed) {
    expect(answer.status).toBe(502);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({
      statusCode: 502,
      message: 'The API could not be reached; try again in a moment',
      code: 'apiErrors.apiUnreachable',
    });
  }
  expect(answers.length).toBe(8 * 12);
}, 120_000);
