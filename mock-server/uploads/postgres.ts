import fs from 'node:fs';
import type pg from 'pg';
import { queryTranslated } from '../store/postgres/store';
import type { FileBody, FileName, FileStore } from './files';
import { parseFileUrl } from './storage';

/**
 * Uploaded files in the database (UPLOADS_STORE=postgres): rows of `_stay_files` (created by
 * store/postgres/migrate), bytea. Chosen over object storage because uploads are at most
 * UPLOAD_LIMIT_MB (5 MiB by default) and it needs no other service: every API process on the
 * database serves every file, and a backup of the database (pg_dump) holds them too. An uploads
 * adapter over the store's pool: the store knows nothing of uploads.
 */
export class PostgresFiles implements FileStore {
  readonly kind = 'postgres';

  constructor(private readonly pool: pg.Pool) {}

  private query<R extends pg.QueryResultRow>(sql: string, values: unknown[]) {
    return queryTranslated<R>(this.pool, sql, values);
  }

  async save(
    file: FileName & { type: string; tempFile: string; size: number; at: number },
  ): Promise<void> {
    const bytes = await fs.promises.readFile(file.tempFile);
    await this.query(
      `INSERT INTO _stay_files (tenant, name, type, bytes, size, created)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [file.tenant, file.name, file.type, bytes, bytes.length, file.at],
    );
    await fs.promises.rm(file.tempFile, { force: true });
  }

  async open(file: FileName): Promise<FileBody | undefined> {
    const { rows } = await this.query<{ bytes: Buffer; created: string }>(
      'SELECT bytes, created FROM _stay_files WHERE tenant = $1 AND name = $2',
      [file.tenant, file.name],
    );
    const row = rows[0];
    return row ? { bytes: row.bytes, modified: Number(row.created) } : undefined;
  }

  async read(file: FileName): Promise<Buffer | undefined> {
    return (await this.open(file))?.bytes;
  }

  async remove(file: FileName): Promise<void> {
    await this.query('DELETE FROM _stay_files WHERE tenant = $1 AND name = $2', [
      file.tenant,
      file.name,
    ]);
  }

  async storedBefore(cutoff: number): Promise<FileName[]> {
    const { rows } = await this.query<FileName>(
      'SELECT tenant, name FROM _stay_files WHERE created <= $1 ORDER BY tenant, name',
      [Math.min(cutoff, Number.MAX_SAFE_INTEGER)],
    );
    return rows;
  }

  /**
   * Copies into the database the files of `uploads` (records) that it lacks and that `local`
   * (the folder beside DB_FILE) has: the seed's, written there when the database was seeded,
   * and those uploaded before UPLOADS_STORE was postgres. Several processes may do it at once.
   * Answers how many were copied.
   */
  async importFrom(
    local: FileStore,
    uploads: readonly { url: string; type: string; createdAt?: string }[],
  ): Promise<number> {
    const { rows } = await this.query<FileName>('SELECT tenant, name FROM _stay_files', []);
    const stored = new Set(rows.map((row) => `${row.tenant}/${row.name}`));
    let copied = 0;
    for (const upload of uploads) {
      const place = parseFileUrl(upload.url);
      if (!place || stored.has(`${place.tenant}/${place.name}`)) continue;
      const bytes = await local.read(place);
      if (!bytes) continue;
      const created = Date.parse(upload.createdAt ?? '');
      const { rowCount } = await this.query(
        `INSERT INTO _stay_files (tenant, name, type, bytes, size, created)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant, name) DO NOTHING`,
        [
          place.tenant,
          place.name,
          upload.type,
          bytes,
          bytes.length,
          Number.isFinite(created) ? created : Date.now(),
        ],
      );
      copied += rowCount ?? 0;
    }
    return copied;
  }
}
