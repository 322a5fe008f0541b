import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The API as `npm start` runs it: its own process, its entry point, its environment. */
export interface ApiProcess {
  baseUrl: string;
  port: number;
  dir: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Stops it (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `mock-server/index.ts` in a child process on a free port, seeded in its own temp dir. */
export async function spawnApi(
  options: { env?: Record<string, string>; dir?: string } = {},
): Promise<ApiProcess> {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-proc-'));
  const port = await freePort();
  let printed = '';
  // Node itself with tsx's loader (not the tsx wrapper, a process of its own): a signal sent to
  // this child reaches the API.
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/index.ts'], {
    env: {
      ...process.env,
      API_PORT: String(port),
      DB_FILE: path.join(dir, 'db.json'),
      MAIL_OUTBOX: path.join(dir, 'outbox'),
      DEMO_OAUTH_PORT: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exited = false;
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API did not start:\n${printed}`)), 60_000);
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('API listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`API exited before listening:\n${printed}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    dir,
    child,
    output: () => printed,
    alive: () => !exited,
    async stop(signal = 'SIGTERM') {
      if (!exited) child.kill(signal);
      return exit;
    },
  };
}
