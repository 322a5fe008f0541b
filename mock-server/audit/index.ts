import { isDeepStrictEqual } from 'node:util';
import { isAdministrator, OWNER_FIELD, type Actor } from '../../src/schema/access';
import type { Field } from '../../src/schema/fields';
import type { ActionDetails, Resource } from '../../src/schema/resource';
import type { AuditAction, AuditChange, AuditPerson } from '../../src/resources/audit';
import type { Store, TypedReader, TypedWriter } from '../store/port';
import { defineServerFeature } from '../feature';
import { PERSON_ROLE } from '../../src/schema/user';

/**
 * The audit log's writer (issue 28): every write through the engine's pipeline and every account
 * event (sign-in, login-as, password changes…) adds one entry to the declared `audit` collection,
 * inside the transaction of the change itself, so an entry exists exactly when its change does.
 */

type Row = Record<string, unknown>;

export const AUDIT = 'audit';

/** What a session adds to its user: the administrator behind a login-as and its record. */
export interface SessionInfo {
  impersonatorId?: number;
  impersonationId?: number;
}

// Keyed by the actor object `identify` made for the request: the engine stays transport-free.
const sessions = new WeakMap<object, SessionInfo>();

/** Remembers who is behind the request's actor (called by `identify`). */
export function bindSession(actor: object, info: SessionInfo): void {
  sessions.set(actor, info);
}

export interface AuditEvent {
  action: AuditAction;
  /** Who acted: the session's user (null: a guest, or nobody known — a failed sign-in). */
  actor: Actor | { id: number };
  /** The chain the event itself makes (a login-as: its caller's chain and its target). */
  chain?: readonly number[];
  resource?: string;
  recordId?: number | null;
  recordLabel?: string;
  /** The hotel the entry is about (it may read the entry); none for the platform's own. */
  hotelId?: number | null;
  name?: string;
  changes?: AuditChange[];
  detail?: string;
  /** What a declared action did beyond its record (which app, which value). */
  details?: ActionDetails;
  /** The record's version after the write (a `412` names the writes since a version). */
  version?: number;
}

/**
 * Who acted: the person (issue 40: a hotel's member acts for the hotel, the actor's `id`, and is
 * named by the log as themselves), else the actor's account.
 */
const personOf = (actor: { id: number; personId?: number }): number => actor.personId ?? actor.id;

/** The people behind a session, the real administrator first, from the login-as record. */
async function chainOf(reader: TypedReader, actor: { id: number }): Promise<number[]> {
  const info = sessions.get(actor);
  const self = personOf(actor);
  if (info?.impersonatorId === undefined) return [self];
  const via =
    info.impersonationId === undefined
      ? undefined
      : await reader.get('impersonations', info.impersonationId);
  const chain = via?.chain;
  return Array.isArray(chain) && chain.at(-1) === self
    ? (chain as number[])
    : [info.impersonatorId, self];
}

/** How a person is named in the log: their name, else their address. */
const personName = (row: Row | undefined, id: number): string =>
  String(row?.name || row?.email || `#${id}`);

/** Whether the log may say a field's values (never a secret's, a password's or a guarded field's). */
const isConfidential = (field: Field): boolean =>
  ('secret' in field && Boolean(field.secret)) ||
  field.kind === 'password' ||
  Boolean(field.access?.read);

const TEXT_LIMIT = 500;
const SUMMARY_LENGTH = 120;
const JSON_LIMIT = 2000;

/** Rich text as its words, and long texts or lists shortened: the log keeps a readable summary. */
function logged(field: Field, value: unknown): { value: unknown; summary?: true } {
  if (value === undefined) return { value: null };
  if (field.kind === 'richText' && typeof value === 'string') {
    const words = value
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return { value: shorten(words, SUMMARY_LENGTH), summary: true };
  }
  if (typeof value === 'string' && value.length > TEXT_LIMIT) {
    return { value: shorten(value, SUMMARY_LENGTH), summary: true };
  }
  if (typeof value === 'object' && value !== null && JSON.stringify(value).length > JSON_LIMIT) {
    return { value: shorten(JSON.stringify(value), SUMMARY_LENGTH), summary: true };
  }
  return { value };
}

const shorten = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length)}…` : text;

/**
 * What a field holds, as a save compares it: none (null or missing) is its default, and an
 * object's keys count in any order (PostgreSQL's jsonb orders them its own way, a form another),
 * so a save that changes nothing records nothing.
 */
const effective = (field: Field, value: unknown): unknown =>
  value === undefined || value === null ? (field.default ?? null) : value;

/** The declared fields an update changed, with their values before and after (secrets: changed). */
export function changesOf(resource: Resource, before: Row, after: Row): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.transient) continue;
    if (isDeepStrictEqual(effective(field, before[name]), effective(field, after[name]))) continue;
    if (isConfidential(field)) {
      changes.push({ field: name, changed: true });
      continue;
    }
    const was = logged(field, before[name]);
    const is = logged(field, after[name]);
    changes.push({
      field: name,
      before: was.value,
      after: is.value,
      ...((was.summary || is.summary) && { summary: true as const }),
    });
  }
  return changes;
}

/** The hotel a record is about: its owner, or the hotel account itself; none for the platform's. */
export function hotelOf(resource: Resource, record: Row | undefined): number | null {
  if (!record) return null;
  if (resource.owned) {
    const owner = record[OWNER_FIELD];
    return typeof owner === 'number' ? owner : null;
  }
  return resource.name === 'users' ? accountHotel(record) : null;
}

/** A hotel account's id (the hotel an event of that account is about); none for administrators. */
export const accountHotel = (user: Row | undefined): number | null =>
  user && !user.isAdmin && !user.isSuperAdmin && user.role !== PERSON_ROLE
    ? (user.id as number)
    : null;

/** A record's label at the time: its label field (a reference: the referenced record's label). */
export async function labelOf(
  reader: TypedReader,
  resources: readonly Resource[],
  resource: Resource,
  record: Row | undefined,
): Promise<string> {
  if (!record) return '';
  const field = resource.fields[resource.labelField];
  const value = record[resource.labelField];
  if (field?.kind === 'reference' && typeof value === 'number') {
    const target = resources.find((entry) => entry.name === field.resource);
    const referenced = target && (await reader.get(target.name, value));
    if (target && referenced) return labelOf(reader, resources, target, referenced);
  }
  if (value === undefined || value === null || value === '') return `#${String(record.id)}`;
  return shorten(typeof value === 'string' ? value : JSON.stringify(value), SUMMARY_LENGTH);
}

