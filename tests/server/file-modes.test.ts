import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { atomicWriteFileSync } from '../../mock-server/store/atomic';
import { AMSTERDAM, startServer, type TestServer } from './helpers';

/**
 * Issue 26, point 7: the JSON data file (password hashes, sealed secrets) and the mails of the
 * outbox (reset links) are readable by their owner only (0600), like `.data-key` — from the seed,
 * after every write, and also when an older data file was 0644.
 */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

it('keeps the data file and the mails 0600 through the seed, writes and an older 0644 file', async () => {
  server = await startServer();
  const dbFile = path.join(server.dir, 'db.json');
  expect(modeOf(dbFile)).toBe(0o600);
  fs.chmodSync(dbFile, 0o644);
  const token = await server.login(AMSTERDAM);
  const write = await server.send('PATCH', '/users/me', token, { name: 'Written' });
  expect(write.status).toBe(200);
  expect(modeOf(dbFile)).toBe(0o600);
  // A reset link's mail.
  expect(
    (await server.send('POST', '/auth/forgot-password', undefined, { email: AMSTERDAM })).status,
  ).toBe(204);
  const outbox = server.config.mailOutbox;
  const mails = fs.readdirSync(outbox);
  expect(mails.length).toBeGreaterThan(0);
  for (const mail of mails) expect(modeOf(path.join(outbox, mail))).toBe(0o600);
});

it('creates its temp file 0600 before it holds any byte', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomic-'));
  try {
    const file = path.join(dir, 'x.json');
    const opened: number[] = [];
    const open = fs.openSync;
    const spy = (target: fs.PathLike, flags: fs.OpenMode, mode?: fs.Mode) => {
      const fd = open(target, flags, mode);
      if (String(target).includes('.tmp-')) opened.push(modeOf(String(target)));
      return fd;
    };
    (fs as { openSync: typeof spy }).openSync = spy;
    try {
      atomicWriteFileSync(file, '{}\n');
    } finally {
      (fs as { openSync: typeof open }).openSync = open;
    }
    expect(opened).toEqual([0o600]);
    expect(modeOf(file)).toBe(0o600);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
