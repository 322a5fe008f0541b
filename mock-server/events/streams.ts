import { createHash, createHmac, randomBytes } from 'node:crypto';
import { MAX_STREAMS_PER_USER } from '../config';
import type { Response } from 'express';
import { errors, jwtVerify, SignJWT } from 'jose';
import { matchesWhere, type Actor } from '../../src/schema/access';
import { message } from '../../src/schema/messages';
import type { Resource } from '../../src/schema/resource';
import { sessionUser, type SessionToken } from '../auth/session';
import type { VerifiedToken } from '../auth/tokens';
import { HttpError, unauthorized } from '../http/errors';
import type { Limiter } from '../store/limiter';
import type { Store } from '../store/port';
import type { BusMessage, EventBus, Presence, PublishedChange } from './bus';
import { accessView } from './publish';
import type { StoredRecord } from '../../src/schema/store';

/** How long a ticket opens a stream: enough for the browser to open it right after asking. */
export const TICKET_TTL_SECONDS = 60;
export { MAX_STREAMS_PER_USER };
/** A comment this often keeps proxies (the dashboard's /api proxy cuts at 30 s) from cutting. */
export const KEEP_ALIVE_MS = 15_000;
/** What a stream may have waiting unsent: a client that does not read past it is dropped. */
export const MAX_UNSENT_BYTES = 64 * 1024;

/** The session a ticket was asked for: its user, session versions, and the token's end. */
interface TicketClaims {
  /** The session, and the hotel its stream follows (the one the ticket's request acted for). */
  token: SessionToken;
  /** Ends the stream at the token's expiry (seconds). */
  tokenExpires: number;
  /** The sha256 of the access token: a sign-out of that token ends its streams. */
  session: string;
}

/** The id of a session, as tickets and sign-outs name it: never the token itself. */
export const sessionIdOf = (accessToken: string): string =>
  createHash('sha256').update(accessToken).digest('hex').slice(0, 32);

/** The access token of a request's `Authorization: Bearer …`, if any. */
export const bearerOf = (header: string | undefined): string | undefined =>
  /^Bearer ([^\s]+)$/i.exec(header ?? '')?.[1];

/** One open stream: its user, what it sends them, and how it ends (exported for its tests). */
export class Stream {
  private ended = false;
  private readonly timers: NodeJS.Timeout[] = [];
  /** The stream's own name, told to its client (presence names it; it is no credential). */
  readonly key = randomBytes(12).toString('base64url');
  /** What the stream does with a change the bus delivers (held back while it replays). */
  hear: (change: PublishedChange) => void = () => undefined;

  constructor(
    readonly res: Response,
    public actor: Actor & object,
    readonly claims: TicketClaims,
    private readonly onEnd: (stream: Stream) => void,
  ) {}

  /** Writes raw SSE text; a client that lets too much wait unread is dropped. */
  write(text: string): void {
    if (this.ended) return;
    this.res.write(text);
    if (this.res.writableLength > MAX_UNSENT_BYTES) {
      this.res.destroy();
      this.finish();
    }
  }

  send(change: PublishedChange): void {
    const { resource, action, ids, by } = change;
    this.write(`id: ${change.id}\ndata: ${JSON.stringify({ resource, ids, action, by })}\n\n`);
  }

  every(ms: number, work: () => void): void {
    const timer = setInterval(work, ms);
    timer.unref();
    this.timers.push(timer);
  }

  after(ms: number, work: () => void): void {
    const timer = setTimeout(work, Math.min(ms, 2 ** 31 - 1));
    timer.unref();
    this.timers.push(timer);
  }

  /** Tells the client why, so it does not come back (`end`), then closes. */
  end(reason: 'session' | 'shutdown' | 'unavailable'): void {
    if (this.ended) return;
    this.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.res.end();
    this.finish();
  }

  finish(): void {
    if (this.ended) return;
    this.ended = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.onEnd(this);
  }
}

export interface LiveEventsOptions {
  store: Store;
  bus: EventBus;
  resources: readonly Resource[];
  limiter: Limiter;
  jwtSecret: string;
  now: () => number;
  /** Streams one account may hold open in this process (config LIVE_STREAMS_PER_USER). */
  perUser?: number;
}

/**
 * The live-event streams of one API process (issue 38): tickets, the open streams, and what
 * each is sent. A user hears only about records they may read, by the read rule GET applies.
 */
export class LiveEvents {
  private readonly streams = new Set<Stream>();
  private readonly key: Uint8Array;
  private readonly declared: Map<string, Resource>;
  private readonly unlisten: () => void;

