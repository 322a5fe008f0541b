import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// package.json tells the truth: what the API and the dashboard import is a dependency of their
// own, not something that happens to arrive inside another package (express, lodash and lowdb
// once came only through json-server).
const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  engines: { node: string };
};

const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? sourceFiles(path.join(dir, entry.name))
        : /\.(ts|tsx|mjs|js|css)$/.test(entry.name)
          ? [path.join(dir, entry.name)]
          : [],
    );

const IMPORT =
  /(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require(?:Cjs)?\(\s*['"]([^'"]+)['"]\s*\)|@import\s+['"]([^'"]+)['"]/g;
const PACKAGE = /^(@[a-z0-9-~][\w.~-]*\/)?[a-z0-9-~][\w.~-]*$/;

interface Use {
  file: string;
  name: string;
  typeOnly: boolean;
}

/** The packages folders and files import (by name; `node:` built-ins and relative paths left out). */
function packagesUsedBy(dirs: string[], files: string[] = []): Use[] {
  return [...dirs.flatMap(sourceFiles), ...files].flatMap((file) =>
    [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(IMPORT)].flatMap((match) => {
      const specifier = match[2] ?? match[3] ?? match[4] ?? match[5];
      const name = specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
      return PACKAGE.test(name) ? [{ file, name, typeOnly: match[1] !== undefined }] : [];
    }),
  );
}

const declared = (name: string) =>
  name in pkg.dependencies || name in pkg.devDependencies || name.startsWith('@types/');

describe('declared dependencies', () => {
  it('declares, as its own dependencies, every package the API and the dashboard import', () => {
    const runtime = packagesUsedBy(['mock-server', 'src']).filter((use) => !use.typeOnly);
    expect(runtime.length).toBeGreaterThan(100);
    expect(runtime.filter((use) => !(use.name in pkg.dependencies))).toEqual([]);
    for (const name of ['express', 'lodash', 'busboy', 'pg']) {
      expect(runtime.some((use) => use.name === name)).toBe(true);
      expect(pkg.dependencies[name]).toBeDefined();
    }
  });

  it('declares every package the tests, scripts and configurations import', () => {
    const uses = packagesUsedBy(
      ['mock-server', 'src', 'tests', 'scripts'],
      ['vite.config.ts', 'playwright.config.ts', 'eslint.config.js'],
    );
    expect(uses.some((use) => use.name === 'json-server')).toBe(true);
    expect(uses.filter((use) => !declared(use.name))).toEqual([]);
  });

  it('uses json-server as the query tests’ oracle only, and lowdb nowhere', () => {
    const uses = packagesUsedBy(['mock-server', 'src', 'tests', 'scripts']);
    expect(
      uses.filter((use) => use.name === 'json-server').map((use) => use.file.split(path.sep)[0]),
    ).toEqual(['tests']);
    expect(pkg.devDependencies['json-server']).toBe('^0.17.4');
    expect(pkg.dependencies['json-server']).toBeUndefined();
    expect(uses.filter((use) => use.name === 'lowdb')).toEqual([]);
  });

  it('asks for the Node line its dependencies require (22, LTS)', () => {
    const [, major, minor] = /^>=(\d+)\.(\d+)$/.exec(pkg.engines.node) ?? [];
    expect(Number(major)).toBe(22);
    // Each installed package's own `engines.node` accepts that minimum (lighthouse asks 22.19).
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const minimums = Object.values(lock.packages)
      .map((entry) => (Array.isArray(entry.engines) ? undefined : entry.engines?.node))
      .flatMap((range) => (range ? [...range.matchAll(/>=\s*(\d+)\.(\d+)/g)] : []))
      .filter((match) => Number(match[1]) === 22)
      .map((match) => Number(match[2]));
    expect(minimums).toContain(19);
    expect(Math.max(...minimums)).toBeLessThanOrEqual(Number(minor));
  });
});
