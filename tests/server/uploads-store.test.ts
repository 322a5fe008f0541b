import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../mock-server/config';

// UPLOADS_STORE: where uploaded files live (README "Configuration"). The drivers themselves run
// under every upload test, on the folder (server project) and in PostgreSQL (server-pg).

describe('UPLOADS_STORE', () => {
  it('defaults to the database with DATABASE_URL, else to the folder', () => {
    expect(loadConfig({}).uploadsStore).toBe('local');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/stay' }).uploadsStore).toBe('postgres');
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/stay', UPLOADS_STORE: 'local' })
        .uploadsStore,
    ).toBe('local');
    expect(() => loadConfig({ UPLOADS_STORE: 's3' })).toThrow(
      'UPLOADS_STORE must be "local" or "postgres", got "s3"',
    );
  });

  it('refuses to start with UPLOADS_STORE=postgres and no DATABASE_URL, in one line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-uploads-store-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'mock-server/index.ts'], {
        env: {
          ...process.env,
          UPLOADS_STORE: 'postgres',
          DATABASE_URL: '',
          API_PORT: '0',
          DEMO_OAUTH_PORT: '0',
          DB_FILE: path.join(dir, 'db.json'),
          MAIL_OUTBOX: path.join(dir, 'outbox'),
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        'The API cannot start: UPLOADS_STORE=postgres needs DATABASE_URL (the files are kept in that PostgreSQL database)\n',
      );
      // Refused before anything was written.
      expect(fs.existsSync(path.join(dir, 'db.json'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
