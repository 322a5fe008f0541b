import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createApp } from '../mock-server/app';
import { loadConfig } from '../mock-server/config';
import { buildSeed } from '../mock-server/seed/seed';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.png': 'image/png',
};

/**
 * A build (`dir`), gzip-compressed as a production server sends it, with the freshly seeded
 * bundled API behind /api, on an ephemeral port; `accessToken` is the seeded administrator's,
 * `operatorToken` a seeded hotel's (Amsterdam: bookings today and an order to confirm, so its
 * overview shows every part of its "Today" panel).
 */
/** A seeded demo account's access token from the API at `apiBase` (the demo password). */
export async function demoToken(apiBase: string, email: string): Promise<string> {
  const login = await fetch(`${apiBase}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return ((await login.json()) as { accessToken: string }).accessToken;
}

export async function serveBuild(dir = 'dist') {
  const data = mkdtempSync(join(tmpdir(), 'stay-build-'));
  const dbFile = join(data, 'db.json');
  writeFileSync(dbFile, JSON.stringify(buildSeed()));
  const { app, close } = await createApp(
    loadConfig({ DB_FILE: dbFile, MAIL_OUTBOX: join(data, 'outbox') }),
  );
  const gzipped = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url.startsWith('/api/')) {
      request.url = url.slice(4);
      app(request, response);
      return;
    }
    const path = join(dir, decodeURIComponent(url.split('?')[0]!));
    const file = existsSync(path) && statSync(path).isFile() ? path : join(dir, 'index.html');
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(file)));
    response.writeHead(200, {
      'Content-Type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream',
      'Content-Encoding': 'gzip',
    });
    response.end(gzipped.get(file));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const accessToken = await demoToken(`${origin}/api`, 'admin@example.com');
  const operatorToken = await demoToken(`${origin}/api`, 'hotel-amsterdam@example.com');
  return {
    origin,
    accessToken,
    operatorToken,
    close: async () => {
      server.close();
      await close();
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/**
 * `serveBuild` in a process of its own: what measures a page (Lighthouse, in the bench's
 * process) does not hold up the server's answers, as it would not in production. Lighthouse
 * estimates a phone's load from the times it observed, a slow answer included.
 */
export async function serveBuildApart(dir = 'dist') {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout });
  type Started = { origin: string; accessToken: string; operatorToken: string };
  const started = await new Promise<Started>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as Started);
    });
    child.once('exit', (code) => reject(new Error(`serveBuild exited (${code}) before serving`)));
  });
  return {
    ...started,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// Run directly (by `serveBuildApart`): serves `dir`, prints where as one JSON line, stops on SIGTERM.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { origin, accessToken, operatorToken, close } = await serveBuild(process.argv[2]);
  process.once('SIGTERM', () => void close().then(() => process.exit(0)));
  console.log(JSON.stringify({ origin, accessToken, operatorToken }));
}
