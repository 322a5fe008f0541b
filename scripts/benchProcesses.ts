// `npm run bench` (and `npm run bench:processes` alone): throughput of the API on PostgreSQL
// with API_WORKERS=1 and 2, under the same mix from 20 clients at once (each sends its next
// request when the last is answered): 70% reads (a hotel's amenity and page lists, its account),
// 30% writes (a new amenity category). Real API processes (`npm run api`), a throwaway embedded
// PostgreSQL; the clients run in this process, on the same machine: on 2 cores they compete
// with the API for CPU, so read the gain as a lower bound.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, dropDatabase, startPostgres } from './postgres';
import { waitFor } from './waitFor.mjs';

const CLIENTS = 20;
const WARM_UP_MS = 3_000;
const MEASURE_MS = 20_000;
const HOTELS = [
  'hotel-amsterdam@example.com',
  'hotel-berlin@example.com',
  'hotel-madrid@example.com',
];

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function startApi(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/index.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${env.API_PORT}/ready`, { timeoutMs: 120_000 });
  return child;
}

const stopApi = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** One request of the mix; answers whether it got the status it should. */
async function oneRequest(base: string, token: string, n: number): Promise<boolean> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const pick = n % 10;
  let response: Response;
  if (pick < 3) {
    response = await fetch(`${base}/amenity-categories`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Bench ${n}-${Math.random()}`, color: '#654321', locale: 'en' }),
    });
    await response.arrayBuffer();
    return response.status === 201;
  }
  const path =
    pick < 6
      ? '/amenities?_page=1&_limit=10&_sort=position&_order=asc&locale=en'
      : pick < 9
        ? '/pages?_page=1&_limit=10&locale=en'
        : '/users/me';
  response = await fetch(`${base}${path}`, { headers });
  await response.arrayBuffer();
  return response.status === 200;
}

interface Row {
  'API processes': number;
  'requests/s': number;
  'p50 ms': number;
  'p99 ms': number;
  failed: number;
}

async function run(base: string, workers: number): Promise<Row> {
  const tokens = await Promise.all(HOTELS.map((email) => signIn(base, email)));
  const times: number[] = [];
  let failed = 0;
  let measuring = false;
  let stopAt = performance.now() + WARM_UP_MS + MEASURE_MS;
  setTimeout(() => {
    measuring = true;
    stopAt = performance.now() + MEASURE_MS;
  }, WARM_UP_MS);
  let n = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < stopAt) {
        const began = performance.now();
        const ok = await oneRequest(base, tokens[client % tokens.length]!, n++).catch(() => false);
        if (!measuring) continue;
        times.push(performance.now() - began);
        if (!ok) failed++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    'API processes': workers,
    'requests/s': Math.round(times.length / (MEASURE_MS / 1000)),
    'p50 ms': +percentile(times, 50).toFixed(1),
    'p99 ms': +percentile(times, 99).toFixed(1),
    failed,
  };
}

/**
 * Runs `measure` against a freshly seeded API on a throwaway PostgreSQL, once per count of API
 * processes (API_WORKERS), with `env` added; answers each run's row.
 */
export async function onEachApi<R>(
  label: string,
  firstPort: number,
  counts: readonly number[],
  env: Record<string, string>,
  measure: (base: string, workers: number, api: ChildProcess) => Promise<R>,
): Promise<R[]> {
  const dir = mkdtempSync(join(tmpdir(), `stay-bench-${label}-`));
  // As root the server runs as `postgres`, which must reach its data folder inside this one.
  chmodSync(dir, 0o755);
  const server = await startPostgres(join(dir, 'pg'));
  const rows: R[] = [];
  try {
    for (const workers of counts) {
      const name = `bench_${label}_${workers}`;
      const apiEnv = {
        DATABASE_URL: await createDatabase(server.url, name),
        API_PORT: String(firstPort + workers),
        API_WORKERS: String(workers),
        DEMO_OAUTH_PORT: '0',
        DB_FILE: join(dir, String(workers), 'db.json'),
        MAIL_OUTBOX: join(dir, String(workers), 'outbox'),
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
        ...env,
      };
      const api = await startApi(apiEnv);
      try {
        rows.push(await measure(`http://127.0.0.1:${apiEnv.API_PORT}`, workers, api));
      } finally {
        await stopApi(api);
        await dropDatabase(server.url, name);
      }
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export async function processFigures(counts: readonly number[] = [1, 2]): Promise<void> {
  const rows = await onEachApi('processes', 4700, counts, {}, run);
  console.log(
    `\nAPI throughput on PostgreSQL, ${CLIENTS} clients at once for ${MEASURE_MS / 1000} s ` +
      '(70% reads, 30% writes), clients on the same machine:',
  );
  console.table(rows);
}

if (process.argv[1]?.endsWith('benchProcesses.ts')) await processFigures();