  constructor(private readonly options: LiveEventsOptions) {
    // A key of its own: a ticket is no access token, nor an access token a ticket.
    this.key = createHmac('sha256', options.jwtSecret).update('live event tickets').digest();
    this.declared = new Map(options.resources.map((resource) => [resource.name, resource]));
    this.unlisten = options.bus.listen((message) => this.heard(message));
  }

  /** A single-use ticket for `GET /events`, bound to the caller's session. */
  async ticket(accessToken: VerifiedToken, session: string, hotel?: number): Promise<string> {
    const { userId, sessionVersion, impersonatorId, impersonatorVersion, impersonationId } =
      accessToken;
    const iat = Math.floor(this.options.now() / 1000);
    return new SignJWT({
      sv: sessionVersion,
      imp: impersonatorId,
      isv: impersonatorVersion,
      iid: impersonationId,
      texp: accessToken.exp,
      sid: session,
      hid: hotel,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'live-ticket' })
      .setSubject(String(userId))
      .setJti(randomBytes(16).toString('base64url'))
      .setIssuedAt(iat)
      .setExpirationTime(iat + TICKET_TTL_SECONDS)
      .sign(this.key);
  }

  /** The session a ticket opens, once: forged, expired or used tickets answer 401. */
  private async redeem(ticket: unknown): Promise<TicketClaims> {
    if (typeof ticket !== 'string' || ticket.length > 2000) throw unauthorized('Invalid ticket');
    let payload;
    try {
      ({ payload } = await jwtVerify(ticket, this.key, {
        algorithms: ['HS256'],
        typ: 'live-ticket',
        requiredClaims: ['sub', 'jti', 'exp', 'sv', 'texp', 'sid'],
        currentDate: new Date(this.options.now()),
      }));
    } catch (error) {
      throw unauthorized(error instanceof errors.JWTExpired ? 'Ticket expired' : 'Invalid ticket');
    }
    // Single use, in every process (the limiter is shared on PostgreSQL).
    const used = await this.options.limiter.take(
      `live-ticket:${payload.jti}`,
      1,
      2 * TICKET_TTL_SECONDS * 1000,
      this.options.now(),
    );
    if (used.wait !== undefined) throw unauthorized('Ticket already used');
    const { sub, sv, imp, isv, iid, texp, sid, hid } = payload as Record<string, unknown>;
    return {
      token: {
        userId: Number(sub),
        sessionVersion: sv as number,
        impersonatorId: imp as number | undefined,
        impersonatorVersion: isv as number | undefined,
        impersonationId: iid as number | undefined,
        hotel: hid as number | undefined,
        // A person's stream acts for the ticket's hotel and hears, on the lists declared with
        // `hotels()`, the changes of all their hotels: a list reading "all my hotels" follows
        // them (what each hotel may see is still its membership's rule, checked on each change).
        allHotels: typeof hid === 'number',
      },
      tokenExpires: texp as number,
      session: String(sid),
    };
  }

  /** `GET /events?ticket=…`: the stream, replaying what came after `Last-Event-ID` first. */
  async open(res: Response, ticket: unknown, lastEventId: string | undefined): Promise<void> {
    const claims = await this.redeem(ticket);
    const actor = await sessionUser(this.options.store, claims.token);
    const open = [...this.streams].filter((stream) => stream.actor.id === actor.id).length;
    const max = this.options.perUser ?? MAX_STREAMS_PER_USER;
    if (open >= max) {
      throw new HttpError(429, message('apiErrors.tooManyStreams', { max }));
    }
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    // Never cached nor transformed (compressed) on the way, and never held back by a proxy.
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.setHeader('Connection', 'keep-alive');
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    const stream = new Stream(res, actor, claims, (ended) => {
      this.streams.delete(ended);
      // Whatever its tab had open, it has no longer (presence).
      void this.options.bus.presence({ stream: ended.key, gone: true }).catch(() => undefined);
    });
    res.on('close', () => stream.finish());
    // Changes heard while the missed ones are read are sent after them, each once.
    const held: PublishedChange[] = [];
    let replaying = true;
    const hold = (change: PublishedChange) =>
      replaying ? held.push(change) : this.deliver(stream, change);
    stream.hear = hold;
    this.streams.add(stream);
    stream.write(`event: hello\ndata: ${JSON.stringify({ stream: stream.key })}\n\n`);
    if (lastEventId) {
      const missed = await this.options.bus.since(lastEventId).catch(() => 'reset' as const);
      if (missed === 'reset') stream.write('event: reset\ndata: {}\n\n');
      else for (const change of missed) this.deliver(stream, change);
      const sent = new Set(missed === 'reset' ? [] : missed.map((change) => change.id));
      for (const change of held) if (!sent.has(change.id)) this.deliver(stream, change);
    } else {
      for (const change of held) this.deliver(stream, change);
    }
    replaying = false;
    held.length = 0;
    stream.every(KEEP_ALIVE_MS, () => {
      stream.write(': keep-alive\n\n');
      void this.recheck(stream);
    });
    stream.after(claims.tokenExpires * 1000 - this.options.now(), () => stream.end('session'));
  }

