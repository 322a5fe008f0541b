// The composition root of storage: the only module besides ./ that names an adapter.
import type { Resource } from '../../src/schema/resource';
import type { Config } from '../config';
import { demoOAuthUrl } from '../config';
import { prepareSeed } from '../seed/seed';
import type { RecordIds } from './ids';
import type { Store } from './port';
import { tablesOf } from './postgres/schema';
import { openPostgresStore, type SeedRows } from './postgres/store';
import { openStore as openJsonStore } from './store';

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
  ids?: RecordIds,
  options: { seed?: boolean } = {},
): Promise<Store> {
  if (!config.databaseUrl) return openJsonStore(config.dbFile, resources, ids);
  const seed =
    options.seed === false
      ? undefined
      : (): SeedRows =>
          prepareSeed(config.dbFile, {
            oauthProviderUrl: demoOAuthUrl(config),
            dataKey: config.dataKey,
          }) as unknown as SeedRows;
  return openPostgresStore({ url: config.databaseUrl, tables: tablesOf(resources), ids, seed });
}
