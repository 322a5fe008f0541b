import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredRecord } from '../../src/schema/store';
import type { ApiErrorBody } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  recordsSnapshot,
  STORE_KIND,
  SUPERADMIN,
  startServer,
  userId,
  type TestServer,
} from './helpers';

/**
 * POST /<collection>/reorder { ids } on the seeded lists: Amsterdam's Dutch list of each orderable
 * collection (20 amenities, 6 categories, positions 1…n), Berlin's German list for the other
 * tenant.
 */

type Collection = 'amenities' | 'amenity-categories';
type Row = { id: number; position?: number } & Record<string, unknown>;

let server: TestServer;
let tokens: { amsterdam: string; berlin: string; admin: string; superAdmin: string };
let amsterdamId: number;
let berlinId: number;
beforeEach(async () => {
  server = await startServer();
  const [amsterdam, berlin, admin, superAdmin] = await Promise.all([
    server.login(AMSTERDAM),
    server.login(BERLIN),
    server.login(ADMIN),
    server.login(SUPERADMIN),
  ]);
  tokens = { amsterdam, berlin, admin, superAdmin };
  amsterdamId = userId(server, AMSTERDAM);
  berlinId = userId(server, BERLIN);
});
afterEach(async () => {
  await server.close();
});

async function send(method: string, path: string, token?: string, json?: unknown) {
  const response = await server.request(method, path, { token, json });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

type DbState = Record<string, StoredRecord[]>;
const snapshot = () => recordsSnapshot(server);
/**
 * What is stored durably, as text: the data file's bytes, or (PostgreSQL) every record as the
 * database answers it (not what a process holds in memory).
 */
const dbBytes = async () =>
  STORE_KIND === 'json'
    ? fs.readFileSync(server.config.dbFile, 'utf8')
    : JSON.stringify(await recordsSnapshot(server));
const rowsOf = (state: DbState, name: Collection) => state[name] as unknown as Row[];

/** One owner's list in one language, in stored position order. */
const listOf = (state: DbState, name: Collection, ownerId: number, locale: string) =>
  rowsOf(state, name)
    .filter((row) => row.ownerId === ownerId && row.locale === locale)
    .sort((a, b) => Number(a.position) - Number(b.position));

/** The ids the API lists, in position order. */
async function listed(name: Collection, token: string, locale: string, ownerId?: number) {
  const owner = ownerId === undefined ? '' : `&ownerId=${ownerId}`;
  const { status, body } = await send(
    'GET',
    `/${name}?locale=${locale}${owner}&_sort=position&_order=asc`,
    token,
  );
  expect(status).toBe(200);
  return (body as Row[]).map((row) => row.id);
}

/**
 * `after` equals `before` except for the positions of `ids` and of their versions in the owner's
 * other languages (which follow the new order); a record that moved is one version further.
 */
function onlyPositionsChanged(before: DbState, after: DbState, name: Collection, ids: number[]) {
  const moved = rowsOf(before, name).filter((row) => ids.includes(row.id));
  const followsMoved = (row: Row) =>
    ids.includes(row.id) ||
    moved.some((item) => item.groupId === row.groupId && item.ownerId === row.ownerId);
  const blank = (state: DbState) => ({
    ...state,
    [name]: rowsOf(state, name).map((row) =>
      followsMoved(row) ? { ...row, position: undefined, version: undefined } : row,
    ),
  });
  expect(blank(after)).toEqual(blank(before));
  for (const row of rowsOf(after, name)) {
    const old = rowsOf(before, name).find((other) => other.id === row.id)!;
    const version = (record: Row) => (typeof record.version === 'number' ? record.version : 1);
    expect(version(row), `version of ${row.id}`).toBe(
      row.position === old.position ? version(old) : version(old) + 1,
    );
  }
}

describe.each(['amenities', 'amenity-categories'] as const)('reorder %s', (name) => {
  it('stores a whole new order, and the list follows it', async () => {
    const before = await snapshot();
    const original = listOf(before, name, amsterdamId, 'nl');
    expect(original.length).toBeGreaterThan(2);
    expect(await listed(name, tokens.amsterdam, 'nl')).toEqual(original.map((row) => row.id));
    const reversed = original.map((row) => row.id).reverse();

    const { status, body } = await send('POST', `/${name}/reorder`, tokens.amsterdam, {
      ids: reversed,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      ids: reversed,
      positions: original.map((row) => row.position),
    });
    expect(await listed(name, tokens.amsterdam, 'nl')).toEqual(reversed);
    const after = await snapshot();
    expect(listOf(after, name, amsterdamId, 'nl').map((row) => row.id)).toEqual(reversed);
    // Nothing but those positions (and their other languages') changed: other tenants and every
    // other field stay.
    onlyPositionsChanged(before, after, name, reversed);

    // The hotel's other languages follow: each lists the moved groups in the new order.
    const groupOrder = reversed.map(
      (id) => rowsOf(after, name).find((row) => row.id === id)!.groupId,
    );
    for (const locale of ['en', 'de']) {
      const groups = listOf(after, name, amsterdamId, locale)
        .map((row) => row.groupId)
        .filter((group) => groupOrder.includes(group));
      expect(groups.length).toBeGreaterThan(1);
      expect(groups).toEqual(groupOrder.filter((group) => groups.includes(group)));
      // Among the places those versions held before.
      const places = (state: DbState) =>
        listOf(state, name, amsterdamId, locale)
          .filter((row) => groupOrder.includes(row.groupId))
          .map((row) => row.position);
      expect(places(after)).toEqual(places(before));
    }

    // It is stored, not just held in memory: the file (or the database) says the same.
    const file = JSON.parse(await dbBytes()) as DbState;
    expect(listOf(file, name, amsterdamId, 'nl').map((row) => row.id)).toEqual(reversed);
  });

  it('moves only the records named; the others keep their positions', async () => {
    const before = await snapshot();
    const original = listOf(before, name, amsterdamId, 'nl');
    // The 2nd, 4th and 6th of the list, sent as 6th, 2nd, 4th.
    const [a, b, c] = [original[1], original[3], original[5]];
    const ids = [c.id, a.id, b.id];

    const { status, body } = await send('POST', `/${name}/reorder`, tokens.amsterdam, { ids });
    expect(status).toBe(200);
    // They take the places they held among themselves, in the new order.
    expect(body).toEqual({ ids, positions: [a.position, b.position, c.position] });
    const after = await snapshot();
    const position = (id: number) => rowsOf(after, name).find((row) => row.id === id)!.position;
    expect([position(c.id), position(a.id), position(b.id)]).toEqual([
      a.position,
      b.position,
      c.position,
    ]);
    onlyPositionsChanged(before, after, name, ids);
    for (const row of original.filter((item) => !ids.includes(item.id))) {
      expect(position(row.id)).toBe(row.position);
    }
    const expected = original.map((row) => row.id);
    expected[1] = c.id;
    expected[3] = a.id;
    expected[5] = b.id;
    expect(await listed(name, tokens.amsterdam, 'nl')).toEqual(expected);
  });

  it("refuses another tenant's record as not found, and moves nothing", async () => {
    const own = listOf(await snapshot(), name, amsterdamId, 'nl');
    const berlin = listOf(await snapshot(), name, berlinId, 'de');
    const before = await snapshot();
    const bytes = await dbBytes();

    for (const ids of [
      [berlin[0].id],
      [own[1].id, own[0].id, berlin[1].id],
      [berlin[0].id, own[0].id],
    ]) {
      const foreign = ids.find((id) => berlin.some((row) => row.id === id))!;
      expect(await send('POST', `/${name}/reorder`, tokens.amsterdam, { ids })).toEqual({
        status: 404,
        body: { message: `Record ${foreign} not found`, statusCode: 404 } satisfies ApiErrorBody,
      });
    }
    // An id no record has is just as absent.
    expect(
      await send('POST', `/${name}/reorder`, tokens.amsterdam, { ids: [own[0].id, 99999] }),
    ).toEqual({
      status: 404,
      body: { message: 'Record 99999 not found', statusCode: 404 },
    });
    expect(await snapshot()).toEqual(before);
    expect(await dbBytes()).toBe(bytes);
  });

  it('validates ids: 422 for a bad list, 400 for a body that is not an object', async () => {
    const [first, second] = listOf(await snapshot(), name, amsterdamId, 'nl');
    const before = await snapshot();
    const bytes = await dbBytes();
    const invalid = (errors: Record<string, string[]>) => ({
      status: 422,
      body: {
        message: 'Validation failed',
        code: 'apiErrors.validationFailed',
        values: {},
        statusCode: 422,
        errors,
      },
    });

    expect(
      await send('POST', `/${name}/reorder`, tokens.amsterdam, {
        ids: [first.id, second.id, first.id],
      }),
    ).toEqual(invalid({ ids: ['ids must not repeat'] }));
    expect(await send('POST', `/${name}/reorder`, tokens.amsterdam, { ids: [] })).toEqual(
      invalid({ ids: ['ids must not be empty'] }),
    );
    for (const json of [{ ids: `${first.id},${second.id}` }, { ids: { 0: first.id } }, {}]) {
      expect(await send('POST', `/${name}/reorder`, tokens.amsterdam, json)).toEqual(
        invalid({ ids: ['ids must be a list of record ids'] }),
      );
    }
    for (const bad of [0, -1, 1.5, String(first.id), null]) {
      const { status, body } = await send('POST', `/${name}/reorder`, tokens.amsterdam, {
        ids: [first.id, bad],
      });
      expect(status, String(bad)).toBe(422);
      expect(Object.keys((body as ApiErrorBody).errors ?? {})).toEqual(['ids.1']);
    }
    expect(await send('POST', `/${name}/reorder`, tokens.amsterdam, [first.id, second.id])).toEqual(
      {
        status: 400,
        body: { message: 'Request body must be a JSON object', statusCode: 400 },
      },
    );
    expect(await snapshot()).toEqual(before);
    expect(await dbBytes()).toBe(bytes);
  });

  it('answers 401 without a token', async () => {
    const [first, second] = listOf(await snapshot(), name, amsterdamId, 'nl');
    const bytes = await dbBytes();
    const { status } = await send('POST', `/${name}/reorder`, undefined, {
      ids: [second.id, first.id],
    });
    expect(status).toBe(401);
    expect(await dbBytes()).toBe(bytes);
  });

  it("lets administrators reorder any tenant's list", async () => {
    for (const token of [tokens.admin, tokens.superAdmin]) {
      const before = await snapshot();
      const original = listOf(before, name, berlinId, 'de');
      const ids = [original[2].id, original[0].id, original[1].id];
      const { status } = await send('POST', `/${name}/reorder`, token, { ids });
      expect(status).toBe(200);
      const expected = original.map((row) => row.id);
      expected.splice(0, 3, ...ids);
      expect(await listed(name, token, 'de', berlinId)).toEqual(expected);
      // Berlin sees its own list in that order too.
      expect(await listed(name, tokens.berlin, 'de')).toEqual(expected);
      onlyPositionsChanged(before, await snapshot(), name, ids);
    }
  });

  it('puts a record created after a reorder at the end of its list', async () => {
    const original = listOf(await snapshot(), name, amsterdamId, 'nl');
    const ids = original.map((row) => row.id).reverse();
    expect((await send('POST', `/${name}/reorder`, tokens.amsterdam, { ids })).status).toBe(200);
    const body =
      name === 'amenities'
        ? {
            name: 'Fietsverhuur Noord',
            description: 'Fietsen per uur of per dag.',
            address: 'Buiksloterweg 5, Amsterdam',
            url: 'https://fietsverhuur-noord.example',
            categoryId: listOf(await snapshot(), 'amenity-categories', amsterdamId, 'nl')[0].id,
            locale: 'nl',
          }
        : { name: 'Markten', color: '#AA5500', locale: 'nl' };
    const created = await send('POST', `/${name}`, tokens.amsterdam, body);
    expect(created.status).toBe(201);
    expect((created.body as Row).position).toBe(original.length + 1);
    expect(await listed(name, tokens.amsterdam, 'nl')).toEqual([...ids, (created.body as Row).id]);
  });
});

describe('reorder across lists', () => {
  it("orders each tenant's list on its own when an administrator's page mixes them", async () => {
    // An administrator's English list without an owner filter holds every hotel's records.
    const page = await send(
      'GET',
      '/amenities?locale=en&_sort=position&_order=asc&_start=0&_end=10',
      tokens.admin,
    );
    const rows = page.body as Row[];
    expect(new Set(rows.map((row) => row.ownerId)).size).toBeGreaterThan(1);
    const before = await snapshot();
    const ids = rows.map((row) => row.id).reverse();

    const { status, body } = await send('POST', '/amenities/reorder', tokens.admin, { ids });
    expect(status).toBe(200);
    const after = await snapshot();
    onlyPositionsChanged(before, after, 'amenities', ids);
    for (const ownerId of new Set(rows.map((row) => row.ownerId as number))) {
      const list = listOf(after, 'amenities', ownerId, 'en');
      // Still one place per record…
      expect(new Set(list.map((row) => row.position)).size).toBe(list.length);
      // …the places the moved records held before…
      const moved = rows.filter((row) => row.ownerId === ownerId);
      const places = (state: DbState) =>
        rowsOf(state, 'amenities')
          .filter((row) => moved.some((item) => item.id === row.id))
          .map((row) => row.position)
          .sort((a, b) => Number(a) - Number(b));
      expect(places(after)).toEqual(places(before));
      // …in the order of ids.
      const order = list.map((row) => row.id).filter((id) => moved.some((row) => row.id === id));
      expect(order).toEqual(ids.filter((id) => moved.some((row) => row.id === id)));
    }
    const answer = body as { ids: number[]; positions: number[] };
    expect(answer.ids).toEqual(ids);
    expect(answer.positions).toEqual(
      ids.map((id) => rowsOf(after, 'amenities').find((row) => row.id === id)!.position),
    );
  });
});
