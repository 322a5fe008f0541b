// vitest globalSetup of the server projects: the JSON file's seed, built once for the run (its
// scrypt hashes, images and PDFs take a second or more), in a folder that each test server's
// folder starts as a copy of (helpers.ts), as PostgreSQL's test servers copy a template
// database (postgres.ts). The copies share its data key, as the template database's do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSeedFile } from '../../mock-server/seed/seed';
import { migrations } from '../../mock-server/migrations';
import { openStore } from '../../mock-server/store/store';
import { resources } from '../../src/resources';

export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-seed-'));
  writeSeedFile(path.join(dir, 'db.json'));
  // Opened once, as the API opens a new seed: the store adds its bookkeeping (schema version, id
  // counters, the migrations it has had: all, as a new seed) and writes the file. Each copy then
  // opens without that whole-file rewrite.
  openStore(path.join(dir, 'db.json'), resources, undefined, migrations.list);
  process.env.TEST_JSON_SEED = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
