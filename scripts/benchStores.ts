// `npm run bench` (and `npm run bench:stores` alone): write and list latency of both stores with
// one collection grown to 1,000 / 100,000 / 1,000,000 records. The rows are bulk-loaded before
// the clock starts (loading is not measured); then the API is asked over loopback, one request
// at a time: POST /amenity-categories as a hotel, and a sorted, filtered list page of its own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createApp } from '../mock-server/app';
import { loadConfig } from '../mock-server/config';
import { buildSeed } from '../mock-server/seed/seed';
import { createDatabase, dropDatabase, startPostgres } from './postgres';

const HOTELS = 100;
const FIRST_BENCH_USER = 900_000_000;
const FIRST_ROW = 1_000_000_000;
const STAMP = '2026-01-01T00:00:00.000Z';
const LIST_PATH =
  '/amenity-categories?_page=1&_limit=10&_sort=name&_order=asc&active=true&locale=nl';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Row `n` of the grown collection: one hotel in HOTELS is Amsterdam, the rest bench hotels. */
const categoryRow = (n: number, amsterdam: number) => ({
  id: FIRST_ROW + n,
  ownerId: n % HOTELS === 0 ? amsterdam : FIRST_BENCH_USER + (n % HOTELS),
  groupId: `bench-${n}`,
  createdAt: STAMP,
  updatedAt: STAMP,
  name: `Category ${String(n).padStart(7, '0')}`,
  color: '#123456',
  active: n % 3 !== 0,
  locale: 'nl',
  position: n,
});
const benchHotel = (n: number) => ({
  id: FIRST_BENCH_USER + n,
  email: `bench-hotel-${n}@example.com`,
  name: `Bench hotel ${n}`,
  role: 'operator',
});

interface Measured {
  store: string;
  records: string;
  'POST p50 ms': number | string;
  'POST p99 ms': number | string;
  'list p50 ms': number | string;
  'list p99 ms': number | string;
  'list X-Total-Count': string;
}

