import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../mock-server/auth/password';
import { buildSeed, writeSeedFile } from '../../mock-server/seed/seed';
import { openStore } from '../../mock-server/store/store';
import { resources } from '../../src/resources';
import type { DbState } from '../../mock-server/store/types';
import { ADMIN, AMSTERDAM, startServer, userId, type TestServer } from './helpers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('database file', () => {
  it('stays valid JSON after writes and leaves no temp files', async () => {
    server = await startServer();
    const admin = await server.login(ADMIN);
    await server.request('POST', '/auth/login-as', {
      token: admin,
      json: { id: userId(server, AMSTERDAM) },
    });
    await server.request('POST', '/auth/forgot-password', { json: { email: AMSTERDAM } });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        server!.request('POST', '/auth/forgot-password', { json: { email: AMSTERDAM } }),
      ),
    );
    const files = fs.readdirSync(server.dir);
    expect(files.filter((name) => name.includes('.tmp-'))).toEqual([]);
    const onDisk = JSON.parse(fs.readFileSync(path.join(server.dir, 'db.json'), 'utf8')) as DbState;
    expect(onDisk.impersonations).toHaveLength(1);
    expect(onDisk.passwordResets).toHaveLength(6);
    // The file holds what the store answers (its own bookkeeping aside).
    const { _meta: _bookkeeping, ...collections } = onDisk as DbState & { _meta?: unknown };
    expect(collections).toEqual(await server.data.snapshot());
  });

  it('answers a failed write with a plain 500 and cleans up its temp file', async () => {
    server = await startServer();
    const amsterdam = await server.login(AMSTERDAM);
    const dbFile = path.join(server.dir, 'db.json');
    // A non-empty directory where the file should be makes the final rename fail.
    fs.rmSync(dbFile);
    fs.mkdirSync(path.join(dbFile, 'blocker'), { recursive: true });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // (forgot-password stores its link after answering, so a write that answers is used.)
      const response = await server.request('PATCH', '/users/me', {
        token: amsterdam,
        json: { name: 'Renamed' },
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        message: 'Something went wrong',
        statusCode: 500,
        code: 'apiErrors.somethingWentWrong',
        values: {},
      });
      expect(errors).toHaveBeenCalled(); // logged server-side, not sent
    } finally {
      errors.mockRestore();
    }
    expect(fs.readdirSync(server.dir).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('is written atomically by the store (temp file + rename)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-store-'));
    try {
      const file = path.join(dir, 'db.json');
      writeSeedFile(file);
      const store = openStore(file, resources);
      const inode = fs.statSync(file).ino;
      await store.transaction((tx) => tx.update('users', 1, { name: 'Renamed' }));
      // A rename gives the file a new inode; an in-place write would keep it.
      expect(fs.statSync(file).ino).not.toBe(inode);
      // The data file, the key its seeded secrets are sealed with and the seeded uploads'
      // folder; no temp file left.
      expect(fs.readdirSync(dir).sort()).toEqual(['.data-key', 'db.json', 'uploads']);
      expect((await openStore(file, resources).get('users', 1))?.name).toBe('Renamed');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start on a missing or broken file instead of overwriting it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-store-'));
    try {
      const file = path.join(dir, 'db.json');
      expect(() => openStore(file, resources)).toThrow(/does not exist/);
      fs.writeFileSync(file, '{"users": [');
      expect(() => openStore(file, resources)).toThrow(/not valid JSON/);
      expect(fs.readFileSync(file, 'utf8')).toBe('{"users": [');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('opening the data file', () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-store-'));
    file = path.join(dir, 'db.json');
    writeSeedFile(file);
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('removes temp files an interrupted write left beside it, and nothing else', async () => {
    const stale = ['db.json.tmp-4242-0', 'db.json.tmp-1-17'];
    const kept = [
      'db.json.bak',
      'db.json.tmp-',
      'db.json.tmp-1-2.bak',
      'db.json.tmp-abc-1',
      'other.json.tmp-1-2',
      'notes.txt',
    ];
    for (const name of [...stale, ...kept]) fs.writeFileSync(path.join(dir, name), '{"half":');
    fs.mkdirSync(path.join(dir, 'db.json.tmp-7-7')); // a directory is never ours to remove

    const store = openStore(file, resources);
    expect(await store.count('users')).toBeGreaterThan(0);
    // (`uploads` holds the seeded pages' covers and PDFs, `.data-key` the seed's sealing key.)
    expect(fs.readdirSync(dir).sort()).toEqual(
      ['.data-key', 'db.json', 'db.json.tmp-7-7', 'uploads', ...kept].sort(),
    );
  });
});

// The data file's own id counters (`_meta.lastIds`): PostgreSQL keeps a sequence per collection
// instead, which is not transactional (a number it gave is never given again).
describe('the id counters of the data file', () => {
  const readMeta = (dir: string) =>
    (JSON.parse(fs.readFileSync(path.join(dir, 'db.json'), 'utf8')) as Record<string, unknown>)
      ._meta as { lastIds?: Record<string, number> };

  it('start at the highest id of an older data file', async () => {
    server = await startServer();
    const lastIds = readMeta(server.dir).lastIds ?? {};
    for (const name of ['users', 'amenities', 'visits', 'amenity-categories']) {
      const max = (await server.data.all(name)).reduce((top, row) => Math.max(top, row.id), 0);
      expect(lastIds[name], name).toBe(max);
    }
  });

  it('roll back with a failed transaction', async () => {
    server = await startServer();
    const running = server;
    const visits = () => readMeta(running.dir).lastIds?.visits ?? 0;
    const before = visits();
    await expect(
      running.store.transaction(async (tx) => {
        await tx.insert('visits', { ownerId: 3, date: '2030-01-03', visitors: 1 });
        throw new Error('rule broken');
      }),
    ).rejects.toThrow('rule broken');
    expect(visits()).toBe(before);
    await running.store.transaction((tx) =>
      tx.insert('visits', { ownerId: 3, date: '2030-01-04', visitors: 1 }),
    );
    expect(visits()).toBe(before + 1);
  });
});

describe('seed', () => {
  const today = new Date('2026-03-15T18:30:00Z');

  it('is deterministic for a given day', () => {
    expect(JSON.stringify(buildSeed({ today }))).toBe(JSON.stringify(buildSeed({ today })));
  });

  it('has the six accounts, 90 days of visits per hotel and empty internal collections', async () => {
    const seed = buildSeed({ today });
    expect(seed.users.map((user) => [user.id, user.email, user.role])).toEqual([
      [1, 'superadmin@example.com', 'superAdmin'],
      [2, 'admin@example.com', 'admin'],
      [3, 'hotel-amsterdam@example.com', 'operator'],
      [4, 'hotel-berlin@example.com', 'operator'],
      [5, 'hotel-madrid@example.com', 'operator'],
      // A person, manager of Amsterdam and Berlin (issue 40: several hotels per person).
      [6, 'chain-manager@example.com', 'member'],
    ]);
    expect(
      seed.members
        .filter((member) => member.userId === 6)
        .map((member) => [member.ownerId, member.role]),
    ).toEqual([
      [3, 'manager'],
      [4, 'manager'],
    ]);
    expect(seed.users[0]).toMatchObject({
      isSuperAdmin: true,
      isAdmin: true,
      name: 'Sophie Laurent',
    });
    expect(seed.users[1]).toMatchObject({
      isSuperAdmin: false,
      isAdmin: true,
      name: 'Daniel Brooks',
    });
    expect(seed.users[2]).toMatchObject({
      slug: 'canal-house-amsterdam',
      locales: ['nl', 'en', 'de'],
      sourceLocale: 'nl',
      status: 'active',
      disabled: false,
      emailVerified: true,
    });
    expect(await verifyPassword('demo1234', seed.users[4].passwordHash)).toBe(true);
    expect(await verifyPassword('demo12345', seed.users[4].passwordHash)).toBe(false);
    expect(seed.users[4].passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[\w+/=]+\$[\w+/=]+$/);

    for (const ownerId of [3, 4, 5]) {
      const visits = seed.visits.filter((visit) => visit.ownerId === ownerId);
      expect(visits).toHaveLength(90);
      expect(visits.at(-1)?.date).toBe('2026-03-15');
      expect(visits[0].date).toBe('2025-12-16');
      expect(visits.every((visit) => visit.visitors >= 40 && visit.visitors <= 400)).toBe(true);
    }
    expect(seed.passwordResets).toEqual([]);
    expect(seed.impersonations).toEqual([]);
  });
});
