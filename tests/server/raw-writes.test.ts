import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One write path (issue 39 §3): a declared record is written through the engine's pipeline
 * (mock-server/engine). A write straight to the store elsewhere is allowed only for the server's
 * own tables and fields, and says so: `// raw write: <why>` on its line or just above it.
 */

// Tests run from the repository's root (vite.config.ts). No server: a scan of the sources.
const SERVER = path.resolve('mock-server');
/** The engine is the write path; the store (and its adapters) is what it writes to. */
const EXEMPT = ['engine', 'store'].map((dir) => path.join(SERVER, dir) + path.sep);
/** A write to the store, a transaction or a hook's writer: `tx.update(`, `ctx.store.insert(`. */
const RAW_WRITE = /\b(?:tx|store|writer)\.(?:insert|update|remove)\(/;
const JUSTIFIED = /\/\/ raw write: \S/;
const COMMENT = /^\s*\/\//;

/** Whether the write's line, or the comment just above its statement, says why it is raw. */
function justified(lines: readonly string[], index: number): boolean {
  if (JUSTIFIED.test(lines[index]!)) return true;
  let first = index;
  // Up to the statement's first line (`? tx.update(…)` continues the line above)…
  while (first > 0 && !COMMENT.test(lines[first - 1]!) && !/[;{}]\s*$/.test(lines[first - 1]!)) {
    first -= 1;
  }
  // …and the comment lines right above it.
  for (let line = first - 1; line >= 0 && COMMENT.test(lines[line]!); line -= 1) {
    if (JUSTIFIED.test(lines[line]!)) return true;
  }
  return false;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every raw write outside the engine and the store, as `file:line`, with whether it says why. */
function rawWrites(): { at: string; justified: boolean }[] {
  return sources(SERVER)
    .filter((file) => !EXEMPT.some((dir) => file.startsWith(dir)))
    .flatMap((file) => {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      return lines.flatMap((line, index) =>
        RAW_WRITE.test(line)
          ? [
              {
                at: `${path.relative(SERVER, file)}:${index + 1}`,
                justified: justified(lines, index),
              },
            ]
          : [],
      );
    });
}

describe('writes outside the engine', () => {
  it('finds the raw writes it guards (the scan is not blind)', () => {
    const found = rawWrites().map(({ at }) => at);
    // The audit log writes its own entries: the scan sees them.
    expect(found.some((at) => at.startsWith(path.join('audit', 'index.ts:')))).toBe(true);
    expect(found.length).toBeGreaterThan(20);
  });

  it('each says why it is raw (`// raw write: …`), or goes through the engine', () => {
    const unexplained = rawWrites()
      .filter(({ justified }) => !justified)
      .map(({ at }) => at);
    expect(unexplained).toEqual([]);
  });

  it('the profile and the email change are written by the engine, not by their routes', () => {
    const me = fs.readFileSync(path.join(SERVER, 'routes', 'me.ts'), 'utf8');
    expect(me).toMatch(/\.updateSelf\(/);
    const raw = me.split('\n').filter((line) => RAW_WRITE.test(line));
    // Only the password change stays raw (its hash and session version are server-owned).
    expect(raw).toHaveLength(1);
  });
});
