import fs from 'node:fs';
import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../mock-server/config';
import { spawnApi, type ApiProcess } from './apiProcess';

/**
 * Issue 26, point 7: the API listens on API_HOST, loopback (127.0.0.1) by default — not on every
 * interface. 127.0.0.2 is another loopback address: a server bound to 127.0.0.1 does not answer
 * there, one bound to all interfaces does.
 */
const started: ApiProcess[] = [];
afterEach(async () => {
  for (const api of started.splice(0)) {
    await api.stop();
    fs.rmSync(api.dir, { recursive: true, force: true });
  }
});

/** Whether a TCP connection to host:port is accepted. */
const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

it('reads API_HOST, 127.0.0.1 by default', () => {
  expect(loadConfig({}).apiHost).toBe('127.0.0.1');
  expect(loadConfig({ API_HOST: '0.0.0.0' }).apiHost).toBe('0.0.0.0');
});

it('listens on loopback only by default', async () => {
  const api = await spawnApi();
  started.push(api);
  expect(api.output()).toContain(`API listening on http://127.0.0.1:${api.port}`);
  expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
  expect(await reachable('127.0.0.2', api.port)).toBe(false);
}, 90_000);

it('listens where API_HOST says (every interface for 0.0.0.0)', async () => {
  const api = await spawnApi({ env: { API_HOST: '0.0.0.0' } });
  started.push(api);
  expect(await reachable('127.0.0.1', api.port)).toBe(true);
  expect(await reachable('127.0.0.2', api.port)).toBe(true);
}, 90_000);
