import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnApi, type ApiProcess } from './apiProcess';
import { AMSTERDAM, databaseFor, PASSWORD, STORE_KIND } from './helpers';

// A 2xx for a write means it is stored: the API killed with SIGKILL in the middle of a stream
// of writes loses none it acknowledged, on either store (the JSON file: an fsynced atomic
// rename per transaction; PostgreSQL: its commit).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-kill-'));
let api: ApiProcess | undefined;

afterAll(async () => {
  await api?.stop('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<ApiProcess> {
  const env: Record<string, string> =
    STORE_KIND === 'postgres' ? { DATABASE_URL: await databaseFor(dir) } : {};
  return spawnApi({ dir, env });
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: AMSTERDAM, password: PASSWORD }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

it(`loses no acknowledged write when killed with SIGKILL (${STORE_KIND} store)`, async () => {
  api = await start();
  const token = await signIn(api.baseUrl);
  const acknowledged: number[] = [];
  let sent = 0;
  // Eight writers post categories until the process is gone.
  const writer = async () => {
    for (;;) {
      const name = `Kill test ${(sent += 1)}`;
      try {
        const response = await fetch(`${api!.baseUrl}/amenity-categories`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name, color: '#123456', locale: 'nl' }),
        });
        if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
        acknowledged.push(((await response.json()) as { id: number }).id);
      } catch (error) {
        if (api!.alive()) failure ??= error as Error;
        return;
      }
    }
  };
  let failure: Error | undefined;
  const writers = Array.from({ length: 8 }, writer);
  // Kill it once a good number of writes are in.
  while (acknowledged.length < 40 && !failure) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(failure).toBeUndefined();
  await api.stop('SIGKILL');
  await Promise.all(writers);
  expect(acknowledged.length).toBeGreaterThanOrEqual(40);

  api = await start();
  const after = await signIn(api.baseUrl);
  const stored = new Set<number>();
  for (let page = 1; ; page += 1) {
    const response = await fetch(
      `${api.baseUrl}/amenity-categories?name_like=${encodeURIComponent('Kill test')}&_page=${page}&_limit=50`,
      { headers: { Authorization: `Bearer ${after}` } },
    );
    const rows = (await response.json()) as { id: number }[];
    for (const row of rows) stored.add(row.id);
    if (rows.length < 50) break;
  }
  const lost = acknowledged.filter((id) => !stored.has(id));
  expect(lost).toEqual([]);
  await api.stop();
}, 120_000);
