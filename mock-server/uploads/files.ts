import fs from 'node:fs';
import path from 'node:path';
import { NAME_PATTERN, storedPath, syncDir, TENANT_PATTERN } from './storage';

/** A stored file's place: its tenant folder and its random name. */
export interface FileName {
  tenant: string;
  name: string;
}

/** What the file route sends: a file on this machine's disk, or the bytes themselves. */
export type FileBody =
  { path: string; bytes?: undefined } | { bytes: Buffer; modified: number; path?: undefined };

/**
 * Where uploaded files are kept (UPLOADS_STORE), chosen in the composition root
 * (../backends.ts): the folder beside DB_FILE (`local`, the default without DATABASE_URL) or
 * the PostgreSQL database (`postgres`: every API process, on any machine, serves every file).
 * The checks (type sniffing, size, quota, tenancy) and the headers are the routes'; a driver
 * only keeps bytes.
 */
export interface FileStore {
  readonly kind: 'local' | 'postgres';
  /**
   * Stores a received file (its temp file, which is gone afterwards) under tenant and name;
   * once this resolves, every process serves it. `at`: when (the API's clock).
   */
  save(
    file: FileName & { type: string; tempFile: string; size: number; at: number },
  ): Promise<void>;
  /** What to send for a file, or undefined when none is stored there. */
  open(file: FileName): Promise<FileBody | undefined>;
  /** A file's bytes, or undefined. */
  read(file: FileName): Promise<Buffer | undefined>;
  /** Removes a file, ignoring one that is already gone. */
  remove(file: FileName): Promise<void>;
  /** The files stored at or before `cutoff` (ms): the sweep's candidates for strays. */
  storedBefore(cutoff: number): Promise<FileName[]>;
}

async function listDir(dir: string): Promise<fs.Dirent[]> {
  try {
    return await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return []; // Nothing uploaded yet.
  }
}

/** Files in `<root>/<tenant>/<name>` on this machine's disk (uploads/storage.ts). */
export class LocalFiles implements FileStore {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  async save({
    tenant,
    name,
    tempFile,
  }: FileName & { type: string; tempFile: string; size: number; at: number }): Promise<void> {
    const target = storedPath(this.root, tenant, name);
    if (!target) throw new Error(`Not a stored file name: ${tenant}/${name}`);
    const folder = path.dirname(target);
    await fs.promises.mkdir(folder, { recursive: true });
    await fs.promises.rename(tempFile, target);
    await syncDir(folder);
  }

  async open({ tenant, name }: FileName): Promise<FileBody | undefined> {
    const file = storedPath(this.root, tenant, name);
    return file ? { path: file } : undefined;
  }

  async read({ tenant, name }: FileName): Promise<Buffer | undefined> {
    const file = storedPath(this.root, tenant, name);
    if (!file) return undefined;
    return fs.promises.readFile(file).catch(() => undefined);
  }

  async remove({ tenant, name }: FileName): Promise<void> {
    const file = storedPath(this.root, tenant, name);
    if (file) await fs.promises.rm(file, { force: true });
  }

  async storedBefore(cutoff: number): Promise<FileName[]> {
    const found: FileName[] = [];
    for (const folder of await listDir(this.root)) {
      if (!folder.isDirectory() || !TENANT_PATTERN.test(folder.name)) continue;
      for (const entry of await listDir(path.join(this.root, folder.name))) {
        if (!entry.isFile() || !NAME_PATTERN.test(entry.name)) continue;
        const stat = await fs.promises
          .lstat(path.join(this.root, folder.name, entry.name))
          .catch(() => undefined);
        if (stat && stat.mtimeMs <= cutoff) found.push({ tenant: folder.name, name: entry.name });
      }
    }
    return found;
  }
}