async function measure(
  base: string,
  posts: number,
  lists: number,
): Promise<Omit<Measured, 'store' | 'records'>> {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'hotel-amsterdam@example.com', password: 'demo1234' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' };
  const postTimes: number[] = [];
  for (let i = 0; i < posts; i++) {
    const began = performance.now();
    const response = await fetch(`${base}/amenity-categories`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Bench ${i}`, color: '#654321', locale: 'nl' }),
    });
    await response.arrayBuffer();
    postTimes.push(performance.now() - began);
    if (response.status !== 201) throw new Error(`POST answered ${response.status}`);
  }
  const listTimes: number[] = [];
  let total = '';
  for (let i = 0; i < lists; i++) {
    const began = performance.now();
    const response = await fetch(`${base}${LIST_PATH}`, { headers });
    await response.arrayBuffer();
    listTimes.push(performance.now() - began);
    if (response.status !== 200) throw new Error(`list answered ${response.status}`);
    total = response.headers.get('x-total-count') ?? '';
  }
  postTimes.sort((a, b) => a - b);
  listTimes.sort((a, b) => a - b);
  return {
    'POST p50 ms': +percentile(postTimes, 50).toFixed(1),
    'POST p99 ms': +percentile(postTimes, 99).toFixed(1),
    'list p50 ms': +percentile(listTimes, 50).toFixed(1),
    'list p99 ms': +percentile(listTimes, 99).toFixed(1),
    'list X-Total-Count': total,
  };
}

async function serve(env: Record<string, string>) {
  const config = loadConfig({ DEMO_OAUTH_PORT: '0', ...env });
  const { app, close } = await createApp(config);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      server.close();
      await close();
    },
  };
}

async function jsonRow(size: number): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'stay-bench-json-'));
  try {
    const seed = buildSeed() as unknown as Record<string, Record<string, unknown>[]>;
    const amsterdam = seed.users!.find((user) => user.email === 'hotel-amsterdam@example.com')!;
    for (let n = 1; n < HOTELS; n++) seed.users!.push(benchHotel(n));
    for (let n = 1; n <= size; n++) {
      seed['amenity-categories']!.push(categoryRow(n, amsterdam.id as number));
    }
    const dbFile = join(dir, 'db.json');
    writeFileSync(dbFile, JSON.stringify(seed));
    const api = await serve({ DB_FILE: dbFile, MAIL_OUTBOX: join(dir, 'outbox') });
    // Every JSON write rewrites the whole file: fewer samples where each takes long.
    const figures = await measure(api.base, size > 10_000 ? 30 : 200, 200);
    await api.stop();
    return { store: 'JSON file', records: size.toLocaleString('en'), ...figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresRow(adminUrl: string, size: number): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'stay-bench-pg-'));
  const name = `bench_${size}`;
  const url = await createDatabase(adminUrl, name);
  try {
    // Opened once to create and seed it, then grown in bulk.
    const env = {
      DB_FILE: join(dir, 'db.json'),
      MAIL_OUTBOX: join(dir, 'outbox'),
      DATABASE_URL: url,
    };
    await (await serve(env)).stop();
    const client = new pg.Client(url);
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM users WHERE doc ->> 'email' = 'hotel-amsterdam@example.com'`,
    );
    const amsterdam = Number(rows[0]!.id);
    await client.query(
      `INSERT INTO users (id, doc) SELECT (d ->> 'id')::bigint, d FROM jsonb_array_elements($1::jsonb) d`,
      [JSON.stringify(Array.from({ length: HOTELS - 1 }, (_, i) => benchHotel(i + 1)))],
    );
    const chunk = 50_000;
    for (let from = 1; from <= size; from += chunk) {
      const to = Math.min(size, from + chunk - 1);
      await client.query(
        `INSERT INTO "amenity-categories" (id, doc)
         SELECT ${FIRST_ROW} + g, jsonb_build_object(
           'id', ${FIRST_ROW} + g,
           'ownerId', CASE WHEN g % ${HOTELS} = 0 THEN $1::bigint ELSE ${FIRST_BENCH_USER} + g % ${HOTELS} END,
           'groupId', 'bench-' || g, 'createdAt', '${STAMP}', 'updatedAt', '${STAMP}',
           'name', 'Category ' || lpad(g::text, 7, '0'), 'color', '#123456',
           'active', g % 3 <> 0, 'locale', 'nl', 'position', g)
         FROM generate_series($2::int, $3::int) AS g`,
        [amsterdam, from, to],
      );
    }
    await client.query('VACUUM ANALYZE');
    await client.end();
    const api = await serve(env);
    const figures = await measure(api.base, 200, 200);
    await api.stop();
    return { store: 'PostgreSQL', records: size.toLocaleString('en'), ...figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await dropDatabase(adminUrl, name);
  }
}

/** The table of both stores at each size (PostgreSQL: a throwaway embedded server). */
export async function storeScaleFigures(
  sizes: readonly number[] = [1_000, 100_000, 1_000_000],
): Promise<void> {
  const rows: Measured[] = [];
  for (const size of sizes) {
    if (size > 100_000) {
      rows.push({
        store: 'JSON file',
        records: size.toLocaleString('en'),
        'POST p50 ms': 'not measured',
        'POST p99 ms': '(the file would be',
        'list p50 ms': '~400 MB, rewritten',
        'list p99 ms': 'on every write)',
        'list X-Total-Count': '',
      });
    } else {
      rows.push(await jsonRow(size));
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'stay-bench-pgdata-'));
  const server = await startPostgres(dir);
  try {
    for (const size of sizes) rows.push(await postgresRow(server.url, size));
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `\nStores at scale: amenity-categories grown to N records over ${HOTELS} hotels (Amsterdam owns 1 in ${HOTELS});` +
      `\nsequential requests as Amsterdam: POST a category, and GET ${LIST_PATH}`,
  );
  console.table(rows);
}

if (process.argv[1]?.endsWith('benchStores.ts')) {
  const sizes = process.argv
    .slice(2)
    .filter((arg) => /^\d+$/.test(arg))
    .map(Number);
  await storeScaleFigures(sizes.length ? sizes : undefined);
}
