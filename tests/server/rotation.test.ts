import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecretBox } from '../../mock-server/store/secrets';
import { resources } from '../../src/resources';
import { owner } from '../../src/schema/access';
import { text } from '../../src/schema/fields';
import { defineResource } from '../../src/schema/resource';
import { AMSTERDAM, startServer, type TestServer } from './helpers';

/**
 * The README's key rotation: set the new key as DATA_KEY and the old one as DATA_KEY_PREVIOUS,
 * start the API once, and every secret is sealed under the new key.
 */
const credentials = defineResource({
  name: 'credentials',
  route: 'credentials',
  owned: true,
  access: owner(),
  labelField: 'label',
  fields: { label: text({ required: true }), apiKey: text({ secret: true }) },
});
const registry = [...resources, credentials];
const PLAIN = 'sk_live_rotation_0123456789';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The stored (sealed) key of the one credential, as the store holds it. */
const storedKey = async (running: TestServer): Promise<string> =>
  String((await running.data.all('credentials'))[0]!.apiKey);

describe('DATA_KEY rotation', () => {
  it('re-seals every secret under the new key at startup, and the secret still opens', async () => {
    const oldKey = randomBytes(32).toString('hex');
    const newKey = randomBytes(32).toString('hex');
    server = await startServer({ resources: registry, env: { DATA_KEY: oldKey } });
    const token = await server.login(AMSTERDAM);
    const created = await server.send('POST', '/credentials', token, {
      label: 'Channel manager',
      apiKey: PLAIN,
    });
    expect(created.status).toBe(201);
    const dir = server.dir;
    const before = await storedKey(server);
    const oldBox = new SecretBox({ current: Buffer.from(oldKey, 'hex') });
    expect(oldBox.isCurrent(before)).toBe(true);
    // Every stored secret is under the old key: the seed's demo credentials and this one.
    const sealed = JSON.stringify(await server.data.snapshot()).match(/"enc:v1:/g)!.length;
    await server.close({ keepDir: true });
    expect(sealed).toBeGreaterThan(1);

    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    server = await startServer({
      dir,
      resources: registry,
      env: { DATA_KEY: newKey, DATA_KEY_PREVIOUS: oldKey },
    });
    expect(log).toHaveBeenCalledWith(`Sealed ${sealed} secret value(s) with the current DATA_KEY`);
    log.mockRestore();
    const after = await storedKey(server);
    expect(after).not.toBe(before);
    const newBox = new SecretBox({ current: Buffer.from(newKey, 'hex') });
    expect(newBox.isCurrent(after)).toBe(true);
    expect(newBox.open(after, 'credentials/apiKey')).toBe(PLAIN);
    // The API still answers only whether it is set.
    const read = await server.send('GET', '/credentials', await server.login(AMSTERDAM));
    expect(read.body).toMatchObject([{ apiKey: { set: true } }]);
  });
});
