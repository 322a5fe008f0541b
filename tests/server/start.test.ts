import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './apiProcess';

/**
 * Issue 37, point 17: stopping `npm start`'s npm process stops everything it started (the
 * start script, the API and the web server), however npm was stopped; and the demo OAuth
 * provider follows API_PORT like the other ports, so two checkouts do not clash.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-start-'));
// A stand-in build: the web server only needs an index.html to serve.
const dist = path.join(root, 'dist');
fs.mkdirSync(dist);
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stay</title>');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );

async function npmStart(name: string) {
  const dir = path.join(root, name);
  const [apiPort, webPort] = [await freePort(), await freePort()];
  // Its own process group, so whatever is left can be cleaned up after the test.
  const npm = spawn('npm', ['start', '--', '--outDir', dist], {
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      DB_FILE: path.join(dir, 'db.json'),
      MAIL_OUTBOX: path.join(dir, 'outbox'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let printed = '';
  npm.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  await expect
    .poll(() => printed, { timeout: 60_000, interval: 200 })
    .toContain('Stay Console is running');
  return {
    npm,
    printed: () => printed,
    api: `http://127.0.0.1:${apiPort}/health`,
    web: `http://localhost:${webPort}/`,
    oauthOrigin: `http://localhost:${apiPort + 10}`,
    oauth: `http://127.0.0.1:${apiPort + 10}/.well-known/openid-configuration`,
    cleanUp: () => {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // the group is gone already
      }
    },
  };
}

describe('npm start', () => {
  for (const signal of ['SIGTERM', 'SIGHUP', 'SIGKILL'] as const) {
    it(`stops the API and the web server when npm gets ${signal}`, async () => {
      const started = await npmStart(signal.toLowerCase());
      try {
        expect(await answers(started.api)).toBe(true);
        expect(await answers(started.web)).toBe(true);
        // The demo OAuth provider follows API_PORT, as the web port does.
        expect(started.printed()).toContain(`Demo OAuth provider on ${started.oauthOrigin}`);
        expect(await answers(started.oauth)).toBe(true);
        process.kill(started.npm.pid!, signal);
        await expect
          .poll(async () => (await answers(started.api)) || (await answers(started.web)), {
            timeout: 15_000,
            interval: 250,
          })
          .toBe(false);
      } finally {
        started.cleanUp();
      }
    }, 90_000);
  }
});
