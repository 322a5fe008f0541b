import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  SUPERADMIN,
  startServer,
  userId,
  type TestServer,
} from './helpers';

/** Saved views (issue 28 part 2): each user's own, shared only among administrators. */
let server: TestServer;
let amsterdam: string;
let berlin: string;
let admin: string;
let superAdmin: string;

beforeEach(async () => {
  server = await startServer();
  [amsterdam, berlin, admin, superAdmin] = await Promise.all([
    server.login(AMSTERDAM),
    server.login(BERLIN),
    server.login(ADMIN),
    server.login(SUPERADMIN),
  ]);
});
afterEach(async () => {
  await server.close();
});

type View = { id: number; name: string; ownerId: number; isDefault: boolean; shared: boolean };
const STATE =
  'pageSize=20&sorters[0][field]=name&sorters[0][order]=asc&filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=spa';

const save = (token: string, body: Record<string, unknown>) =>
  server.send('POST', '/saved-views', token, { list: 'amenities', state: STATE, ...body });
const created = async (token: string, body: Record<string, unknown>) => {
  const answer = await save(token, body);
  expect(answer.status, answer.text).toBe(201);
  return answer.body as View;
};
const listed = async (token: string, query = '') => {
  const answer = await server.send('GET', `/saved-views${query}`, token);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as View[]).map((view) => view.name).sort();
};

describe('saved views are per user', () => {
  it('a hotel reads, changes and deletes only its own views', async () => {
    const mine = await created(amsterdam, { name: 'Spa' });
    expect(mine.ownerId).toBe(userId(server, AMSTERDAM));
    const theirs = await created(berlin, { name: 'Berlin spa' });

    expect(await listed(amsterdam)).toEqual(['Spa']);
    expect(await listed(berlin)).toEqual(['Berlin spa']);
    // Asking for another owner's views does not widen the scope.
    expect(await listed(amsterdam, `?ownerId=${userId(server, BERLIN)}`)).toEqual(['Spa']);
    expect((await server.send('GET', `/saved-views/${theirs.id}`, amsterdam)).status).toBe(404);

    const rename = await server.send('PATCH', `/saved-views/${theirs.id}`, amsterdam, {
      name: 'Taken',
    });
    expect([403, 404]).toContain(rename.status);
    const remove = await server.send('DELETE', `/saved-views/${theirs.id}`, amsterdam);
    expect([403, 404]).toContain(remove.status);
    expect((await server.data.get('saved-views', theirs.id))?.name).toBe('Berlin spa');
    // Naming another owner on create still makes the view the sender's.
    const named = await created(amsterdam, { name: 'Mine', ownerId: userId(server, BERLIN) });
    expect(named.ownerId).toBe(userId(server, AMSTERDAM));
  });

  it('an administrator’s views are their own too (another administrator does not see them)', async () => {
    const view = await created(admin, { name: 'Admin view' });
    expect(view.ownerId).toBe(userId(server, ADMIN));
    expect(await listed(admin)).toEqual(['Admin view']);
    expect(await listed(superAdmin)).toEqual([]);
    expect(await listed(amsterdam)).toEqual([]);
  });

  it('names are unique per user and list, not across users or lists', async () => {
    await created(amsterdam, { name: 'Spa' });
    const again = await save(amsterdam, { name: 'spa' });
    expect(again.status).toBe(409);
    await created(amsterdam, { name: 'Spa', list: 'pages' });
    await created(berlin, { name: 'Spa' });
  });

  it('refuses a state that is not a list’s address query', async () => {
    for (const state of ['?pageSize=10', 'password=x', 'pageSize=10#top']) {
      const answer = await save(amsterdam, { name: `Bad ${state}`, state });
      expect(answer.status, state).toBe(422);
    }
    expect(await server.data.count('saved-views')).toBe(0);
  });
});

describe('sharing among administrators', () => {
  it('a hotel cannot share a view', async () => {
    const answer = await save(amsterdam, { name: 'Shared', shared: true });
    expect(answer.status).toBe(403);
    const view = await created(amsterdam, { name: 'Private' });
    const patch = await server.send('PATCH', `/saved-views/${view.id}`, amsterdam, {
      shared: true,
    });
    expect(patch.status).toBe(403);
    expect((await server.data.get('saved-views', view.id))?.shared).toBe(false);
  });

  it('administrators read a shared view; only its owner changes or deletes it; hotels never see it', async () => {
    const shared = await created(admin, { name: 'Hotels to call', list: 'users', shared: true });
    await created(admin, { name: 'Private', list: 'users' });

    expect(await listed(superAdmin)).toEqual(['Hotels to call']);
    expect(await listed(superAdmin, '?list=users&shared=true')).toEqual(['Hotels to call']);
    expect((await server.send('GET', `/saved-views/${shared.id}`, superAdmin)).status).toBe(200);
    expect(await listed(amsterdam)).toEqual([]);
    expect((await server.send('GET', `/saved-views/${shared.id}`, amsterdam)).status).toBe(404);

    for (const change of [{ name: 'Renamed' }, { shared: false }, { isDefault: true }]) {
      const answer = await server.send('PATCH', `/saved-views/${shared.id}`, superAdmin, change);
      expect([403, 404], JSON.stringify(change)).toContain(answer.status);
    }
    const remove = await server.send('DELETE', `/saved-views/${shared.id}`, superAdmin);
    expect([403, 404]).toContain(remove.status);
    expect(await server.data.get('saved-views', shared.id)).toMatchObject({
      name: 'Hotels to call',
      shared: true,
      isDefault: false,
    });

    const renamed = await server.send('PATCH', `/saved-views/${shared.id}`, admin, {
      name: 'Renamed',
    });
    expect(renamed.status).toBe(200);
    expect((await server.send('DELETE', `/saved-views/${shared.id}`, admin)).status).toBe(200);
    expect(await listed(superAdmin)).toEqual([]);
  });
});

describe('one default per user and list', () => {
  it('a new default takes the mark from the old one, of that user and list only', async () => {
    const first = await created(amsterdam, { name: 'First', isDefault: true });
    const other = await created(amsterdam, { name: 'Pages', list: 'pages', isDefault: true });
    const berlins = await created(berlin, { name: 'Berlin', isDefault: true });
    const second = await created(amsterdam, { name: 'Second', isDefault: true });
    const defaults = async () =>
      (await server.data.find('saved-views', { isDefault: true })).map((view) => view.id).sort();

    expect(await defaults()).toEqual([other.id, berlins.id, second.id].sort());
    const patch = await server.send('PATCH', `/saved-views/${first.id}`, amsterdam, {
      isDefault: true,
    });
    expect(patch.status).toBe(200);
    expect(await defaults()).toEqual([other.id, berlins.id, first.id].sort());
    const answer = await server.send(
      'GET',
      '/saved-views?list=amenities&isDefault=true',
      amsterdam,
    );
    expect((answer.body as View[]).map((view) => view.name)).toEqual(['First']);
  });
});
