import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API's layers (issue 39 §4): a store speaks store errors and knows no HTTP, product registry,
 * seed or uploads; the engine's pipeline knows no routes nor features. Imports that run back up
 * are named here. No server: a scan of the sources (tests run from the repository's root).
 */

const ROOT = path.resolve('.');
const SERVER = path.join(ROOT, 'mock-server');

interface Arrow {
  from: string;
  to: string;
  typeOnly: boolean;
}

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The imports of the files under `dir` (relative ones resolved from the root; packages as named). */
function arrows(dir: string): Arrow[] {
  return sources(dir).flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return [...text.matchAll(IMPORT)].map((match) => {
      const spec = match[3] ?? match[4]!;
      const to = spec.startsWith('.')
        ? path.relative(ROOT, path.resolve(path.dirname(file), spec))
        : spec;
      return { from: path.relative(ROOT, file), to, typeOnly: Boolean(match[2]) };
    });
  });
}

const within = (target: string, ...dirs: string[]) =>
  dirs.some((dir) => target === dir || target.startsWith(`${dir}${path.sep}`));

const named = (found: Arrow[]) => found.map(({ from, to }) => `${from} -> ${to}`);

describe('layering', () => {
  it('the scan reads the imports it judges', () => {
    const store = arrows(path.join(SERVER, 'store'));
    expect(store.length).toBeGreaterThan(30);
    expect(store.some(({ to }) => within(to, path.join('src', 'schema')))).toBe(true);
  });

  it('a store imports only the store, the shared schema and libraries (the registry: its types)', () => {
    const up = arrows(path.join(SERVER, 'store')).filter(({ to, typeOnly }) => {
      if (!to.startsWith('mock-server') && !to.startsWith('src')) return to === 'express';
      if (within(to, path.join('mock-server', 'store'), path.join('src', 'schema'))) return false;
      // Each collection's record type derives from its declaration (store/types.ts).
      return !(typeOnly && within(to, path.join('src', 'resources')));
    });
    expect(named(up)).toEqual([]);
  });

  it('the engine imports no route, feature, seed nor upload', () => {
    const allowed = ['engine', 'store', 'http', 'audit', 'auth', 'translate'].map((dir) =>
      path.join('mock-server', dir),
    );
    const up = arrows(path.join(SERVER, 'engine')).filter(
      ({ to }) => to.startsWith('mock-server') && !within(to, ...allowed),
    );
    expect(named(up)).toEqual([]);
  });
});
