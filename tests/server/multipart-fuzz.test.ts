import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnApi, type ApiProcess } from './apiProcess';
import { AMSTERDAM, databaseFor, PASSWORD, STORE_KIND } from './helpers';

// Malformed multipart bodies sent over raw sockets to the API as `npm start` runs it (its own
// process, with its last-chance handlers): each one is answered, and the process stays up. On
// both stores (the upload files live in PostgreSQL there).

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = 'b0undary';

let api: ApiProcess;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-proc-'));
let token: string;

beforeAll(async () => {
  // Hundreds of uploads from one account: the upload rate limit is not what this fuzzes.
  const database: Record<string, string> =
    STORE_KIND === 'postgres' ? { DATABASE_URL: await databaseFor(dir, { seeded: true }) } : {};
  api = await spawnApi({ dir, env: { UPLOAD_RATE_LIMIT: '100000', ...database } });
  const response = await fetch(`${api.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: AMSTERDAM, password: PASSWORD }),
  });
  token = ((await response.json()) as { accessToken: string }).accessToken;
}, 90_000);

afterAll(async () => {
  await api.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A whole multipart body carrying `file` (and optional extra parts before it). */
function multipart(file: Buffer, extra = ''): Buffer {
  return Buffer.concat([
    Buffer.from(
      `${extra}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

interface RawAnswer {
  status: number | 'closed';
  text: string;
}

/**
 * Sends a raw request (its headers say `length` bytes, or the body's own length) in `chunks`,
 * `pauseMs` apart, then ends the socket when `hangUp` is set; resolves with the answer's status,
 * or 'closed' when the server closed the connection without one.
 */
function rawUpload(
  body: Buffer,
  options: {
    contentType?: string;
    length?: number;
    chunks?: number;
    pauseMs?: number;
    hangUp?: boolean;
  } = {},
): Promise<RawAnswer> {
  const {
    contentType = `multipart/form-data; boundary=${BOUNDARY}`,
    length = body.length,
    chunks = 1,
    pauseMs = 0,
    hangUp = false,
  } = options;
  return new Promise((resolve) => {
    const socket = net.connect(api.port, '127.0.0.1');
    let received = '';
    const done = () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      resolve({ status: match ? Number(match[1]) : 'closed', text: received });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, 15_000);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // One answer is all we wait for.
      if (/\r\n\r\n/.test(received) && /content-length: (\d+)/i.test(received)) {
        const expected = Number(/content-length: (\d+)/i.exec(received)![1]);
        const bodyStart = received.indexOf('\r\n\r\n') + 4;
        if (received.length - bodyStart >= expected) {
          clearTimeout(timer);
          socket.destroy();
          done();
        }
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      done();
    });
    socket.on('connect', async () => {
      socket.write(
        `POST /uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`,
      );
      const size = Math.ceil(body.length / chunks) || 1;
      for (let offset = 0; offset < body.length; offset += size) {
        if (socket.destroyed) return;
        socket.write(body.subarray(offset, offset + size));
        if (pauseMs) await new Promise((wait) => setTimeout(wait, pauseMs));
      }
      if (hangUp) socket.end();
    });
  });
}

async function healthy(): Promise<void> {
  expect(api.alive()).toBe(true);
  const response = await fetch(`${api.baseUrl}/health`);
  expect(response.status).toBe(200);
}

describe('malformed multipart bodies', () => {
  it('answers a body that ends inside the file part, and keeps serving (the crash)', async () => {
    const whole = multipart(Buffer.concat([PNG, Buffer.alloc(4096, 1)]));
    const truncated = whole.subarray(0, whole.length - 200);
    const answer = await rawUpload(truncated, { length: truncated.length });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('Malformed multipart body');
    await healthy();
    expect(api.output()).not.toContain("Emitted 'error' event");
  });

  it('answers every truncation of a valid body with a 4xx, and keeps serving', async () => {
    const whole = multipart(Buffer.concat([PNG, Buffer.alloc(2048, 1)]));
    const cuts = [
      1,
      10,
      40,
      60,
      100,
      120,
      150,
      300,
      1000,
      2000,
      whole.length - 30,
      whole.length - 3,
    ];
    for (const cut of cuts) {
      const part = whole.subarray(0, cut);
      const answer = await rawUpload(part, { length: part.length });
      expect(answer.status, `cut at ${cut}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `cut at ${cut}`).toBeLessThan(500);
    }
    await healthy();
  });

  it('answers a wrong boundary, a missing one, and a zero-length body', async () => {
    const wrong = await rawUpload(multipart(PNG), {
      contentType: 'multipart/form-data; boundary=another',
    });
    expect(wrong.status).toBe(400);
    const missing = await rawUpload(multipart(PNG), { contentType: 'multipart/form-data' });
    expect(missing.status).toBe(415);
    const empty = await rawUpload(Buffer.alloc(0));
    expect(empty.status).toBe(400);
    await healthy();
  });

  it('answers huge part headers and a thousand parts', async () => {
    const hugeHeader = multipart(
      PNG,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x${'a'.repeat(200_000)}"\r\n\r\nv\r\n`,
    );
    const huge = await rawUpload(hugeHeader);
    expect(huge.status).not.toBe('closed');
    expect(Number(huge.status)).toBeLessThan(500);
    const many = Array.from(
      { length: 1000 },
      (_, index) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nv\r\n`,
    ).join('');
    const parts = await rawUpload(multipart(PNG, many));
    expect(parts.status).not.toBe('closed');
    expect(Number(parts.status)).toBeLessThan(500);
    await healthy();
  });

  it('survives a slow client that hangs up inside the file part', async () => {
    const whole = multipart(Buffer.concat([PNG, Buffer.alloc(8192, 1)]));
    const answer = await rawUpload(whole.subarray(0, 3000), {
      length: whole.length,
      chunks: 6,
      pauseMs: 100,
      hangUp: true,
    });
    // The client is gone, so no answer is owed; the process must stay up.
    expect([400, 'closed']).toContain(answer.status);
    await healthy();
  });

  it('still stores a well-formed upload after all that', async () => {
    const answer = await rawUpload(multipart(PNG));
    expect(answer.status).toBe(201);
    await healthy();
  });
});
