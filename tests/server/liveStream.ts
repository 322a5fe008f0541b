import { expect } from 'vitest';

/** One Server-Sent Event as a browser's EventSource would see it. */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/** A `data:` of a change: what the dashboard's liveProvider reads. */
export interface LiveChange {
  resource: string;
  ids: number[];
  action: string;
}

/** An open stream, read as it arrives. */
export interface OpenStream {
  messages: SseMessage[];
  /** The changes received so far (default `message` events). */
  changes(): (LiveChange & { id?: string })[];
  /** Waits until a message matches (fails the test after `ms`). */
  until(match: (message: SseMessage) => boolean, ms?: number): Promise<SseMessage>;
  /** Resolves when the server closed the stream. */
  closed: Promise<void>;
  close(): void;
}

/** Parses SSE text into messages (comments skipped); answers what is left of a partial one. */
function parse(buffer: string, into: SseMessage[]): string {
  let rest = buffer;
  for (let end = rest.indexOf('\n\n'); end >= 0; end = rest.indexOf('\n\n')) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const message: SseMessage = { event: 'message', data: '' };
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') message.id = value;
      if (field === 'event') message.event = value;
      if (field === 'data') {
        message.data += (hasData ? '\n' : '') + value;
        hasData = true;
      }
    }
    if (hasData) into.push(message);
  }
  return rest;
}

/** Asks a ticket with `token` from `baseUrl` (expects 200). */
export async function ticketFor(baseUrl: string, token: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/events/ticket`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { ticket: string }).ticket;
}

/**
 * Opens `GET /events` with a ticket: the stream when it answers 200 (read in the background),
 * else the answer's status and body.
 */
export async function openStream(
  baseUrl: string,
  ticket: string,
  options: { lastEventId?: string } = {},
): Promise<{ status: number; body?: unknown; stream?: OpenStream }> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/events?ticket=${encodeURIComponent(ticket)}`, {
    headers: options.lastEventId ? { 'Last-Event-ID': options.lastEventId } : {},
    signal: abort.signal,
  });
  if (response.status !== 200) {
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const messages: SseMessage[] = [];
  const waiting = new Set<() => void>();
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let ended = false;
  const closed = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer = parse(buffer + decoder.decode(value, { stream: true }), messages);
        for (const wake of waiting) wake();
      }
    } catch {
      // Aborted by close().
    }
    ended = true;
    for (const wake of waiting) wake();
  })();
  const stream: OpenStream = {
    messages,
    changes: () =>
      messages
        .filter((message) => message.event === 'message')
        .map((message) => ({ ...(JSON.parse(message.data) as LiveChange), id: message.id })),
    until: (match, ms = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            waiting.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (ended) {
            waiting.delete(check);
            clearTimeout(timer);
            reject(new Error(`Stream closed; got ${JSON.stringify(messages)}`));
          }
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`No matching event in ${ms} ms; got ${JSON.stringify(messages)}`));
        }, ms);
        waiting.add(check);
        check();
      }),
    closed,
    close: () => abort.abort(),
  };
  return { status: 200, stream };
}

/** Whether a message is the change of `resource` naming `id` (with `action`, when given). */
export const changeOf =
  (resource: string, id: number, action?: string) =>
  (message: SseMessage): boolean => {
    if (message.event !== 'message') return false;
    const change = JSON.parse(message.data) as LiveChange;
    return (
      change.resource === resource &&
      change.ids.includes(id) &&
      (action === undefined || change.action === action)
    );
  };
