import type { LiveEvent, LiveProvider } from '@refinedev/core';
import { apiUrl, http } from './http';
import { getToken } from './session';

/** What the API's stream says about a change (mock-server/events). */
export interface LiveChange {
  resource: string;
  ids: number[];
  action: 'created' | 'updated' | 'deleted';
  /** Who made it; absent for a guest's write. */
  by?: { id: number; name: string };
}

/** Who has a record open in an edit form (`event: presence`), or a stream that closed. */
export type PresenceNote =
  | {
      stream: string;
      resource: string;
      id: number;
      user: { id: number; name: string };
      editing: boolean;
    }
  | { stream: string; gone: true };

/** The channel of presence in a resource's records (PresenceBar), apart from its changes. */
export const presenceChannel = (resource: string): string => `presence/${resource}`;

interface Subscription {
  /** Changes of a resource, or presence in its records. */
  kind: 'changes' | 'presence';
  resource: string;
  types: readonly string[];
  /** A show page or edit form hears about its own record only. */
  ids?: readonly string[];
  callback: (event: LiveEvent) => void;
}

/** Pauses before reconnecting, doubled each time up to the last (plus a random part). */
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15_000, 30_000];

/** The channel Refine's hooks subscribe to for a resource. */
const resourceOf = (channel: string): string => channel.replace(/^(resources|presence)\//, '');

/**
 * Refine's liveProvider over the API's Server-Sent Events stream (`GET /events`): one stream per
 * tab, opened while anything on screen listens. EventSource sends no headers, so each opening
 * asks a short-lived single-use ticket with the session's token first; after a drop it opens
 * again after a growing pause, resuming after the last event it had (`lastEventId`), so nothing
 * is missed. An `end` for the session (signed out, banned, expired) is not reopened.
 */
export function createLiveProvider(
  openSource: (url: string) => EventSource = (url) => new EventSource(url),
): LiveProvider & {
  /** Says this tab has (or no longer has) the record open in an edit form. */
  announce(resource: string, id: number, editing: boolean): Promise<void>;
  /** The name of this tab's stream, once open: presence notes from it are its own. */
  streamName(): string | undefined;
} {
  const subscriptions = new Set<Subscription>();
  let source: EventSource | undefined;
  let lastEventId: string | undefined;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** The token the stream was opened for: a stream ended for it is not reopened. */
  let endedFor: string | null | undefined;
  let opening = false;
  /** This tab's stream, as the server named it (`event: hello`). */
  let stream: string | undefined;
  /** What this tab has open, announced again on each new stream. */
  const editingHere = new Set<string>();
  /** Opening again after a drop: what changed meanwhile is replayed, or must be asked again. */
  let reopening = false;

  const announce = async (resource: string, id: number, editing: boolean) => {
    const key = `${resource}/${id}`;
    if (editing) editingHere.add(key);
    else editingHere.delete(key);
    if (!stream) return;
    await http
      .post(apiUrl('/events/presence'), { stream, resource, id, editing })
      .then(() => undefined)
      .catch(() => undefined);
  };

  const tellPresence = (note: PresenceNote) => {
    for (const subscription of subscriptions) {
      if (subscription.kind !== 'presence') continue;
      if (!('gone' in note)) {
        if (subscription.resource !== note.resource) continue;
        if (subscription.ids && !subscription.ids.includes(String(note.id))) continue;
      }
      subscription.callback({
        channel: presenceChannel(subscription.resource),
        type: 'presence',
        payload: note,
        date: new Date(),
      });
    }
  };

  const emit = (change: LiveChange | '*') => {
    for (const subscription of subscriptions) {
      if (change === '*') {
        if (subscription.kind !== 'changes') continue;
        subscription.callback({
          channel: `resources/${subscription.resource}`,
          type: '*',
          payload: {},
          date: new Date(),
        });
        continue;
      }
      if (subscription.kind !== 'changes' || subscription.resource !== change.resource) continue;
      if (!subscription.types.includes('*') && !subscription.types.includes(change.action))
        continue;
      const ids = change.ids.map(String);
      if (subscription.ids && !subscription.ids.some((id) => ids.includes(id))) continue;
      subscription.callback({
        channel: `resources/${change.resource}`,
        type: change.action,
        payload: { ids: change.ids, by: change.by },
        date: new Date(),
      });
    }
  };

  const close = () => {
    clearTimeout(retry);
    retry = undefined;
    source?.close();
    source = undefined;
    stream = undefined;
  };

  const reconnectLater = () => {
    close();
    if (subscriptions.size === 0) return;
    reopening = true;
    const pause = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
    attempt += 1;
    retry = setTimeout(() => void open(), pause + Math.random() * pause * 0.2);
  };

  async function open(): Promise<void> {
    const token = getToken();
    if (opening || source || subscriptions.size === 0 || !token || endedFor === token) return;
    opening = true;
    try {
      const { data } = await http.post<{ ticket: string }>(apiUrl('/events/ticket'));
      // Unsubscribed (or signed out) while the ticket was on its way.
      if (subscriptions.size === 0 || getToken() !== token) return;
      const query = new URLSearchParams({ ticket: data.ticket });
      if (lastEventId) query.set('lastEventId', lastEventId);
      const opened = openSource(apiUrl(`/events?${query.toString()}`));
      source = opened;
      opened.onopen = () => {
        attempt = 0;
      };
      opened.onmessage = (event: MessageEvent<string>) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        emit(JSON.parse(event.data) as LiveChange);
      };
      opened.addEventListener('hello', (event) => {
        stream = (JSON.parse((event as MessageEvent<string>).data) as { stream: string }).stream;
        // Dropped before any change came (an API process died early on): with no event to resume
        // after, nothing is replayed, so what changed while it was down is asked again.
        if (reopening && !lastEventId) emit('*');
        reopening = false;
        // A new stream: what this tab has open is said again, under its new name.
        for (const key of editingHere) {
          const [resource, id] = [
            key.slice(0, key.lastIndexOf('/')),
            key.slice(key.lastIndexOf('/') + 1),
          ];
          void announce(resource, Number(id), true);
        }
      });
      opened.addEventListener('presence', (event) =>
        tellPresence(JSON.parse((event as MessageEvent<string>).data) as PresenceNote),
      );
      // Too much was missed to replay: everything on screen is asked again.
      opened.addEventListener('reset', () => emit('*'));
      opened.addEventListener('end', (event) => {
        const { reason } = JSON.parse((event as MessageEvent<string>).data) as { reason: string };
        if (reason === 'session') {
          endedFor = token;
          close();
        } else reconnectLater();
      });
      // A drop, or a refusal: EventSource would retry with the used ticket, so a new one is asked.
      opened.onerror = () => {
        if (source === opened) reconnectLater();
      };
    } catch (error) {
      // A session the API refuses is over (the sign-in page follows); anything else may pass.
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 401 || status === 403) {
        endedFor = token;
        close();
      } else reconnectLater();
    } finally {
      opening = false;
    }
  }

  return {
    announce,
    streamName: () => stream,
    subscribe: ({ channel, types, params, callback }) => {
      const single =
        params?.subscriptionType === 'useOne' && params.id !== undefined
          ? [String(params.id)]
          : params?.subscriptionType === 'useMany' && params.ids
            ? params.ids.map(String)
            : undefined;
      const subscription: Subscription = {
        kind: channel.startsWith('presence/') ? 'presence' : 'changes',
        resource: resourceOf(channel),
        types,
        ids: single,
        callback,
      };
      subscriptions.add(subscription);
      void open();
      return subscription;
    },
    unsubscribe: (subscription: Subscription) => {
      subscriptions.delete(subscription);
      if (subscriptions.size === 0) {
        close();
        attempt = 0;
        reopening = false;
      }
    },
  };
}

export const liveProvider = createLiveProvider();
