import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Migrations } from '../../mock-server/store/migrations';
import { initialMigrations, migrationOf, plan } from '../../mock-server/store/postgres/diff';
import { tablesOf, type TableSpec } from '../../mock-server/store/postgres/schema';
import { openPostgresStore } from '../../mock-server/store/postgres/store';
import { owner } from '../../src/schema/access';
import { number, reference, text } from '../../src/schema/fields';
import { defineResource, type ResourceDeclaration } from '../../src/schema/resource';
import { databaseFor } from './helpers';

// The schema comes from the declarations through migration files (tests/server/migrations.test.ts
// migrates both stores): here, what PostgreSQL is left with, and its bookkeeping.

let url: string;
let client: pg.Client;
const logs: string[] = [];

const gizmos = (fields: ResourceDeclaration['fields']) =>
  defineResource({
    name: 'gizmos',
    route: 'gizmos',
    owned: true,
    access: owner(),
    labelField: 'name',
    fields: {
      name: text({ required: true, unique: { per: ['ownerId'] }, list: { sort: true } }),
      ...fields,
    },
  });
const users = defineResource({
  name: 'users',
  route: 'users',
  access: owner(),
  labelField: 'email',
  fields: { email: text({ unique: true }) },
});

const openWith = async (tables: TableSpec[], migrations: Migrations) => {
  const store = await openPostgresStore({
    url,
    tables,
    migrations,
    log: (line) => logs.push(line),
  });
  await store.close();
};
const open = (fields: ResourceDeclaration['fields']) => {
  const tables = tablesOf([users, gizmos(fields)]);
  return openWith(tables, initialMigrations(tables));
};
const V1_FIELDS = {
  size: number({ list: { sort: true } }),
  userId: reference({ resource: 'users', labelField: 'email' }),
};

beforeAll(async () => {
  url = await databaseFor(fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-migrate-')));
  client = new pg.Client(url);
  await client.connect();
});
afterAll(async () => {
  await client.end();
});

const columns = async (table: string) =>
  Object.fromEntries(
    (
      await client.query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1`,
        [table],
      )
    ).rows.map((row) => [row.column_name, row.data_type]),
  );

it('creates a table per declaration, typed columns, its indexes, unique rules and keys', async () => {
  await open(V1_FIELDS);
  expect(await columns('gizmos')).toEqual({
    id: 'bigint',
    seq: 'bigint',
    doc: 'jsonb',
    ownerId: 'bigint',
    name: 'text',
    size: 'double precision',
    userId: 'bigint',
  });
  const indexes = (
    await client.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'gizmos'`,
    )
  ).rows.map((row) => row.indexdef.replace(/^.* USING btree /, ''));
  expect(indexes).toEqual(
    expect.arrayContaining([
      '("ownerId", name)',
      '("ownerId", size)',
      '("ownerId", seq)',
      `("ownerId", lower(name)) WHERE (name <> ''::text)`,
    ]),
  );
  const keys = (
    await client.query<{ def: string }>(
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'gizmos'::regclass AND contype = 'f'`,
    )
  ).rows.map((row) => row.def);
  expect(keys.sort()).toEqual([
    'FOREIGN KEY ("ownerId") REFERENCES users(id) DEFERRABLE INITIALLY DEFERRED NOT VALID',
    'FOREIGN KEY ("userId") REFERENCES users(id) DEFERRABLE INITIALLY DEFERRED NOT VALID',
  ]);
});

it('runs each migration once, recorded by name, and a new field is a new column', async () => {
  const v2 = gizmos({
    size: number({ list: { sort: true } }),
    userId: reference({ resource: 'users', labelField: 'email' }),
    colour: text(),
  });
  const v1Tables = tablesOf([users, gizmos(V1_FIELDS)]);
  const migrations = {
    list: [
      ...initialMigrations(v1Tables).list,
      migrationOf('0001-colour', plan(v1Tables, tablesOf([users, v2]))),
    ],
    snapshot: tablesOf([users, v2]),
  };
  expect(migrations.list[1]!.up).toEqual([
    'ALTER TABLE "gizmos" ADD COLUMN IF NOT EXISTS "colour" text COLLATE "C" GENERATED ALWAYS AS (CASE WHEN jsonb_typeof(doc -> \'colour\') = \'string\' THEN doc ->> \'colour\' END) STORED',
  ]);
  await openWith(tablesOf([users, v2]), migrations);
  expect((await columns('gizmos')).colour).toBe('text');
  await openWith(tablesOf([users, v2]), migrations);
  const runs = await client.query<{ name: string }>(
    'SELECT name FROM _stay_migrations WHERE name IS NOT NULL ORDER BY id',
  );
  expect(runs.rows.map((row) => row.name)).toEqual(['0000-initial', '0001-colour']);
});

it('refuses a database that ran a migration this code does not have', async () => {
  await expect(open(V1_FIELDS)).rejects.toThrow(
    'The database has migration(s) this API does not know (0001-colour): it was migrated by a newer version. Update the API.',
  );
});

it('brings a database made before migration files to the first migration, changing nothing', async () => {
  const before = await databaseFor(fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-old-')));
  const tables = tablesOf([users, gizmos(V1_FIELDS)]);
  const old = new pg.Client(before);
  await old.connect();
  try {
    // What the start-up planner made: the same objects, and its runs recorded without names.
    for (const statement of initialMigrations(tables).list[0]!.up) await old.query(statement);
    await old.query(
      'CREATE TABLE _stay_migrations (id serial PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), statements text[] NOT NULL)',
    );
    await old.query("INSERT INTO _stay_migrations (statements) VALUES ('{}')");
    await old.query(`INSERT INTO users (id, doc) VALUES (1, '{"id":1,"email":"a@b.example"}')`);
    await old.query(
      `INSERT INTO gizmos (id, doc) VALUES (1, '{"id":1,"name":"Kept","ownerId":1}')`,
    );
    const store = await openPostgresStore({
      url: before,
      tables,
      migrations: initialMigrations(tables),
      log: () => undefined,
    });
    expect(await store.find('gizmos')).toEqual([{ id: 1, name: 'Kept', ownerId: 1 }]);
    await store.close();
    const names = await old.query('SELECT name FROM _stay_migrations ORDER BY id');
    expect(names.rows.map((row) => row.name)).toEqual([null, '0000-initial']);
  } finally {
    await old.end();
  }
});
