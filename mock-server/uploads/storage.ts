import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  parseUploadAddress,
  PLATFORM_TENANT,
  UPLOAD_NAME_PATTERN,
  UPLOAD_TENANT_PATTERN,
  UPLOADED_FILES,
} from '../../src/schema/uploads';
import type { Config } from '../config';

/**
 * Where uploads live: `<folder of DB_FILE>/uploads/<tenant>/<random>.<ext>`, one folder per
 * tenant (the owning hotel's user id, or `admin` for an administrator's own files), names of 16
 * random bytes (base64url) nobody can guess or count. Writes go through `.tmp/` and are renamed
 * into place, so a reader never sees half a file.
 */
export const uploadsRoot = (config: Pick<Config, 'dbFile'>): string =>
  path.join(path.dirname(config.dbFile), 'uploads');

/** In-progress uploads (removed when they fail, and by the sweep when a crash left them). */
export const tempDir = (root: string): string => path.join(root, '.tmp');

export {
  PLATFORM_TENANT as ADMIN_TENANT,
  UPLOAD_NAME_PATTERN as NAME_PATTERN,
  UPLOAD_TENANT_PATTERN as TENANT_PATTERN,
  UPLOADED_FILES as FILES_PATH,
} from '../../src/schema/uploads';

export const tenantOf = (ownerId: number | null): string =>
  ownerId === null ? PLATFORM_TENANT : String(ownerId);

export const randomFileName = (ext: string): string =>
  `${randomBytes(16).toString('base64url')}.${ext}`;

export const fileUrl = (tenant: string, name: string): string =>
  `${UPLOADED_FILES}/${tenant}/${name}`;

/** The tenant and name of one of our urls (strictly checked), or undefined. */
export const parseFileUrl = parseUploadAddress;

/**
 * The file behind a tenant and name, refusing anything that is not a plain child of a tenant
 * folder (the patterns already rule `..` and separators out; this checks the result too).
 */
export function storedPath(root: string, tenant: string, name: string): string | undefined {
  if (!UPLOAD_TENANT_PATTERN.test(tenant) || !UPLOAD_NAME_PATTERN.test(name)) return undefined;
  const resolved = path.resolve(root, tenant, name);
  return path.dirname(path.dirname(resolved)) === path.resolve(root) ? resolved : undefined;
}

/** Makes a rename durable (best effort: not every platform can fsync a folder). */
export async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await fs.promises.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot open a directory for fsync; the file's own data is already synced.
  }
}
