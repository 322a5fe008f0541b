// The e2e run's throwaway PostgreSQL server (playwright.config.ts starts this first, as a web
// server): the tests' own helper (scripts/postgres.ts, as the server-pg project's) in a temporary
// folder, on the port given, with an empty database for each name given. Each API then migrates
// and seeds its own database at start, with its own OAuth provider's address and data key, as a
// production API does on a new database. It says "databases ready" once they exist, and stops
// the server and removes the folder on SIGTERM/SIGINT (Playwright's end of the run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, startPostgres } from '../../scripts/postgres';

const [port, ...names] = process.argv.slice(2);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-e2e-pg-'));
// As root the server runs as `postgres`, which must reach its data folder inside this one.
fs.chmodSync(dir, 0o755);
const server = await startPostgres(path.join(dir, 'data'), {
  port: Number(port),
  // A throwaway server: what a crash would lose does not matter, and the tests run faster.
  flags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
});
for (const name of names) await createDatabase(server.url, name);
console.log(`e2e databases ready: ${names.join(', ')}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
