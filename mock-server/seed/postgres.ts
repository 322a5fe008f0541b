import pg from 'pg';
import { resources } from '../../src/resources';
import type { DbState } from '../store/types';
import { LocalFiles } from '../uploads/files';
import { PostgresFiles } from '../uploads/postgres';
import { migrations } from '../migrations';
import { migrate, replaceAll } from '../store/postgres/migrate';
import { tablesOf } from '../store/postgres/schema';

/**
 * `npm run seed` on PostgreSQL: the schema brought up to date, then every row replaced by the
 * seed; with `uploadsFolder` (UPLOADS_STORE=postgres), the seed's files copied from it into the
 * database, so every running API serves them at once.
 */
export async function replaceAllWithSeed(
  url: string,
  state: DbState,
  options: { uploadsFolder?: string } = {},
): Promise<DbState> {
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5000 });
  pool.on('error', () => undefined);
  try {
    const tables = tablesOf(resources);
    await migrate(pool, tables, migrations, { log: console.log });
    await replaceAll(pool, tables, state);
    if (options.uploadsFolder) {
      await new PostgresFiles(pool).importFrom(
        new LocalFiles(options.uploadsFolder),
        state.uploads,
      );
    }
    return state;
  } finally {
    await pool.end();
  }
}
