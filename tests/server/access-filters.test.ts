import { afterAll, beforeAll, expect, it } from 'vitest';
import { isAdministrator, type AccessFn, type Where } from '../../src/schema/access';
import { boolean, text } from '../../src/schema/fields';
import { defineResource } from '../../src/schema/resource';
import { resources } from '../../src/resources';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  MADRID,
  startServer,
  STORE_KIND,
  userId,
  type TestServer,
} from './helpers';

// An access rule may answer more than equality (Payload's `Where`): `in` — an account that
// manages several hotels — and `or` — its own hotels' records, or any record marked shared.
// The one filter holds in lists, totals and record access, on both stores.

/** Which hotels each hotel's account manages (filled once the ids are known). */
const manages = new Map<number, number[]>();
const managed = (id: number): Where => ({ ownerId: { in: manages.get(id) ?? [id] } });
const rule =
  (shared: boolean): AccessFn =>
  ({ actor }) =>
    actor === null
      ? false
      : isAdministrator(actor)
        ? true
        : shared
          ? { or: [managed(actor.id), { shared: true }] }
          : managed(actor.id);

const desks = defineResource({
  name: 'desks',
  route: 'desks',
  owned: true,
  access: { read: rule(true), create: rule(false), update: rule(false), delete: rule(false) },
  labelField: 'label',
  fields: { label: text({ required: true }), shared: boolean({ default: false }) },
});

let server: TestServer;
let amsterdam: string;
let admin: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startServer({ resources: [...resources, desks] });
  [amsterdam, admin] = await Promise.all([server.login(AMSTERDAM), server.login(ADMIN)]);
  const [ams, ber, mad] = [AMSTERDAM, BERLIN, MADRID].map((email) => userId(server, email));
  manages.set(ams!, [ams!, ber!]);
  for (const [label, ownerId, shared] of [
    ['ams', ams, false],
    ['ber', ber, false],
    ['mad', mad, false],
    ['mad-shared', mad, true],
  ] as const) {
    const created = await server.send('POST', '/desks', admin, { label, ownerId, shared });
    expect(created.status).toBe(201);
    ids[label] = (created.body as { id: number }).id;
  }
});
afterAll(async () => {
  await server.close();
});

it(`lists and counts what in + or select (${STORE_KIND} store)`, async () => {
  const list = await server.send(
    'GET',
    '/desks?_sort=label&_order=asc&_page=1&_limit=10',
    amsterdam,
  );
  expect(list.status).toBe(200);
  expect((list.body as { label: string }[]).map((row) => row.label)).toEqual([
    'ams',
    'ber',
    'mad-shared',
  ]);
  expect(list.headers.get('x-total-count')).toBe('3');
  const filtered = await server.send('GET', '/desks?shared=false', amsterdam);
  expect((filtered.body as { label: string }[]).map((row) => row.label)).toEqual(['ams', 'ber']);
  // An operator's own filter on the owner narrows within the rule, never beyond it.
  const madrid = await server.send('GET', `/desks?ownerId=${userId(server, MADRID)}`, amsterdam);
  expect((madrid.body as { label: string }[]).map((row) => row.label)).toEqual(['mad-shared']);
});

it('reads, changes and deletes only what the rule lets it', async () => {
  expect((await server.send('GET', `/desks/${ids.ber}`, amsterdam)).status).toBe(200);
  expect((await server.send('GET', `/desks/${ids['mad-shared']}`, amsterdam)).status).toBe(200);
  expect((await server.send('GET', `/desks/${ids.mad}`, amsterdam)).status).toBe(404);
  // Shared is for reading: the update rule is the managed hotels only.
  const renamed = await server.send('PATCH', `/desks/${ids.ber}`, amsterdam, { label: 'ber 2' });
  expect(renamed.status).toBe(200);
  const refused = await server.send('PATCH', `/desks/${ids['mad-shared']}`, amsterdam, {
    label: 'mine now',
  });
  expect(refused.status).toBe(404);
  expect((await server.data.get('desks', ids['mad-shared']!))!.label).toBe('mad-shared');
  expect((await server.send('DELETE', `/desks/${ids.mad}`, amsterdam)).status).toBe(404);
  expect(await server.data.count('desks')).toBe(4);
});
