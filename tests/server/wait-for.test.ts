import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../scripts/waitFor.mjs';

describe('npm start waits for its servers', () => {
  it('resolves only once the address answers', async () => {
    // A free port: listen, note it, close; the server comes back on it a moment later.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));

    const server = createServer((_req, res) => res.end('ok'));
    let listening = false;
    setTimeout(() => {
      server.listen(port, '127.0.0.1', () => {
        listening = true;
      });
    }, 600);
    try {
      await waitFor(`http://127.0.0.1:${port}/`, { timeoutMs: 5000, intervalMs: 50 });
      expect(listening).toBe(true);
    } finally {
      server.close();
    }
  });

  it('gives up after its timeout', async () => {
    await expect(
      waitFor('http://127.0.0.1:9/', { timeoutMs: 300, intervalMs: 50 }),
    ).rejects.toThrow(/did not answer/);
  });
});
