// The composition root of storage, above it: the only module outside store/ that names an adapter,
// and the one that brings the seed and the uploads' folder to it (a store imports neither).
import type { Resource } from '../src/schema/resource';
import type { Config } from './config';
import { demoOAuthUrl } from './config';
import { prepareSeed } from './seed/seed';
import type { RecordIds } from './store/ids';
import { typedStore, type Store } from './store/port';
import type { Migrations } from './store/migrations';
import { refuseUnmigrated } from './store/postgres/migrate';
import { tablesOf } from './store/postgres/schema';
import { openPostgresStore, type SeedRows } from './store/postgres/store';
import { openStore as openJsonStore } from './store/store';
import { MemoryLimiter, type Limiter } from './store/limiter';
import { PostgresFiles } from './uploads/postgres';
import { PostgresLimiter } from './store/postgres/limiter';
import { PostgresStore } from './store/postgres/store';
import { LocalFiles, type FileStore } from './uploads/files';
import { uploadsRoot } from './uploads/storage';
import { MemoryBus, type EventBus } from './events/bus';
import { PostgresBus } from './events/postgresBus';

/** What an address in DATABASE_URL may be shown as: without its password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a valid URL)';
  }
}

/**
 * Opens the configured store: PostgreSQL when DATABASE_URL is set (created, migrated and, when
 * empty, seeded), else the JSON file (which the caller seeds when missing).
 */
export async function openConfiguredStore(
  config: Config,
  resources: readonly Resource[],
  ids: RecordIds | undefined,
  options: StoreOptions,
): Promise<Store> {
  const tables = tablesOf(resources);
  // Both stores refuse alike: a declaration change without its migration file.
  refuseUnmigrated(tables, options.migrations);
  if (!config.databaseUrl) {
    const store = openJsonStore(config.dbFile, resources, ids, options.migrations.list);
    const ran = await store.migrate();
    if (ran.length) (options.log ?? console.log)(`Migrated ${config.dbFile}: ${ran.join(', ')}`);
    return typedStore(store);
  }
  const seed =
    options.seed === false
      ? undefined
      : (): SeedRows =>
          prepareSeed(config.dbFile, {
            oauthProviderUrl: demoOAuthUrl(config),
            dataKey: config.dataKey,
          });
  return typedStore(
    await openPostgresStore({
      url: config.databaseUrl,
      tables,
      migrations: options.migrations,
      ids,
      seed,
      log: options.log,
    }),
  );
}

export interface StoreOptions {
  /** The registry's migrations (the product's: mock-server/migrations). */
  migrations: Migrations;
  /** False: an empty database stays empty (no demo data). */
  seed?: boolean;
  log?: (line: string) => void;
}

/** What the API keeps state in: records, rate-limit counts and uploaded files. */
export interface Backends {
  store: Store;
  /** Where throttles count: this process's memory (JSON file), or PostgreSQL (shared). */
  limiter: Limiter;
  /** Where uploaded files live (UPLOADS_STORE). */
  files: FileStore;
  /** How live events reach every process: in memory, or PostgreSQL LISTEN/NOTIFY. */
  bus: EventBus;
}

/**
 * The store (openConfiguredStore) and what goes with it: with DATABASE_URL, rate limits count in
 * the same database (every process sees every hit, and a restart forgets none), and uploads are
 * kept there too unless UPLOADS_STORE=local. Files the local folder has and the database lacks
 * (the seed's, uploads from before the switch) are copied in at start.
 */
export async function openBackends(
  config: Config,
  resources: readonly Resource[],
  ids: RecordIds | undefined,
  options: StoreOptions,
): Promise<Backends> {
  const store = await openConfiguredStore(config, resources, ids, options);
  const local = new LocalFiles(uploadsRoot(config));
  if (!(store instanceof PostgresStore)) {
    return { store, limiter: new MemoryLimiter(), files: local, bus: new MemoryBus() };
  }
  const limiter = new PostgresLimiter(store.pool);
  const files = new PostgresFiles(store.pool);
  let bus: EventBus | undefined;
  try {
    bus = await PostgresBus.open(store.pool, config.databaseUrl!);
    if (config.uploadsStore === 'local') return { store, limiter, files: local, bus };
    const uploads = await store.find('uploads');
    const copied = await files.importFrom(local, uploads);
    if (copied) {
      (options.log ?? console.log)(
        `Copied ${copied} uploaded file(s) from ${uploadsRoot(config)} into the database`,
      );
    }
  } catch (error) {
    await bus?.close();
    await store.close();
    throw error;
  }
  return { store, limiter, files, bus };
}

/** One line for an error that stops the API at start (a wrong DATABASE_URL, a database that is down). */
export function describeStartError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const text = message || String(error);
  if (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'ETIMEDOUT' ||
    code === 'EHOSTUNREACH'
  ) {
    return `the database in DATABASE_URL is not reachable (${code}). Is PostgreSQL running there?`;
  }
  if (code === '28P01' || code === '28000')
    return `the database refused the credentials in DATABASE_URL (${text})`;
  if (code === '3D000')
    return `the database named in DATABASE_URL does not exist (${text}). Create it first (createdb).`;
  if (code === 'EADDRINUSE') return `the port is already in use (${text})`;
  if (/timeout exceeded when trying to connect/i.test(text)) {
    return 'the database in DATABASE_URL did not answer in time. Is PostgreSQL running there?';
  }
  if (/Invalid URL|getaddrinfo|invalid connection/i.test(text) && !code) {
    return `DATABASE_URL is not a valid PostgreSQL address (${text})`;
  }
  return text;
}
