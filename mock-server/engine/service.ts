import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { etagOf, VERSION_FIELD, versionOf, type VersionConflict } from '../../src/schema/versions';
import {
  isAdministrator,
  matchesWhere,
  OWNER_FIELD,
  type Actor,
  type Where,
} from '../../src/schema/access';
import { defaultValues, storedFields } from '../../src/schema/forms';
import type {
  ActionArgs,
  ActionDetails,
  ActionName,
  Resource,
  WriteHookArgs,
} from '../../src/schema/resource';
import type { RecordOf } from '../../src/schema/records';
import type { StoredRecord } from '../../src/schema/store';
import { writableFields } from '../../src/schema/forms';
import { actionHotel, AUDIT, changesOf, hotelOf, labelOf, type AuditLog } from '../audit';
import type { AuditAction, AuditChange } from '../../src/resources/audit';
import { z } from 'zod';
import type { ApiErrorBody } from '../../src/schema/user';
import { answerFor, errorBody, HttpError, parseBody } from '../http/errors';
import { invalidFields, resourceNames } from '../http/messages';
import { message } from '../../src/schema/messages';
import { MAX_BULK_IDS } from '../../src/schema/paging';
import type { QueryResult } from '../store/query';
import type { SecretBox } from '../store/secrets';
import type { Store, TypedReader, TypedWriter } from '../store/port';
import type { Translator } from '../translate';
import { authorize, authorizeWith } from './access';
import { changedShared, groupSiblings, sharedValuesFor } from './translations';
import { listQuery } from './listQuery';
import { knownFields, presenter, unreadableFields } from './present';
import { secretContext, secretFields } from './secrets';
import {
  checkReferences,
  checkRules,
  checkUnique,
  declaredDefaults,
  dropHidden,
  normalizeWrite,
  parseWrite,
  referencesTo,
  refuseForbiddenChanges,
  selfView,
  type WriteMode,
} from './validate';

type Row = Record<string, unknown>;

/** Work after a write that cannot be undone (a mail): it runs once the write is stored. */
export type AfterCommit = () => void;

/**
 * What the API adds to a declared resource's writes that needs the server's own powers (mail,
 * reset links): declarations are shared with the dashboard and stay free of them. Runs inside
 * the write's transaction after the declared hooks; a throw undoes the whole write.
 */
export interface ServerHooks<R extends Resource = Resource> {
  afterChange?: (
    args: Omit<WriteHookArgs, 'store'> & { record: Stored<R>; store: TypedWriter },
  ) => Promise<AfterCommit | void>;
  /**
   * The runs of declared actions that need the server (secrets, a provider's token endpoint):
   * the declaration names the action, its input and who may run it; the run is here. Runs in
   * the action's transaction and answers what the caller gets, already presented. Named as the
   * declaration names them (TypeScript refuses another name).
   */
  actions?: { readonly [K in ActionName<R>]?: ServerAction<R> };
  /**
   * Other shapes a record is served in: `GET /<name>/:id?format=<key>` answers the record (as
   * the caller may read it) in that shape, e.g. a form as Form.io component JSON.
   */
  formats?: Readonly<Record<string, (record: Readonly<Record<string, unknown>>) => unknown>>;
}

/** A stored record of a declaration, typed from it. */
type Stored<R extends Resource> = RecordOf<R> & StoredRecord;

/** An action's arguments on the server: its record and its transaction's reads typed. */
export type ServerActionArgs<R extends Resource = Resource> = Omit<
  ActionArgs<unknown>,
  'store' | 'record'
> & { record?: Stored<R>; store: TypedWriter };

export type ServerAction<R extends Resource = Resource> = (
  args: ServerActionArgs<R>,
) => Promise<{ answer: unknown; afterCommit?: AfterCommit }>;

/** Server hooks bound to the declaration they serve (the object, not its name). */
export interface ServerSide {
  resource: Resource;
  hooks: ServerHooks;
}

/** Binds the API's hooks and action runs to a declaration (see ServerFeature's `serverSide`). */
export const serverSide = <R extends Resource>(resource: R, hooks: ServerHooks<R>): ServerSide => ({
  resource,
  hooks: hooks as ServerHooks,
});

/**
 * The server sides of the features, by declaration. Refuses, at startup, two for one declaration
 * and a run for an action the declaration does not declare or already runs itself.
 */
