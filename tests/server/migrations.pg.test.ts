import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tablesOf } from '../../mock-server/store/postgres/schema';
import { openPostgresStore } from '../../mock-server/store/postgres/store';
import { owner } from '../../src/schema/access';
import { number, reference, text } from '../../src/schema/fields';
import { defineResource, type ResourceDeclaration } from '../../src/schema/resource';
import { databaseFor } from './helpers';

// The schema comes from the declarations: a new declaration is a new table, a new field a new
// column, both without a step of their own; a change that would rewrite data is refused.

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

const open = async (fields: ResourceDeclaration['fields']) => {
  const store = await openPostgresStore({
    url,
    tables: tablesOf([users, gizmos(fields)]),
    log: (line) => logs.push(line),
  });
  await store.close();
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
  await open({
    size: number({ list: { sort: true } }),
    userId: reference({ resource: 'users', labelField: 'email' }),
  });
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

it('adds a new field as a column, and records what it ran', async () => {
  const before = Number(
    (await client.query('SELECT count(*) FROM _stay_migrations')).rows[0].count,
  );
  await open({
    size: number({ list: { sort: true } }),
    userId: reference({ resource: 'users', labelField: 'email' }),
    colour: text(),
  });
  expect((await columns('gizmos')).colour).toBe('text');
  const runs = (
    await client.query<{ statements: string[] }>(
      'SELECT statements FROM _stay_migrations ORDER BY id',
    )
  ).rows;
  expect(runs).toHaveLength(before + 1);
  expect(runs.at(-1)!.statements).toEqual([
    'ALTER TABLE "gizmos" ADD COLUMN "colour" text COLLATE "C" GENERATED ALWAYS AS (CASE WHEN jsonb_typeof(doc -> \'colour\') = \'string\' THEN doc ->> \'colour\' END) STORED',
  ]);
  // Opening again with the same declarations changes nothing.
  await open({
    size: number({ list: { sort: true } }),
    userId: reference({ resource: 'users', labelField: 'email' }),
    colour: text(),
  });
  expect(await client.query('SELECT 1 FROM _stay_migrations').then((r) => r.rowCount)).toBe(
    before + 1,
  );
});

it('refuses a change of type, naming the column, and changes nothing', async () => {
  await expect(open({ size: text() })).rejects.toThrow(
    'The declarations change column "gizmos"."size" from double precision to text; that would rewrite stored data, so it is not done automatically.',
  );
  expect((await columns('gizmos')).size).toBe('double precision');
});
