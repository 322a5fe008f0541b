import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { resources } from '../../src/resources';
import type { Field, ReferenceField } from '../../src/schema/fields';
import { mayWriteField } from '../../src/schema/forms';
import { message } from '../../src/schema/messages';
import {
  can,
  isAdministrator,
  type Action,
  type ResourceDeclaration,
} from '../../src/schema/resource';
import { brokenRules, fieldSchema, writableFields } from '../../src/schema/validation';
import { currentUser } from '../auth/session';
import type { AppContext } from '../context';
import { asyncHandler, HttpError } from '../http/errors';
import { englishMessage, fieldLabel, resourceNames } from '../http/messages';
import { presenterOf } from '../resources/present';
import { resourceGuards } from '../resources/guards';
import type { StoredUser } from '../store/types';

type Row = Record<string, unknown> & { id: number };

const OWNER = 'ownerId';

/** The next position in the record's own list: the same owner and, when localized, language. */
export function nextPosition(rows: Row[], record: Record<string, unknown>): number {
  const siblings = rows.filter(
    (row) => row[OWNER] === record[OWNER] && row.locale === record.locale,
  );
  return siblings.reduce((max, row) => Math.max(max, Number(row.position ?? 0)), 0) + 1;
}

/** The body schema for an actor: only fields they may write; admins name the owner on create. */
function bodySchema(
  resource: ResourceDeclaration,
  actor: StoredUser,
  mode: 'create' | 'replace' | 'patch',
) {
  const shape: Record<string, z.ZodType> = Object.fromEntries(
    writableFields(resource)
      .filter(([, field]) => mayWriteField(field, actor))
      .map(([name, field]) => [name, fieldSchema(field)]),
  );
  if (resource.owned && isAdministrator(actor) && mode === 'create') {
    shape[OWNER] = z
      .number({ error: message('validation.required') })
      .int()
      .positive(message('validation.required'));
  }
  const object = z.object(shape);
  return mode === 'patch' ? object.partial() : object;
}

/** Validates a body; field errors become 422 in English, unknown fields are dropped. */
function validate(
  resource: ResourceDeclaration,
  actor: StoredUser,
  mode: 'create' | 'replace' | 'patch',
  body: unknown,
): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  const result = bodySchema(resource, actor, mode).safeParse(body);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'body');
    (errors[field] ??= []).push(englishMessage(issue.message, resource.name, field));
  }
  throw new HttpError(422, 'Validation failed', errors);
}

/**
 * A field the actor may not write (`writableBy`) may be sent back unchanged, as in a whole record
 * on PUT, but an attempt to change it is refused (403) rather than silently ignored.
 */
function refuseForbiddenChanges(
  resource: ResourceDeclaration,
  actor: StoredUser,
  existing: Row,
  body: unknown,
): void {
  if (typeof body !== 'object' || body === null) return;
  for (const [name, field] of writableFields(resource)) {
    if (mayWriteField(field, actor) || !Object.hasOwn(body, name)) continue;
    if (isDeepStrictEqual((body as Record<string, unknown>)[name], existing[name])) continue;
    const who = field.writableBy === 'superAdmin' ? 'a super administrator' : 'an administrator';
    throw new HttpError(
      403,
      `Only ${who} can change the ${fieldLabel(resource.name, name).toLowerCase()}`,
    );
  }
}