export function bindServerSides(sides: readonly ServerSide[]): ReadonlyMap<Resource, ServerHooks> {
  const bound = new Map<Resource, ServerHooks>();
  for (const { resource, hooks } of sides) {
    if (bound.has(resource)) {
      throw new Error(`Two server sides for the resource "${resource.name}": merge them into one`);
    }
    for (const name of Object.keys(hooks.actions ?? {})) {
      const declared = resource.actions[name];
      if (!declared)
        throw new Error(`${resource.name}: a server run for the undeclared action "${name}"`);
      if (declared.run)
        throw new Error(`${resource.name}: the action "${name}" runs in its declaration`);
    }
    bound.set(resource, hooks);
  }
  return bound;
}

/** The body of `POST /<name>/bulk/<action>`: the records, and the action's input for all. */
export const bulkBody = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'ids must be a list of record ids' })
    .min(1, { error: 'Choose at least one record' })
    .max(MAX_BULK_IDS, { error: `At most ${MAX_BULK_IDS} records at once` }),
  input: z.optional(z.record(z.string(), z.unknown())),
});

/** One record's outcome in a bulk run: done, or the error it alone would have answered. */
export type BulkResult = { id: number; ok: true } | { id: number; ok: false; error: ApiErrorBody };

export interface BulkAnswer {
  done: number;
  failed: number;
  results: BulkResult[];
}

/**
 * A bulk run's records (`POST /<name>/bulk/<action>`'s body, at most MAX_PAGE_SIZE), each run
 * in turn — each sees what the previous ones stored — and answered with its own result, or the
 * error it alone would have answered.
 */
export async function runInTurn(
  what: string,
  ids: readonly number[],
  run: (id: number) => Promise<unknown>,
): Promise<BulkAnswer> {
  const results: BulkResult[] = [];
  for (const id of new Set(ids)) {
    try {
      await run(id);
      results.push({ id, ok: true });
    } catch (error) {
      const failure = answerFor(error) ?? new HttpError(500, 'Internal server error');
      if (failure.statusCode >= 500) console.error(`Bulk ${what} failed on record ${id}:`, error);
      results.push({ id, ok: false, error: errorBody(failure) });
    }
  }
  const done = results.filter((result) => result.ok).length;
  return { done, failed: results.length - done, results };
}

/** How an update is made: as a declared action's changes, or by the record's own account. */
interface Writing {
  action?: string;
  self?: boolean;
  /** What its audit entry calls it, when not an update (an email change confirmed apart). */
  event?: AuditAction;
}

/** A change of one's own record (see ResourceService.updateSelf). */
export interface SelfWrite {
  ifMatch?: number;
  /** Refuses, inside the write's transaction and before its version check (a session ended). */
  still?: (current: StoredRecord) => void;
  /**
   * The declared fields this write may change when not the `self` ones: a route that confirmed
   * the change itself (the email, once the password is checked).
   */
  fields?: readonly string[];
  event?: AuditAction;
}

/** What the engine needs from the app. */
export interface EngineContext {
  store: Store;
  resources: readonly Resource[];
  translator: Translator;
  secrets: SecretBox;
  now: () => number;
  /** The API's hooks, by the declaration they serve (e.g. the invitation mail of a new hotel). */
  serverHooks?: ReadonlyMap<Resource, ServerHooks>;
  /** Writes the audit entry of each write, in the write's transaction. */
  audit?: AuditLog;
}

const notFound = () => new HttpError(404, 'Not found');

