import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, AMSTERDAM, startServer, userId, type TestServer } from './helpers';

/**
 * Issue 37, point 14: a save that changes nothing records nothing, on both stores — saving a
 * hotel's General tab untouched wrote an "update" with the whole address (before equal to after)
 * on PostgreSQL, and `currency null → EUR` for a hotel with no currency stored.
 */
type Row = Record<string, unknown>;
let server: TestServer;
let admin: string;
let amsterdamId: number;

beforeAll(async () => {
  server = await startServer();
  admin = await server.login(ADMIN);
  amsterdamId = userId(server, AMSTERDAM);
});
afterAll(async () => {
  await server.close();
});

/** The audit entries a save of the General tab, as the dashboard sends it, wrote. */
async function saveGeneral(record: Row) {
  const fields = ['name', 'email', 'phoneNumber', 'company', 'address', 'slug', 'locales'];
  const body = Object.fromEntries(fields.map((name) => [name, record[name]]));
  body.currency = record.currency ?? 'EUR';
  const before = await server.data.count('audit');
  const answer = await server.send('PATCH', `/users/${amsterdamId}`, admin, body);
  expect(answer.status, answer.text).toBe(200);
  const entries = await server.data.all('audit');
  return entries.slice(before);
}

it('an untouched save of a hotel writes no audit entry', async () => {
  const record = (await server.send('GET', `/users/${amsterdamId}`, admin)).body as Row;
  expect(record.address).toMatchObject({ city: expect.any(String) });
  expect(await saveGeneral(record)).toEqual([]);
});

it('a hotel with no currency stored saved with the default one writes no audit entry', async () => {
  await server.data.update('users', amsterdamId, { currency: null });
  const record = (await server.send('GET', `/users/${amsterdamId}`, admin)).body as Row;
  expect(await saveGeneral(record)).toEqual([]);
});

it('a save that changes one field records that field alone', async () => {
  const record = (await server.send('GET', `/users/${amsterdamId}`, admin)).body as Row;
  const entries = await saveGeneral({ ...record, company: 'Canal House B.V.' });
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    action: 'update',
    changes: [{ field: 'company', before: record.company, after: 'Canal House B.V.' }],
  });
});
