import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from './apiProcess';

// The last-chance handlers: an error no handler catches ends its own request with a 500 JSON
// answer and one logged line; the process keeps serving.

let port: number;
let printed = '';
let child: ReturnType<typeof spawn>;

beforeAll(async () => {
  port = await freePort();
  child = spawn(path.resolve('node_modules/.bin/tsx'), ['tests/server/fixtures/failingApi.ts'], {
    env: { ...process.env, API_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve) => {
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('API listening')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
  });
}, 60_000);

afterAll(() => {
  child.kill();
});

it.each(['emitter', 'rejection'])('answers 500 to /%s and keeps serving', async (route) => {
  const answer = await fetch(`http://127.0.0.1:${port}/${route}`);
  expect(answer.status).toBe(500);
  expect(await answer.json()).toEqual({
    message: 'Something went wrong',
    statusCode: 500,
    code: 'apiErrors.somethingWentWrong',
    values: {},
  });
  expect(child.exitCode).toBeNull();
  expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  expect(printed).toContain(`in GET /${route}`);
});

it('answers a malformed request line with 400', async () => {
  const net = await import('node:net');
  const text = await new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('NONSENSE\r\n\r\n'));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
  });
  expect(text).toMatch(/^HTTP\/1\.1 400/);
  expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
});
