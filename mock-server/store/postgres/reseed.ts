import pg from 'pg';
import { resources } from '../../../src/resources';
import type { DbState } from '../types';
import { migrate, replaceAll } from './migrate';
import { tablesOf } from './schema';
import type { SeedRows } from './store';

/** `npm run seed` on PostgreSQL: the schema brought up to date, then every row replaced by the seed. */
export async function replaceAllWithSeed(url: string, state: DbState): Promise<DbState> {
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5000 });
  pool.on('error', () => undefined);
  try {
    const tables = tablesOf(resources);
    await migrate(pool, tables, { log: console.log });
    await replaceAll(pool, tables, state as unknown as SeedRows);
    return state;
  } finally {
    await pool.end();
  }
}
