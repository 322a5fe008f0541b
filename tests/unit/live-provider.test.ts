import type { LiveEvent } from '@refinedev/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../src/i18n';
import { createLiveProvider } from '../../src/providers/liveProvider';
import { clearToken, setToken } from '../../src/providers/session';
import { installFakeApi } from './fakeApi';

/** A stand-in for the browser's EventSource: the test says what the server sends. */
class FakeSource {
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly named = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.named.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  /** A change, as `data:` with its `id:`. */
  change(id: string, change: object) {
    this.onmessage?.(
      new MessageEvent('message', { data: JSON.stringify(change), lastEventId: id }),
    );
  }
  event(type: string, data: object) {
    this.named.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const api = installFakeApi();
let sources: FakeSource[];
let tickets: number;
const open = (url: string) => {
  const source = new FakeSource(url);
  sources.push(source);
  return source as unknown as EventSource;
};
const settle = () => vi.waitFor(() => expect(sources.length).toBeGreaterThan(0));

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  setToken('t0ken');
  sources = [];
  tickets = 0;
  api.reset();
  api.answer((request) =>
    request.url.endsWith('/events/ticket')
      ? { status: 200, data: { ticket: `ticket-${(tickets += 1)}` } }
      : { status: 404, data: {} },
  );
});
afterAll(() => {
  clearToken();
  api.uninstall();
});

describe('the live provider', () => {
  it('opens one stream with a ticket (never the token) and tells each subscriber its resource', async () => {
    const provider = createLiveProvider(open);
    const requests: LiveEvent[] = [];
    const pages: LiveEvent[] = [];
    provider.subscribe({
      channel: 'resources/submissions',
      types: ['*'],
      callback: (event) => requests.push(event),
    });
    provider.subscribe({
      channel: 'resources/pages',
      types: ['*'],
      callback: (e) => pages.push(e),
    });
    await settle();
    expect(sources).toHaveLength(1);
    expect(sources[0]!.url).toBe('/api/events?ticket=ticket-1');
    expect(sources[0]!.url).not.toContain('t0ken');
    expect(api.received[0]).toMatchObject({
      method: 'POST',
      headers: { Authorization: 'Bearer t0ken' },
    });
    sources[0]!.change('7', { resource: 'submissions', ids: [4], action: 'created' });
    expect(requests).toMatchObject([
      { channel: 'resources/submissions', type: 'created', payload: { ids: [4] } },
    ]);
    expect(pages).toEqual([]);
  });

  it('tells a show page or edit form about its own record only', async () => {
    const provider = createLiveProvider(open);
    const heard: LiveEvent[] = [];
    provider.subscribe({
      channel: 'resources/pages',
      types: ['updated', 'deleted'],
      params: { subscriptionType: 'useOne', id: 12 },
      callback: (event) => heard.push(event),
    });
    await settle();
    sources[0]!.change('1', { resource: 'pages', ids: [13], action: 'updated' });
    sources[0]!.change('2', { resource: 'pages', ids: [12], action: 'created' });
    sources[0]!.change('3', {
      resource: 'pages',
      ids: [12],
      action: 'updated',
      by: { id: 2, name: 'Eva de Vries' },
    });
    expect(heard).toMatchObject([
      { type: 'updated', payload: { ids: [12], by: { name: 'Eva de Vries' } } },
    ]);
  });

  it('reopens after a drop with a new ticket, resuming after the last event it had', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const provider = createLiveProvider(open);
      provider.subscribe({ channel: 'resources/pages', types: ['*'], callback: () => undefined });
      await settle();
      sources[0]!.change('b00t.41', { resource: 'pages', ids: [1], action: 'updated' });
      sources[0]!.onerror?.();
      expect(sources[0]!.closed).toBe(true);
      await vi.advanceTimersByTimeAsync(1500);
      await vi.waitFor(() => expect(sources).toHaveLength(2));
      expect(sources[1]!.url).toBe('/api/events?ticket=ticket-2&lastEventId=b00t.41');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks everything again when a stream dropped before any change came is open again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const provider = createLiveProvider(open);
      const heard: LiveEvent[] = [];
      provider.subscribe({
        channel: 'resources/submissions',
        types: ['*'],
        callback: (e) => heard.push(e),
      });
      await settle();
      sources[0]!.event('hello', { stream: 'first' });
      expect(heard).toEqual([]);
      // Its API process died: no event id to resume after, so no replay can cover the gap.
      sources[0]!.onerror?.();
      await vi.advanceTimersByTimeAsync(1500);
      await vi.waitFor(() => expect(sources).toHaveLength(2));
      expect(sources[1]!.url).toBe('/api/events?ticket=ticket-2');
      sources[1]!.event('hello', { stream: 'second' });
      expect(heard).toMatchObject([{ channel: 'resources/submissions', type: '*' }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks everything again on reset, and stays closed once its session ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const provider = createLiveProvider(open);
      const heard: LiveEvent[] = [];
      provider.subscribe({
        channel: 'resources/pages',
        types: ['*'],
        callback: (e) => heard.push(e),
      });
      await settle();
      sources[0]!.event('reset', {});
      expect(heard).toMatchObject([{ channel: 'resources/pages', type: '*' }]);
      sources[0]!.event('end', { reason: 'session' });
      expect(sources[0]!.closed).toBe(true);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sources).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names its stream when it announces presence, and gives presence to presence subscribers only', async () => {
    const provider = createLiveProvider(open);
    const changes: LiveEvent[] = [];
    const presence: LiveEvent[] = [];
    provider.subscribe({
      channel: 'resources/pages',
      types: ['*'],
      callback: (e) => changes.push(e),
    });
    provider.subscribe({
      channel: 'presence/pages',
      types: ['presence'],
      params: { subscriptionType: 'useOne', id: 12 },
      callback: (e) => presence.push(e),
    });
    await settle();
    sources[0]!.event('hello', { stream: 'tab-1' });
    await provider.announce('pages', 12, true);
    expect(api.received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/events/presence',
      json: { stream: 'tab-1', resource: 'pages', id: 12, editing: true },
    });
    const note = {
      stream: 'tab-2',
      resource: 'pages',
      id: 12,
      user: { id: 2, name: 'Eva' },
      editing: true,
    };
    sources[0]!.event('presence', note);
    sources[0]!.event('presence', { ...note, id: 13 });
    sources[0]!.event('presence', { stream: 'tab-2', gone: true });
    expect(presence.map((event) => event.payload)).toEqual([note, { stream: 'tab-2', gone: true }]);
    expect(changes).toEqual([]);
  });
});