/** What an event of an account is about: the account's user record and its hotel. */
export const accountEvent = (user: Row | undefined, id?: number | null) => ({
  resource: 'users',
  recordId: (user?.id as number | undefined) ?? id ?? null,
  recordLabel: user ? personName(user, user.id as number) : '',
  hotelId: accountHotel(user),
});

/** The hotel an action is about: its record's, the hotel it names (`hotelId`), or the caller's. */
export function actionHotel(
  resource: Resource,
  record: Row | undefined,
  input: unknown,
  actor: Actor,
): number | null {
  const own = hotelOf(resource, record);
  if (own !== null) return own;
  const named = (input as Row | null)?.hotelId ?? (input as Row | null)?.ownerId;
  if (typeof named === 'number') return named;
  return actor && !isAdministrator(actor) ? actor.id : null;
}

/** The audit log of one app: a no-op when the registry declares no `audit` (throwaway tests). */
export class AuditLog {
  readonly enabled: boolean;
  constructor(
    resources: readonly Resource[],
    private readonly now: () => number,
  ) {
    this.enabled = resources.some((resource) => resource.name === AUDIT);
  }

  /** Writes one entry with the writer of the change's own transaction. */
  async write(tx: TypedWriter, event: AuditEvent): Promise<void> {
    if (!this.enabled) return;
    // A save that changed nothing (each field as it was) is no event.
    if (event.action === 'update' && event.changes?.length === 0) return;
    const { actor } = event;
    const ids = event.chain ?? (actor ? await chainOf(tx, actor) : []);
    const chain: AuditPerson[] = [];
    for (const id of ids) chain.push({ id, name: personName(await tx.get('users', id), id) });
    // A login-as names its target last; the one who acted is the caller.
    const self = actor ? personOf(actor) : undefined;
    const acting = actor ? chain.find((person) => person.id === self) : undefined;
    const behind = chain.length > 1 && chain[0]!.id !== self ? chain[0] : undefined;
    const entry: Row = {
      at: new Date(this.now()).toISOString(),
      action: event.action,
      actorId: acting?.id ?? null,
      actorName: acting?.name ?? '',
      behindId: behind?.id ?? null,
      behindName: behind?.name ?? '',
      chain,
      resource: event.resource ?? '',
      recordId: event.recordId ?? null,
      recordLabel: event.recordLabel ?? '',
      name: event.name ?? '',
      changes: event.changes ?? [],
      detail: event.detail ?? '',
      // Only an action that said what it did has details.
      ...(event.details && { details: event.details }),
      ...(event.version !== undefined && { recordVersion: event.version }),
    };
    if (typeof event.hotelId === 'number') entry[OWNER_FIELD] = event.hotelId;
    // raw write: the audit log's own entries
    await tx.insert(AUDIT, entry);
  }

  /** Writes one entry in a transaction of its own (an event that changes nothing else). */
  record(store: Store, event: AuditEvent): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    return store.transaction((tx) => this.write(tx, event));
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes the entries older than the retention; answers how many. */
export async function removeExpiredEntries(
  store: Store,
  retentionDays: number,
  now: number,
): Promise<number> {
  const cutoff = new Date(now - retentionDays * DAY_MS).toISOString();
  return store.transaction(async (tx) => {
    const expired = await tx.find(AUDIT, { at: { lt: cutoff } });
    // raw write: the audit log's own entries
    for (const entry of expired) await tx.remove(AUDIT, entry.id);
    return expired.length;
  });
}

/**
 * Applies AUDIT_RETENTION_DAYS now and then daily, in one process at a time across processes
 * (`exclusive`), on an unref'd timer; `stop()` ends it (createApp's close()).
 */
export async function startAuditRetention(
  ctx: { store: Store; now: () => number; config: { auditRetentionDays: number } },
  audit: AuditLog,
  everyMs = DAY_MS,
): Promise<{ stop(): void }> {
  if (!audit.enabled) return { stop: () => undefined };
  const run = () =>
    ctx.store
      .exclusive('audit-retention', () =>
        removeExpiredEntries(ctx.store, ctx.config.auditRetentionDays, ctx.now()),
      )
      .catch((error: unknown) => {
        console.error('Audit retention failed:', error);
      });
  await run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The audit log's own work: removing entries older than AUDIT_RETENTION_DAYS (now, then daily). */
export const auditServer = defineServerFeature({
  name: 'audit',
  start: (ctx) => startAuditRetention(ctx, ctx.audit),
});
