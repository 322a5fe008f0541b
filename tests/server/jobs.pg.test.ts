import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../../mock-server/migrations';
import { tablesOf } from '../../mock-server/store/postgres/schema';
import { openPostgresStore, type PostgresStore } from '../../mock-server/store/postgres/store';
import { resources } from '../../src/resources';
import { databaseFor } from './helpers';

// Periodic jobs (the OAuth refresher, the upload sweep) run in one process at a time when
// several share a database: two stores stand for two API processes.

let url: string;
let first: PostgresStore;
let second: PostgresStore;

beforeAll(async () => {
  url = await databaseFor(fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-jobs-')));
  const open = () =>
    openPostgresStore({ url, tables: tablesOf(resources), migrations, log: () => undefined });
  first = await open();
  second = await open();
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

it('runs a job in one process at a time, and in another once it is done', async () => {
  const ran: string[] = [];
  const job = (name: string) => async () => {
    ran.push(name);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return name;
  };
  const answers = await Promise.all([
    first.exclusive('refresh', job('first')),
    second.exclusive('refresh', job('second')),
  ]);
  expect(ran).toHaveLength(1);
  expect(answers.filter((answer) => answer === undefined)).toHaveLength(1);
  // Another job's name is another lock.
  expect(await second.exclusive('sweep', job('sweep'))).toBe('sweep');
  // Done: the next run may be anywhere.
  expect(await second.exclusive('refresh', job('again'))).toBe('again');
});

it('hands the job on when the process that runs it is gone', async () => {
  let release!: () => void;
  const running = first
    .exclusive('handover', () => new Promise<void>((resolve) => (release = resolve)))
    .catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await second.exclusive('handover', async () => 'taken')).toBeUndefined();
  // The first process dies: its connection, and the lock with it, are gone.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await pool.query(
    `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND pid <> pg_backend_pid()`,
  );
  await pool.end();
  await expect
    .poll(() => second.exclusive('handover', async () => 'taken'), { timeout: 5000 })
    .toBe('taken');
  release();
  await running;
});
