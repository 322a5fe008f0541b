import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { HttpError, sendError } from './errors';

/**
 * No single request stops the API. Every request runs in its own async context; an error that
 * escapes all handlers (a stream's 'error' with no listener, a throw in a callback) reaches the
 * process's last-chance handlers, which find the request it came from, answer it with a 500 (or
 * close its connection when the answer has begun) and keep serving everyone else. Stored data is
 * safe either way: a transaction is written whole or not at all.
 */
const requests = new AsyncLocalStorage<Response>();

/** Express middleware: runs the rest of the request inside its context. */
export const containRequests: RequestHandler = (_req, res, next) => {
  requests.run(res, next);
};

function answerFailed(res: Response): void {
  if (res.headersSent) {
    res.socket?.destroy();
    return;
  }
  try {
    sendError(res, new HttpError(500, 'Something went wrong'));
  } catch {
    res.socket?.destroy();
  }
}

let installed = false;

/**
 * Installs the process's last-chance handlers (once; the API's entry point calls it, not tests,
 * whose runner reports stray errors itself) and keeps malformed connections from the process.
 */
export function containFailures(server: Server, log: (line: string) => void = console.error): void {
  // A malformed request line or headers: a 400 to that socket, as Node does without a listener.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  if (installed) return;
  installed = true;
  const contain = (kind: string) => (error: unknown) => {
    const res = requests.getStore();
    const text = error instanceof Error ? error.message : String(error);
    log(`${kind} ${res ? `in ${res.req.method} ${res.req.path}` : 'outside a request'}: ${text}`);
    if (res) answerFailed(res);
  };
  process.on('uncaughtException', contain('Uncaught error'));
  process.on('unhandledRejection', contain('Unhandled rejection'));
}