/** Parses a path id; anything but a positive integer is a record that does not exist. */
export function recordId(raw: string | undefined): number {
  if (raw === undefined || !/^[1-9]\d{0,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** The next position in the record's own list: the same owner and, when localized, language. */
export async function nextPosition(store: TypedReader, resource: Resource, record: Row) {
  const where: Record<string, string | number> = {};
  if (resource.owned) where[OWNER_FIELD] = record[OWNER_FIELD] as number;
  if (resource.localized) where.locale = record.locale as string;
  const [last] = await store.find(resource.name, where, {
    sort: [{ field: 'position', order: 'desc' }],
    limit: 1,
  });
  return Number(last?.position ?? 0) + 1;
}

/**
 * The pipeline of one declared resource (DESIGN §7): authenticate (done by the route) → access
 * (one tenancy filter) → validate (the declaration's zod schema) → hooks → store → present.
 * Transport-free, so routes, declared actions and features' public routes all go through it.
 */
export class ResourceService {
  constructor(
    readonly resource: Resource,
    private readonly ctx: EngineContext,
  ) {}

  private get store() {
    return this.ctx.store;
  }

  present(actor: Actor, record: Row): Row {
    return presenter(this.resource, actor)(record);
  }

  /** Children declared with `parent.count` on this resource: the count field each one fills. */
  private get counted() {
    return this.ctx.resources.flatMap((child) =>
      child.parent?.resource === this.resource.name && child.parent.count
        ? [{ child: child.name, field: child.parent.field, count: child.parent.count }]
        : [],
    );
  }

  /** Records as they leave the server, with their children counted (`parent.count`). */
  private async presentAll(actor: Actor, records: Row[]): Promise<Row[]> {
    const shown = records.map(presenter(this.resource, actor));
    for (const { child, field, count } of this.counted) {
      if (!(count in this.resource.fields) || shown.length === 0) continue;
      const ids = shown.map((row) => row.id as number);
      const tally = await this.store.countBy(child, field, { [field]: { in: ids } });
      for (const row of shown) row[count] = tally.get(row.id) ?? 0;
    }
    return shown;
  }

  private async presentOne(actor: Actor, record: Row): Promise<Row> {
    return (await this.presentAll(actor, [record]))[0]!;
  }

  /** What the actor may read of this resource (throws 401/403 when nothing). */
  readScope(actor: Actor): Where | true {
    return authorize(this.resource, 'read', actor);
  }

  /** The record by id within a filter answer, or 404 — another tenant's record included. */
  async find(id: number, scope: Where | true): Promise<StoredRecord> {
    const record = await this.store.get(this.resource.name, id);
    if (!record || !matchesWhere(record, scope)) throw notFound();
    return record;
  }

  /**
   * What `q` searches: the declared fields the actor may read, never a secret (nor the record's
   * id, owner or timestamps). The same list on every store.
   */
  private searchFields(actor: Actor): string[] {
    const hidden = unreadableFields(this.resource, actor);
    return Object.entries(this.resource.fields)
      .filter(([name, field]) => !hidden.has(name) && !('secret' in field && field.secret))
      .map(([name]) => name);
  }

  private listOptions(actor: Actor) {
    return { knownFields: knownFields(this.resource), search: this.searchFields(actor) };
  }

  /** A json-server list query within the actor's scope (`extra` narrows it, e.g. a parent). */
  async list(actor: Actor, raw: Record<string, unknown>, extra: Where = {}) {
    const scope = authorize(this.resource, 'read', actor);
    const where = scope === true ? extra : { ...extra, ...scope };
    const query = listQuery(this.resource, actor, raw, scope, { paged: true });
    const result = await this.store.list(this.resource.name, query, where, this.listOptions(actor));
    return { ...result, rows: await this.presentAll(actor, result.rows) } as QueryResult<Row>;
  }

  /** The count and the declared sums of what a list query selects (paging aside). */
  async summary(actor: Actor, raw: Record<string, unknown>) {
    const scope = authorize(this.resource, 'read', actor);
    const summary = this.resource.summary;
    const query = listQuery(this.resource, actor, raw, scope, { paged: false });
    return this.store.totals(this.resource.name, query, scope, {
      ...this.listOptions(actor),
      sum: summary?.sum ?? [],
      sumExcept: summary?.sumExcept,
    });
  }

  async get(actor: Actor, id: number): Promise<Row> {
    const scope = authorize(this.resource, 'read', actor);
    return this.presentOne(actor, await this.find(id, scope));
  }

  /** A record in one of the shapes the server declares for it (ServerHooks.formats), or 400. */
  async getAs(actor: Actor, id: number, format: unknown): Promise<unknown> {
    const formats = this.ctx.serverHooks?.get(this.resource)?.formats ?? {};
    // Own keys only: `__proto__`, `toString` or `constructor` name no format.
    const shape =
      typeof format === 'string' && Object.hasOwn(formats, format) ? formats[format] : undefined;
    if (!shape) throw new HttpError(400, `Unknown format "${String(format)}"`);
    return shape(await this.get(actor, id));
  }

  /** Seals secret fields before they are stored; an emptied secret is cleared. */
  private seal(data: Row): void {
    for (const name of secretFields(this.resource)) {
      if (!(name in data)) continue;
      const value = data[name];
      data[name] =
        typeof value === 'string' && value !== ''
          ? this.ctx.secrets.seal(value, secretContext(this.resource, name))
          : '';
    }
  }

  /**
   * Runs the declared hooks and the engine's checks on a record about to be stored, inside the
   * write's transaction: what they read cannot change before the write (the last place in a
   * timeslot goes to one guest only).
   */
  private async check(args: WriteHookArgs): Promise<void> {
    const { hooks } = this.resource;
    await hooks?.beforeValidate?.(args);
    checkRules(this.resource, args.data);
    await checkReferences(this.resource, args.store, args.data, {
      registry: this.ctx.resources,
      actor: args.actor,
    });
    await checkUnique(this.resource, args.store, args.data, args.existing?.id);
    await hooks?.beforeChange?.(args);
  }

  /** Creates a record; `fixed` are values the route decides (a parent's id, a singleton's owner). */
  async create(actor: Actor, body: unknown, fixed: Row = {}): Promise<Row> {
    return this.presentOne(
      actor,
      await this.insert(actor, await this.toCreate(actor, body, fixed)),
    );
  }

  /**
   * The same create inside a caller's transaction (an action that makes several records, all or
   * none): answers the record as presented, and the work to run once that transaction commits.
   */
  async createIn(
    tx: TypedWriter,
    actor: Actor,
    body: unknown,
    fixed: Row = {},
  ): Promise<{ record: Row; after?: AfterCommit }> {
    const data = await this.toCreate(actor, body, fixed, tx);
    if (this.resource.localized) data.groupId = randomUUID();
    const { stored, after } = await this.insertWith(tx, actor, data, this.ctx.now());
    return { record: await this.presentOne(actor, stored), after: after ?? undefined };
  }

  /** A create's access, parse and owner: the record to insert, or the refusal. */
  private async toCreate(
    actor: Actor,
    body: unknown,
    fixed: Row,
    reader: TypedReader = this.store,
  ): Promise<Row> {
    const resource = this.resource;
    const scope = authorize(resource, 'create', actor);
    const sent =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? { ...body, ...fixed }
        : body;
    // A field the actor may not set may be sent as its default, never as anything else (403).
    refuseForbiddenChanges(resource, actor, declaredDefaults(resource), body);
    const parsed = await normalizeWrite(resource, parseWrite(resource, actor, 'create', sent));
    const data = dropHidden(resource, this.withDefaults({ ...parsed, ...fixed }));
    // A child belongs to its parent's owner, whichever route created it.
    if (resource.parent && resource.owned && fixed[OWNER_FIELD] === undefined) {
      const parentId = Number(data[resource.parent.field]);
      const parent = this.ctx.resources.find((other) => other.name === resource.parent!.resource);
      const found = parent && (await reader.get(parent.name, parentId));
      if (!parent || !found || !matchesWhere(found, authorize(parent, 'read', actor))) {
        throw invalidFields(resource.name, {
          [resource.parent.field]: [message('validation.referenceMissing')],
        });
      }
      data[OWNER_FIELD] = found[OWNER_FIELD];
    }
    // A personal record is its maker's, whoever that is (an administrator too).
    if (resource.personal && actor) data[OWNER_FIELD] = actor.id;
    if (resource.owned && data[OWNER_FIELD] === undefined) {
      if (!actor || isAdministrator(actor))
        throw invalidFields(resource.name, { ownerId: [message('validation.required')] });
      data[OWNER_FIELD] = actor.id;
    }
    // A filter answer says which records the actor may create (an operator: their own).
    if (!matchesWhere(data, scope)) throw new HttpError(403, 'You are not allowed to do this');
    return data;
  }

  /** What the client left out takes the declared default, as the dashboard's form would. */
  private withDefaults(data: Row): Row {
    for (const [name, field] of writableFields(this.resource)) {
      if (data[name] === undefined && field.default !== undefined) data[name] = field.default;
    }
    return data;
  }

  /**
   * Creates a record for a hotel a route has established itself (a guest app addressed by the
   * hotel's slug): only `fields` are read from the body, `fixed` values are the route's; the
   * validation, defaults, hooks, references and the transaction are the pipeline's.
   */
  async createFor(
    ownerId: number,
    body: unknown,
    options: { fields: readonly string[]; fixed?: Row },
  ): Promise<StoredRecord> {
    const parsed = parseWrite(this.resource, null, 'create', body, undefined, {
      only: options.fields,
    });
    const data = this.withDefaults({
      ...(await normalizeWrite(this.resource, parsed)),
      ...options.fixed,
      [OWNER_FIELD]: ownerId,
    });
    return this.insert(null, data);
  }

  /** Checks and stores a new record in one transaction. */
  private async insert(actor: Actor, input: Row): Promise<StoredRecord> {
    const resource = this.resource;
    if (resource.localized) input.groupId = randomUUID();
    const now = this.ctx.now();
    const { stored, after } = await this.store.transaction((tx) =>
      this.insertWith(tx, actor, input, now),
    );
    after?.();
    return stored;
  }

  /** The insert's work inside a transaction: checks, hooks, the record and its audit entry. */
  private async insertWith(tx: TypedWriter, actor: Actor, input: Row, now: number) {
    const resource = this.resource;
    // A fresh copy each time the store runs the work (again, after a conflict): sealing and
    // hooks change it.
    const data = structuredClone(input);
    if (resource.orderable) data.position = await nextPosition(tx, resource, data);
    await this.check({ operation: 'create', actor, data, store: tx, now });
    this.seal(data);
    if (resource.timestamps) data.createdAt = data.updatedAt = new Date(now).toISOString();
    data[VERSION_FIELD] = 1;
    // The hooks still see the transient answers (a new hotel's branding); the record does not.
    const record = await tx.insert(resource.name, storedFields(resource, data));
    const args = { operation: 'create' as const, actor, data, record, store: tx, now };
    await resource.hooks?.afterChange?.(args);
    const after = await this.serverAfterChange(args);
    await this.audited(tx, actor, 'create', record);
    return { stored: record, after };
  }

  /**
   * The record as the write's transaction sees it; refuses a write whose writer had an older
   * version of it (`If-Match`, {@link refuseStale}). Inside the write's transaction, so no write
   * can slip in between the check and the write.
   */
  private async refuseStale(
    tx: TypedReader,
    id: number,
    asked: number | undefined,
    still?: (current: StoredRecord) => void,
  ): Promise<StoredRecord> {
    const current = await tx.get(this.resource.name, id);
    if (!current) throw notFound();
    still?.(current);
    await refuseStale(tx, this.resource.name, current, asked, Boolean(this.ctx.audit?.enabled));
    return current;
  }

  /**
   * After an action's run: one more version for its record if the run changed it, set on the
   * run's answer too when that answer is the record (a refund answers the refunded sale).
   */
  private async nextVersion(
    tx: TypedWriter,
    before: StoredRecord | undefined,
    answer: unknown,
  ): Promise<void> {
    if (!before) return;
    const after = await tx.get(this.resource.name, before.id);
    if (!after || isDeepStrictEqual(after, before)) return;
    const version = versionOf(before) + 1;
    await tx.update(this.resource.name, before.id, { [VERSION_FIELD]: version });
    if (typeof answer === 'object' && answer !== null && (answer as Row).id === before.id) {
      (answer as Row)[VERSION_FIELD] = version;
    }
  }

  /** The audit entry of one write, in the write's own transaction (issue 28). */
  private async audited(
    tx: TypedWriter,
    actor: Actor,
    action: 'create' | 'update' | 'delete' | AuditAction,
    record: Row & { id: number },
    changes?: AuditChange[],
    name?: string,
  ): Promise<void> {
    const { audit, resources } = this.ctx;
    if (!audit?.enabled) return;
    await audit.write(tx, {
      action,
      name,
      actor,
      resource: this.resource.name,
      recordId: record.id,
      recordLabel: await labelOf(tx, resources, this.resource, record),
      hotelId: hotelOf(this.resource, record),
      changes,
      version: action === 'delete' ? undefined : versionOf(record),
    });
  }

  /** The audit entry of a run of a declared action, in its transaction. */
  async auditAction(
    tx: TypedWriter,
    actor: Actor,
    name: string,
    input: unknown,
    record?: StoredRecord,
    detail?: string,
    details?: ActionDetails,
  ): Promise<void> {
    const { audit, resources } = this.ctx;
    if (!audit?.enabled) return;
    await audit.write(tx, {
      action: 'action',
      actor,
      name,
      resource: this.resource.name,
      recordId: record?.id ?? null,
      recordLabel: record ? await labelOf(tx, resources, this.resource, record) : '',
      hotelId: actionHotel(this.resource, record, input, actor),
      detail,
      details,
      // The record as the run left it (a refund changed it in this same transaction).
      version: record ? versionOf(await tx.get(this.resource.name, record.id)) : undefined,
    });
  }

  /** The API's own hook for this resource, inside the transaction; its after-commit work. */
  private serverAfterChange(
    args: Parameters<NonNullable<ServerHooks['afterChange']>>[0],
  ): Promise<AfterCommit | void> | undefined {
    return this.ctx.serverHooks?.get(this.resource)?.afterChange?.(args);
  }

  /**
   * `via`: the declared action this update is (its changes), named in the audit entry; its
   * access decided who may run it, so the resource's update rule is not asked again.
   */
  async update(
    actor: Actor,
    id: number,
    body: unknown,
    mode: WriteMode,
    via?: { action: string; scope: Where | true },
    /** The version the writer had (If-Match): 412 when the record changed since. */
    ifMatch?: number,
  ): Promise<Row> {
    const scope = via?.scope ?? authorize(this.resource, 'update', actor);
    const existing = await this.find(id, scope);
    return this.edit(actor, existing, body, mode, { action: via?.action, ifMatch });
  }

  /**
   * A record's own account changing itself (`PATCH /users/me`): only the declaration's `self`
   * fields, as `self` restates them (a change of any other is a 403), into its own upload folder
   * too; otherwise the update's pipeline, its hooks told `self`. The route has established whose
   * record `id` is.
   */
  async updateSelf(actor: Actor, id: number, body: unknown, options: SelfWrite = {}): Promise<Row> {
    const existing = await this.store.get(this.resource.name, id);
    if (!existing) throw notFound();
    return this.edit(actor, existing, body, 'patch', { ...options, self: true });
  }

  private async edit(
    actor: Actor,
    existing: StoredRecord,
    body: unknown,
    mode: WriteMode,
    how: Writing & SelfWrite,
  ): Promise<Row> {
    const resource = this.resource;
    const id = existing.id;
    const own = how.self ? selfView(resource, how.fields) : undefined;
    refuseForbiddenChanges(own?.view ?? resource, actor, existing, body, own?.only);
    const changes = await normalizeWrite(
      resource,
      parseWrite(own?.view ?? resource, actor, mode, body, existing, {
        only: own?.only,
        folders: own ? [String(id)] : [],
      }),
    );
    const merged: Row = dropHidden(resource, { ...existing, ...changes, id });
    // The owner of a record never changes through the API; its references (the parent too) are
    // judged by their new values in check(), as on create.
    if (resource.owned) merged[OWNER_FIELD] = existing[OWNER_FIELD];
    // A person saving a record is what makes a machine-copied text a translation.
    if (resource.localized) delete merged.needsTranslation;
    const now = this.ctx.now();
    const { record, after } = await this.store.transaction(async (tx) => {
      const current = await this.refuseStale(tx, id, how.ifMatch, how.still);
      // Fresh copies each time the store runs the work (again, after a conflict).
      const data = structuredClone(merged);
      const sealed = structuredClone(changes);
      const written = await this.write(tx, actor, existing, current, data, now, how, () => {
        // Only the sealed secrets replace what was checked: every other value is stored exactly
        // as the checks and hooks saw it (a reference re-pointed after its check was a
        // cross-hotel write).
        this.seal(sealed);
        for (const name of secretFields(resource)) if (name in sealed) data[name] = sealed[name];
      });
      if (!written) return { record: (await tx.get(resource.name, id)) ?? existing, after: [] };
      const others = await this.shareWithGroup(tx, actor, existing, written.record, now, how);
      return { record: written.record, after: [written.after, ...others] };
    });
    for (const work of after) work?.();
    return this.presentOne(actor, record);
  }

  /**
   * Stores an update whose data is merged and about to be checked: the checks and hooks, only
   * what changed, the timestamp, the next version, the audit entry. Undefined when the write
   * changes nothing (nothing is stored, stamped or recorded).
   */
  private async write(
    tx: TypedWriter,
    actor: Actor,
    existing: StoredRecord,
    current: StoredRecord,
    data: Row,
    now: number,
    how: Writing,
    /** Between the checks and the write (sealing the secrets the body sent). */
    afterCheck?: () => void,
  ): Promise<{ record: StoredRecord; after: AfterCommit | void } | undefined> {
    const resource = this.resource;
    const id = existing.id;
    const self = how.self;
    await this.check({ operation: 'update', actor, data, existing, store: tx, now, self });
    afterCheck?.();
    // Only what this write changes: a field another request changed meanwhile keeps its value.
    // Equal values are equal whatever their keys' order (PostgreSQL's jsonb sorts them).
    const patch: Row = {};
    for (const [name, value] of Object.entries(data)) {
      if (!isDeepStrictEqual(value, existing[name])) patch[name] = value;
    }
    // What the record no longer has (a hidden field) is removed from the stored one.
    for (const name of Object.keys(existing)) if (!(name in data)) patch[name] = undefined;
    if (Object.keys(patch).length === 0) return undefined;
    if (resource.timestamps) patch.updatedAt = data.updatedAt = new Date(now).toISOString();
    // One more version with each write that changes the record (If-Match compares it).
    patch[VERSION_FIELD] = data[VERSION_FIELD] = versionOf(current) + 1;
    const stored = await tx.update(resource.name, id, patch);
    const args = {
      operation: 'update' as const,
      actor,
      data,
      existing,
      record: stored,
      store: tx,
      now,
      self,
    };
    await resource.hooks?.afterChange?.(args);
    const after = await this.serverAfterChange(args);
    const changed = changesOf(resource, existing, stored);
    await this.audited(tx, actor, how.event ?? 'update', stored, changed, how.action);
    return { record: stored, after };
  }

  /**
   * The write's shared fields (`shared: true`) reach the other languages of its translation
   * group in the same transaction, each record through the same checks, hooks, version and audit
   * entry as an edit of it (so its open edit gets a 412 naming the field, and the live events
   * announce it). A reference takes, in each language, that language's version of its item.
   */
  private async shareWithGroup(
    tx: TypedWriter,
    actor: Actor,
    before: StoredRecord,
    stored: StoredRecord,
    now: number,
    how: Writing,
  ): Promise<(AfterCommit | void)[]> {
    const names = changedShared(this.resource, before, stored);
    if (names.length === 0) return [];
    const siblings = await groupSiblings(tx, this.resource, stored);
    const values = await sharedValuesFor(
      tx,
      this.ctx.resources,
      this.resource,
      stored,
      names,
      siblings,
    );
    const after: (AfterCommit | void)[] = [];
    for (const sibling of siblings) {
      const data = dropHidden(this.resource, { ...sibling, ...values.get(sibling.id) });
      const written = await this.write(tx, actor, sibling, sibling, data, now, how);
      if (written) after.push(written.after);
    }
    return after;
  }

  async remove(actor: Actor, id: number, ifMatch?: number): Promise<void> {
    const resource = this.resource;
    const scope = authorize(resource, 'delete', actor);
    const existing = await this.find(id, scope);
    await this.store.transaction(async (tx) => {
      await this.refuseStale(tx, id, ifMatch);
      await resource.hooks?.beforeDelete?.({ actor, existing, store: tx });
      // References to this record are handled on purpose, never by a blanket cascade.
      const pointing = await Promise.all(
        referencesTo(this.ctx.resources, resource).map(async (ref) => ({
          ...ref,
          rows: await tx.find(ref.from.name, { [ref.name]: existing.id }),
        })),
      );
      const blocking = pointing.find((ref) => ref.field.onDelete !== 'setNull' && ref.rows.length);
      if (blocking) {
        const { singular } = resourceNames(resource.name);
        const { plural } = resourceNames(blocking.from.name);
        throw new HttpError(
          409,
          `This ${singular.toLowerCase()} is still used by ${blocking.rows.length} ${plural.toLowerCase()}. Change or delete those first.`,
        );
      }
      for (const ref of pointing) {
        for (const row of ref.rows) await tx.update(ref.from.name, row.id, { [ref.name]: null });
      }
      await this.audited(tx, actor, 'delete', existing);
      await tx.remove(resource.name, id);
    });
  }

  /** The one record of a `singleton: 'perOwner'` resource, created from the defaults if missing. */
  async singleton(actor: Actor, ownerParam: unknown): Promise<StoredRecord> {
    const resource = this.resource;
    authorize(resource, 'read', actor);
    const ownerId = isAdministrator(actor) ? Number(ownerParam) : actor?.id;
    if (!ownerId || !Number.isInteger(ownerId)) {
      throw new HttpError(422, 'Validation failed', {
        ownerId: [message('apiErrors.chooseHotel')],
      });
    }
    const [found] = await this.store.find(resource.name, { [OWNER_FIELD]: ownerId });
    if (found) return found;
    const data: Row = { ...defaultValues(resource), [OWNER_FIELD]: ownerId };
    for (const [name, value] of Object.entries(data)) if (value === null) delete data[name];
    const now = this.ctx.now();
    if (resource.timestamps) data.createdAt = data.updatedAt = new Date(now).toISOString();
    return this.store.transaction(async (tx) => {
      await checkReferences(resource, tx, data, { registry: this.ctx.resources, actor });
      // Another request may have created it meanwhile; transactions run one at a time.
      const [raced] = await tx.find(resource.name, { [OWNER_FIELD]: ownerId });
      if (raced) return raced;
      const created = await tx.insert(resource.name, data);
      // Made on first read, it is a create like any other: the log says who caused it.
      await this.audited(tx, actor, 'create', created);
      return created;
    });
  }

  /** Whether the action has a run: the declaration's own, its changes or the server's. */
  runs(name: string): boolean {
    const declared = this.resource.actions[name];
    return Boolean(declared?.run ?? declared?.changes ?? this.serverAction(name));
  }

  private serverAction(name: string): ServerAction | undefined {
    return this.ctx.serverHooks?.get(this.resource)?.actions?.[name];
  }

  /** Runs a declared action (its access, its input schema, one transaction). */
  async action(
    actor: Actor,
    name: string,
    body: unknown,
    id?: number,
    ifMatch?: number,
  ): Promise<unknown> {
    const declared = this.resource.actions[name];
    if (!declared || !this.runs(name)) throw notFound();
    const scope = authorizeWith(declared.access ?? this.resource.access.update, 'update', actor);
    const input = parseBody(await declared.input(), body);
    return this.runAction(actor, name, input, scope, id, ifMatch);
  }

  /**
   * A bulk run of a record action (`bulk: true`): once per record, each in its own transaction,
   * so a record that fails rolls back only its own run. Access and the input are checked once
   * for all (401/403/422 for the whole call); each record then answers its result, or its error
   * as the API would have answered it alone.
   */
  async bulk(actor: Actor, name: string, body: unknown): Promise<BulkAnswer> {
    const declared = this.resource.actions[name];
    if (!declared?.bulk || declared.on !== 'record' || !this.runs(name)) throw notFound();
    const scope = authorizeWith(declared.access ?? this.resource.access.update, 'update', actor);
    const { ids, input: raw } = parseBody(bulkBody, body);
    const input = parseBody(await declared.input(), raw ?? {});
    return runInTurn(`${this.resource.name}/${name}`, ids, (id) =>
      this.runAction(actor, name, input, scope, id),
    );
  }

  private async runAction(
    actor: Actor,
    name: string,
    input: unknown,
    scope: Where | true,
    id?: number,
    ifMatch?: number,
  ): Promise<unknown> {
    const declared = this.resource.actions[name]!;
    if (declared.changes && id !== undefined) {
      // An edit by another name: the update pipeline, its audit entry naming the action.
      const existing = await this.find(id, scope);
      const changes = declared.changes(input, existing);
      return this.update(actor, id, changes, 'patch', { action: name, scope }, ifMatch);
    }
    const record = id === undefined ? undefined : await this.find(id, scope);
    // What the run says it did, for its audit entry (set afresh in each transaction's attempt).
    let details: ActionDetails | undefined;
    const args = (tx: TypedWriter): ServerActionArgs => {
      details = undefined;
      return {
        actor,
        input,
        record,
        store: tx,
        now: this.ctx.now(),
        note: (said) => {
          details = { ...details, ...said };
        },
      };
    };
    const serverRun = this.serverAction(name);
    if (serverRun) {
      const { answer, afterCommit } = await this.store.transaction(async (tx) => {
        const before = record && (await this.refuseStale(tx, record.id, ifMatch));
        const done = await serverRun(args(tx));
        await this.nextVersion(tx, before, done.answer);
        await this.auditAction(tx, actor, name, input, record, undefined, details);
        return done;
      });
      afterCommit?.();
      return answer;
    }
    const run = declared.run!;
    const result = await this.store.transaction(async (tx) => {
      const before = record && (await this.refuseStale(tx, record.id, ifMatch));
      const done = await run(args(tx));
      await this.nextVersion(tx, before, done);
      await this.auditAction(tx, actor, name, input, record, undefined, details);
      return done;
    });
    const isOwnRecord =
      typeof result === 'object' && result !== null && (result as Row).id === record?.id;
    return isOwnRecord ? this.present(actor, result as Row) : result;
  }
}

/**
 * Refuses a write whose writer had an older version of `current` (`If-Match`): `412`, saying who
 * changed it since, when, and which fields (from the audit entries of the writes since). Call it
 * inside the write's transaction. Shared by the engine and the routes of its own (PATCH /users/me).
 */
export async function refuseStale(
  tx: TypedReader,
  resource: string,
  current: StoredRecord,
  asked: number | undefined,
  audited: boolean,
): Promise<void> {
  const version = versionOf(current);
  if (asked === undefined || version === asked) return;
  const since = audited
    ? await tx.find(
        AUDIT,
        { resource, recordId: current.id, recordVersion: { gt: asked } },
        { sort: [{ field: 'at', order: 'asc' }] },
      )
    : [];
  const last = since.at(-1);
  const fields = [
    ...new Set(
      since.flatMap((entry) => ((entry.changes ?? []) as AuditChange[]).map((c) => c.field)),
    ),
  ];
  const changedAt = (last?.at as string | undefined) ?? (current.updatedAt as string) ?? null;
  const by = last ? String(last.actorName ?? '') : '';
  const conflict: VersionConflict = {
    version,
    changedBy: last ? { id: (last.actorId as number | null) ?? null, name: by } : null,
    changedAt,
    fields,
  };
  const values = { resource, ...(changedAt && { at: changedAt }) };
  const text =
    by && changedAt
      ? message('apiErrors.changedMeanwhileBy', { ...values, by })
      : message('apiErrors.changedMeanwhile', values);
  throw new HttpError(412, text, undefined, { ETag: etagOf(version) }, conflict);
}
