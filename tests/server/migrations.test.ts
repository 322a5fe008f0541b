import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations as productMigrations } from '../../mock-server/migrations';
import type { Migrations } from '../../mock-server/store/migrations';
import {
  migrationOf,
  plan,
  withThrowawayTables,
  type Rename,
} from '../../mock-server/store/postgres/diff';
import { tablesOf } from '../../mock-server/store/postgres/schema';
import { migrateDown } from '../../mock-server/store/postgres/migrate';
import { openStore } from '../../mock-server/store/store';
import pg from 'pg';
import { resources } from '../../src/resources';
import { owner } from '../../src/schema/access';
import { number, text } from '../../src/schema/fields';
import { defineResource, type ResourceDeclaration } from '../../src/schema/resource';
import { AMSTERDAM, BERLIN, startServer, type TestServer } from './helpers';

// Issue 39 §1: declarations change through migration files, and both stores follow them alike.
// Throwaway declarations, version 1 and version 2 (no unique rule on `code`, `label` renamed to
// `title`, `size` from text to a number), each with the migrations a developer would write.

const gizmos = (fields: ResourceDeclaration['fields']) =>
  defineResource({
    name: 'gizmos',
    route: 'gizmos',
    owned: true,
    access: owner(),
    labelField: 'code',
    fields,
  });

const V1 = gizmos({
  code: text({ required: true, unique: { per: ['ownerId'] }, list: { filter: true } }),
  label: text(),
  size: text({ list: { sort: true } }),
});
const V2 = gizmos({
  code: text({ required: true, list: { filter: true } }),
  title: text(),
  size: number({ list: { sort: true } }),
});

const tables = (gizmo: typeof V1) => tablesOf([...resources, gizmo]);
const v1: Migrations = withThrowawayTables(productMigrations, tables(V1));
const RENAME: Rename[] = [{ table: 'gizmos', from: 'label', to: 'title' }];
const v2: Migrations = {
  list: [...v1.list, migrationOf('9999-gizmos-v2', plan(v1.snapshot, tables(V2), RENAME))],
  snapshot: tables(V2),
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const start = async (dir: string, gizmo: typeof V1, migrations: Migrations) => {
  server = await startServer({ dir, resources: [...resources, gizmo], migrations });
  return server;
};

async function version1(dir: string) {
  const api = await start(dir, V1, v1);
  const token = await api.login(AMSTERDAM);
  const lamp = await api.send('POST', '/gizmos', token, { code: 'A1', label: 'Lamp', size: '12' });
  expect(lamp.status).toBe(201);
  await api.send('POST', '/gizmos', token, { code: 'B2', label: 'Desk', size: 'large' });
  // The unique rule holds on both stores.
  expect((await api.send('POST', '/gizmos', token, { code: 'a1' })).status).toBe(409);
  await api.close({ keepDir: true });
  server = undefined;
  return (lamp.body as { id: number }).id;
}

describe('a change of declarations with its migration file', () => {
  it('lifts a unique rule, renames a field and changes a type, alike on both stores', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-migrating-'));
    const lampId = await version1(dir);

    const api = await start(dir, V2, v2);
    const token = await api.login(AMSTERDAM);
    // The renamed field kept its value, the number is a number, the text that is not one kept.
    const lamp = await api.send('GET', `/gizmos/${lampId}`, token);
    expect(lamp.body).toMatchObject({ code: 'A1', title: 'Lamp', size: 12 });
    expect(lamp.body).not.toHaveProperty('label');
    const stored = await api.data.find('gizmos', { code: 'B2' });
    expect(stored[0]).toMatchObject({ title: 'Desk', size: 'large' });
    // The lifted rule: the same code again is accepted (PostgreSQL dropped its index).
    expect((await api.send('POST', '/gizmos', token, { code: 'A1', size: 3 })).status).toBe(201);
    // The new type sorts as numbers (PostgreSQL: its typed column is a number again).
    await api.send('POST', '/gizmos', token, { code: 'C3', title: 'Shelf', size: 100 });
    const sorted = await api.send('GET', '/gizmos?_sort=size&_order=desc&code_ne=B2', token);
    expect((sorted.body as { size: number }[]).map((row) => row.size)).toEqual([100, 12, 3]);
    // Another hotel still sees none of them.
    const berlin = await api.send('GET', '/gizmos', await api.login(BERLIN));
    expect(berlin.body).toEqual([]);
  });

  it('refuses to start when the declarations changed and no migration was written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-migrating-'));
    await version1(dir);
    await expect(start(dir, V2, v1)).rejects.toThrow(
      /The declarations changed since the last migration file[\s\S]*DROP COLUMN IF EXISTS "label"[\s\S]*Run `npm run db:migrate:new <name>`/,
    );
  });

  it('undoes the last migration with its down step: the old shape back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-migrating-'));
    const lampId = await version1(dir);
    const api = await start(dir, V2, v2);
    const config = api.config;
    await api.close({ keepDir: true });
    server = undefined;
    if (config.databaseUrl) {
      const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
      expect(await migrateDown(pool, v2)).toBe('9999-gizmos-v2');
      await pool.end();
    } else {
      const file = openStore(config.dbFile, [...resources, V2], undefined, v2.list);
      expect(await file.migrateDown()).toBe('9999-gizmos-v2');
    }
    const back = await start(dir, V1, v1);
    const lamp = await back.send('GET', `/gizmos/${lampId}`, await back.login(AMSTERDAM));
    expect(lamp.body).toMatchObject({ code: 'A1', label: 'Lamp', size: '12' });
    expect(lamp.body).not.toHaveProperty('title');
  });
});