/** The declared resource's route handlers; all rules come from the declaration. */
function handlers(resource: ResourceDeclaration, { store, now }: AppContext) {
  const rows = () => (store.records(resource.name) ?? []) as Row[];
  const present = presenterOf(resource);
  const guard = resourceGuards[resource.name];

  const authorize = (res: Response, action: Action): StoredUser => {
    const actor = currentUser(res);
    if (!can(resource, action, actor)) throw new HttpError(403, 'You are not allowed to do this');
    return actor;
  };

  /** The record by id, or 404 — also for another tenant's record, exactly as if it did not exist. */
  const find = (actor: StoredUser, id: string): Row => {
    const record = rows().find((row) => String(row.id) === id);
    if (!record || (resource.owned && !isAdministrator(actor) && record[OWNER] !== actor.id)) {
      throw new HttpError(404, 'Not found');
    }
    return record;
  };

  /** References must exist and, where declared, belong to the record's own tenant. */
  const checkReferences = (record: Record<string, unknown>) => {
    const errors: Record<string, string[]> = {};
    for (const [name, field] of Object.entries(resource.fields)) {
      if (field.kind !== 'reference' || record[name] === null || record[name] === undefined)
        continue;
      const target = (store.records(field.resource) ?? []).find((row) => row.id === record[name]);
      const wrongTenant = field.sameOwner && target && target[OWNER] !== record[OWNER];
      const mismatch = target && (field.match ?? []).some((key) => target[key] !== record[key]);
      const wrongKind =
        target &&
        Object.entries(field.where ?? {}).some(([key, value]) => String(target[key]) !== value);
      if (!target || wrongTenant || wrongKind || mismatch)
        errors[name] = [
          englishMessage(message('validation.referenceMissing'), resource.name, name),
        ];
    }
    if (resource.owned) {
      const owner = store.getUserById(Number(record[OWNER]));
      if (!owner || owner.role !== 'operator')
        errors[OWNER] = [englishMessage(message('validation.ownerInvalid'), resource.name, OWNER)];
    }
    if (Object.keys(errors).length) throw new HttpError(422, 'Validation failed', errors);
  };

  const checkUnique = (record: Record<string, unknown>, id?: number) => {
    for (const [name, field] of Object.entries(resource.fields) as [string, Field][]) {
      const value = record[name];
      if (!field.unique || typeof value !== 'string' || value === '') continue;
      const taken = rows().some(
        (row) => row.id !== id && String(row[name]).toLowerCase() === value.toLowerCase(),
      );
      if (taken)
        throw new HttpError(
          409,
          `${englishMessage(message('validation.taken'), resource.name, name)}`,
          { [name]: [englishMessage(message('validation.taken'), resource.name, name)] },
        );
    }
  };

  const stamp = () => new Date(now()).toISOString();

  const checkRules = (record: Record<string, unknown>) => {
    const broken = brokenRules(resource, record);
    if (Object.keys(broken).length === 0) return;
    const errors = Object.fromEntries(
      Object.entries(broken).map(([field, keys]) => [
        field,
        keys.map((key) => englishMessage(key, resource.name, field)),
      ]),
    );
    throw new HttpError(422, 'Validation failed', errors);
  };

  const create = (req: Request, res: Response) => {
    const actor = authorize(res, 'create');
    const data = validate(resource, actor, 'create', req.body);
    const record: Record<string, unknown> = { ...data };
    // What the client left out takes the declared default, as the dashboard's form would.
    for (const [name, field] of writableFields(resource)) {
      if (record[name] === undefined && field.default !== undefined) record[name] = field.default;
    }
    if (resource.owned) record[OWNER] = isAdministrator(actor) ? data[OWNER] : actor.id;
    if (resource.localized) record.groupId = randomUUID();
    if (resource.orderable) record.position = nextPosition(rows(), record);
    guard?.beforeWrite?.(actor, undefined, record, rows(), store);
    checkRules(record);
    checkReferences(record);
    checkUnique(record);
    if (resource.timestamps) record.createdAt = record.updatedAt = stamp();
    const id = rows().reduce((max, row) => Math.max(max, row.id), 0) + 1;
    const row = { ...record, id } as Row;
    rows().push(row);
    store.write();
    res.status(201).json(present(row));
  };

  const update = (mode: 'replace' | 'patch') => (req: Request, res: Response) => {
    const actor = authorize(res, 'edit');
    const existing = find(actor, req.params.id!);
    refuseForbiddenChanges(resource, actor, existing, req.body);
    const data = validate(resource, actor, mode, req.body);
    // The owner of a record never changes through the API.
    const next: Record<string, unknown> = { ...existing, ...data, id: existing.id };
    if (resource.owned) next[OWNER] = existing[OWNER];
    // A person saving a record is what makes a machine-copied text a translation.
    if (resource.localized) delete next.needsTranslation;
    guard?.beforeWrite?.(actor, existing, next, rows(), store);
    checkRules(next);
    checkReferences(next);
    checkUnique(next, existing.id);
    if (resource.timestamps) next.updatedAt = stamp();
    if (resource.localized) delete existing.needsTranslation;
    Object.assign(existing, next);
    store.write();
    res.json(present(existing));
  };

  const remove = (req: Request, res: Response) => {
    const actor = authorize(res, 'delete');
    const existing = find(actor, req.params.id!);
    guard?.beforeDelete?.(actor, existing);
    // References to this record are handled on purpose, never by a blanket cascade.
    const pointing = resources.flatMap((other) =>
      (Object.entries(other.fields) as [string, Field][])
        .filter(
          (entry): entry is [string, ReferenceField] =>
            entry[1].kind === 'reference' && entry[1].resource === resource.name,
        )
        .map(([name, field]) => ({
          other,
          name,
          field,
          rows: ((store.records(other.name) ?? []) as Row[]).filter(
            (row) => row[name] === existing.id,
          ),
        })),
    );
    const blocking = pointing.find(
      (ref) => ref.field.onDelete !== 'setNull' && ref.rows.length > 0,
    );
    if (blocking) {
      const { singular } = resourceNames(resource.name);
      const { plural } = resourceNames(blocking.other.name);
      throw new HttpError(
        409,
        `This ${singular.toLowerCase()} is still used by ${blocking.rows.length} ${plural.toLowerCase()}. Change or delete those first.`,
      );
    }
    for (const ref of pointing) for (const row of ref.rows) row[ref.name] = null;
    const all = rows();
    all.splice(all.indexOf(existing), 1);
    store.write();
    res.json({});
  };

  return { create, update, remove };
}

/** POST, PUT, PATCH and DELETE for every declared resource whose declaration allows them. */
export function resourceWriteRoutes(ctx: AppContext): Router {
  const router = Router();
  for (const resource of resources) {
    const { create, update, remove } = handlers(resource, ctx);
    const wrap = (handler: (req: Request, res: Response) => void) =>
      asyncHandler(async (req, res) => handler(req, res));
    if (resource.access.create !== 'none') router.post(`/${resource.name}`, wrap(create));
    if (resource.access.update !== 'none') {
      router.patch(`/${resource.name}/:id`, wrap(update('patch')));
      router.put(`/${resource.name}/:id`, wrap(update('replace')));
    }
    if (resource.access.delete !== 'none') router.delete(`/${resource.name}/:id`, wrap(remove));
  }
  return router;
}
