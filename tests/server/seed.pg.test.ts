import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseFor } from './helpers';

// `DATABASE_URL=… npm run seed` replaces everything in the database with the demo data.

let dir: string;
let url: string;
let client: pg.Client;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-seed-'));
  url = await databaseFor(dir);
  client = new pg.Client(url);
});
afterAll(async () => {
  await client.end();
  fs.rmSync(dir, { recursive: true, force: true });
});

const seed = () =>
  spawnSync(process.execPath, ['--import', 'tsx', 'mock-server/seed/cli.ts'], {
    env: { ...process.env, DATABASE_URL: url, DB_FILE: path.join(dir, 'db.json') },
    encoding: 'utf8',
  });

it('creates the schema and seeds an empty database, then replaces what changed', async () => {
  const first = seed();
  expect(first.status).toBe(0);
  expect(first.stdout).toMatch(/^Seeded the PostgreSQL database: 6 users, \d+ visits/m);
  await client.connect();
  const count = async (table: string) =>
    Number((await client.query(`SELECT count(*) FROM "${table}"`)).rows[0].count);
  const pages = await count('pages');
  expect(pages).toBeGreaterThan(10);
  // Five accounts and the demo chain manager (a person of two hotels, issue 40).
  expect(await count('users')).toBe(6);
  // The files of the seeded uploads are beside DB_FILE.
  expect(fs.readdirSync(path.join(dir, 'uploads')).length).toBeGreaterThan(0);
  // …and, UPLOADS_STORE being postgres by default with DATABASE_URL, in the database, where every
  // API process serves them.
  const uploads = await count('uploads');
  expect(uploads).toBeGreaterThan(0);
  expect(await count('_stay_files')).toBe(uploads);

  await client.query(`DELETE FROM pages`);
  await client.query(
    `UPDATE users SET doc = jsonb_set(doc, '{name}', '"Renamed"') WHERE doc->>'email' = 'admin@example.com'`,
  );
  const second = seed();
  expect(second.status).toBe(0);
  expect(await count('pages')).toBe(pages);
  const { rows } = await client.query(
    `SELECT doc->>'name' AS name FROM users WHERE doc->>'email' = 'admin@example.com'`,
  );
  expect(rows[0].name).not.toBe('Renamed');
});

it('says in one line when the database cannot be reached', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'mock-server/seed/cli.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/stay',
      DB_FILE: path.join(dir, 'other.json'),
    },
    encoding: 'utf8',
  });
  expect(result.status).toBe(1);
  expect(result.stderr.trim()).toBe(
    'Seeding failed: the database in DATABASE_URL is not reachable (ECONNREFUSED). Is PostgreSQL running there?',
  );
});
