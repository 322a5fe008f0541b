import fs from 'node:fs';
import path from 'node:path';

let tmpCounter = 0;

/** `<file>.tmp-<pid>-<n>`: the temp file a write goes through before it is renamed over `file`. */
const tempFileName = (file: string, pid: number, n: number) => `${file}.tmp-${pid}-${n}`;
const isTempFileOf = (file: string, name: string): boolean =>
  name.startsWith(`${file}.tmp-`) && /^\d+-\d+$/.test(name.slice(`${file}.tmp-`.length));

/**
 * Removes the temp files that writes interrupted by a crash (between write and rename) left
 * beside `file`; only regular files named as atomicWriteFileSync names them. Call it before
 * anyone writes `file`. Returns how many were removed.
 */
export function removeStaleTempFiles(file: string): number {
  const dir = path.dirname(file);
  const base = path.basename(file);
  let removed = 0;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0; // No directory yet: nothing was ever written there.
  }
  for (const name of names) {
    if (!isTempFileOf(base, name)) continue;
    const candidate = path.join(dir, name);
    if (!fs.lstatSync(candidate).isFile()) continue;
    fs.rmSync(candidate, { force: true });
    removed++;
  }
  return removed;
}

/**
 * Writes a file so that readers see either the old or the new content, never a torn one:
 * write a temp file beside it, fsync, then rename over the target (rename is atomic on POSIX).
 * Readable by its owner only by default (0600): the data file holds password hashes and sealed
 * secrets, the outbox reset links; the temp file is created so, and the rename keeps its mode.
 */
export function atomicWriteFileSync(file: string, content: string, mode = 0o600): void {
  const tmp = tempFileName(file, process.pid, tmpCounter++);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    const fd = fs.openSync(tmp, 'w', mode);
    try {
      fs.writeFileSync(fd, content);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  fsyncDir(path.dirname(file));
}

/** Makes the rename itself durable; not supported on every platform, so best effort. */
function fsyncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Directories cannot be fsynced on Windows; the data itself is already synced.
  }
}
