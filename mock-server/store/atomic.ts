import fs from 'node:fs';
import path from 'node:path';

let tmpCounter = 0;

/**
 * Writes a file so that readers see either the old or the new content, never a torn one:
 * write a temp file beside it, fsync, then rename over the target (rename is atomic on POSIX).
 */
export function atomicWriteFileSync(file: string, content: string, mode = 0o644): void {
  const tmp = `${file}.tmp-${process.pid}-${tmpCounter++}`;
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