  /** Sends a change to a stream with the ids its user may read (none: nothing is sent). */
  private deliver(stream: Stream, change: PublishedChange): void {
    const resource = this.declared.get(change.resource);
    if (!resource) return;
    const scope = resource.access.read({ actor: stream.actor, operation: 'read' });
    if (scope === false) return;
    const ids = change.ids.filter((id) => matchesWhere(change.records[id] ?? { id }, scope));
    if (ids.length) stream.send({ ...change, ids });
  }

  /** Ends the stream when its session no longer holds (ban, password reset, role change). */
  private async recheck(stream: Stream): Promise<void> {
    try {
      if (this.options.now() >= stream.claims.tokenExpires * 1000) throw unauthorized();
      stream.actor = await sessionUser(this.options.store, stream.claims.token);
    } catch (error) {
      // The database away for a moment ends nothing; a refused session does.
      if (error instanceof HttpError && error.statusCode < 500) stream.end('session');
    }
  }

  /**
   * `POST /events/presence`: the caller has (or no longer has) the record open in an edit form
   * in the tab of `stream`. The other streams that may read the record are told who.
   */
  async announce(
    person: { id: number; name?: unknown },
    input: { stream: string; resource: string; id: number; editing: boolean },
    read: (resource: Resource, id: number) => Promise<StoredRecord>,
  ): Promise<void> {
    const resource = this.declared.get(input.resource);
    if (!resource) throw new HttpError(404, 'Not found');
    // The same 401/403/404 as GET /<name>/:id: nobody hears about a record by naming it.
    const record = await read(resource, input.id);
    await this.options.bus.presence({
      stream: input.stream,
      resource: resource.name,
      id: record.id,
      user: { id: person.id, name: String(person.name ?? '') },
      editing: input.editing,
      record: accessView(resource, record),
    });
  }

  private tellPresence(presence: Presence): void {
    if ('gone' in presence) {
      for (const stream of this.streams) {
        stream.write(`event: presence\ndata: ${JSON.stringify(presence)}\n\n`);
      }
      return;
    }
    const resource = this.declared.get(presence.resource);
    if (!resource) return;
    const { record, ...told } = presence;
    for (const stream of this.streams) {
      if (stream.key === presence.stream) continue;
      const scope = resource.access.read({ actor: stream.actor, operation: 'read' });
      if (scope === false || !matchesWhere(record, scope)) continue;
      stream.write(`event: presence\ndata: ${JSON.stringify(told)}\n\n`);
    }
  }

  private heard(message: BusMessage): void {
    if (message.kind === 'presence') {
      this.tellPresence(message.presence);
      return;
    }
    if (message.kind === 'down') {
      for (const stream of this.streams) stream.end('unavailable');
      return;
    }
    if (message.kind === 'session-ended') {
      for (const stream of this.streams) {
        if (stream.claims.session === message.session) stream.end('session');
      }
      return;
    }
    const { change } = message;
    for (const stream of this.streams) {
      stream.hear(change);
      // A change to the account (or to the administrator behind a login-as) may end its session.
      const { userId, impersonatorId } = stream.claims.token;
      if (
        change.resource === 'users' &&
        change.ids.some((id) => id === userId || id === impersonatorId)
      ) {
        void this.recheck(stream);
      }
    }
  }

  /** Ends the streams of a signed-out session, in every process. */
  endSession(session: string): Promise<void> {
    return this.options.bus.endSession(session);
  }

  /** How many streams this process has open (the bench, the tests). */
  get size(): number {
    return this.streams.size;
  }

  /** Ends every stream (the process stops); clients reconnect to another. */
  drain(): void {
    for (const stream of this.streams) stream.end('shutdown');
  }

  async close(): Promise<void> {
    this.drain();
    this.unlisten();
    await this.options.bus.close();
  }
}
