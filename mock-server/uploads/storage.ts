import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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

/** The folder of an administrator's uploads made for no hotel. */
export const ADMIN_TENANT = 'admin';

/** A tenant folder: a user id or `admin`; nothing else (no dots, no slashes) is ever a folder. */
export const TENANT_PATTERN = /^(?:[1-9][0-9]{0,15}|admin)$/;
/** A stored file's name: 22 base64url characters and one of the five extensions. */
export const NAME_PATTERN = /^[A-Za-z0-9_-]{22}\.(?:png|jpg|webp|gif|pdf)$/;

/** Path of the public file route, relative to the API root. */
export const FILES_PATH = '/uploads/files';

export const tenantOf = (ownerId: number | null): string =>
  ownerId === null ? ADMIN_TENANT : String(ownerId);

export const randomFileName = (ext: string): string =>
  `${randomBytes(16).toString('base64url')}.${ext}`;

export const fileUrl = (tenant: string, name: string): string => `${FILES_PATH}/${tenant}/${name}`;

/** The tenant and name of one of our urls (strictly checked), or undefined. */
export function parseFileUrl(url: string): { tenant: string; name: string } | undefined {
  const prefix = `${FILES_PATH}/`;
  if (!url.startsWith(prefix)) return undefined;
  const [tenant, name, ...rest] = url.slice(prefix.length).split('/');
  if (rest.length || !tenant || !name) return undefined;
  if (!TENANT_PATTERN.test(tenant) || !NAME_PATTERN.test(name)) return undefined;
  return { tenant, name };
}

/**
 * The file behind a tenant and name, refusing anything that is not a plain child of a tenant
 * folder (the patterns already rule `..` and separators out; this checks the result too).
 */
export function storedPath(root: string, tenant: string, name: string): string | undefined {
  if (!TENANT_PATTERN.test(tenant) || !NAME_PATTERN.test(name)) return undefined;
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

/** Removes a file we stored, ignoring one that is already gone. */
export async function removeStoredFile(root: string, url: string): Promise<void> {
  const parsed = parseFileUrl(url);
  const file = parsed && storedPath(root, parsed.tenant, parsed.name);
  if (file) await fs.promises.rm(file, { force: true });
}
