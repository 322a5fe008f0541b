import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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

const storedKey = (dir: string): string => {
  const data = JSON.parse(fs.readFileSync(path.join(dir, 'db.json'), 'utf8')) as {
    credentials: { apiKey: string }[];
  };
  return data.credentials[0]!.apiKey;
};

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
    const before = storedKey(dir);
    const oldBox = new SecretBox({ current: Buffer.from(oldKey, 'hex') });
    expect(oldBox.isCurrent(before)).toBe(true);
    await server.close({ keepDir: true });
    // Every secret of the file is under the old key: the seed's demo credentials and this one.
    const sealed = fs.readFileSync(path.join(dir, 'db.json'), 'utf8').match(/"enc:v1:/g)!.length;
    expect(sealed).toBeGreaterThan(1);

    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    server = await startServer({
      dir,
      resources: registry,
      env: { DATA_KEY: newKey, DATA_KEY_PREVIOUS: oldKey },
    });
    expect(log).toHaveBeenCalledWith(`Sealed ${sealed} secret value(s) with the current DATA_KEY`);
    log.mockRestore();
    const after = storedKey(dir);
    expect(after).not.toBe(before);
    const newBox = new SecretBox({ current: Buffer.from(newKey, 'hex') });
    expect(newBox.isCurrent(after)).toBe(true);
    expect(newBox.open(after, 'credentials/apiKey')).toBe(PLAIN);
    // The API still answers only whether it is set.
    const read = await server.send('GET', '/credentials', await server.login(AMSTERDAM));
    expect(read.body).toMatchObject([{ apiKey: { set: true } }]);
  });
});
