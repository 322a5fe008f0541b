import type { Request, RequestHandler, Response } from 'express';
import toPath from 'lodash/toPath.js';
import { resources } from '../../src/resources';
import { allows, type AccessRule, type ResourceDeclaration } from '../../src/schema/resource';
import { currentUser, isAdministrator } from '../auth/session';
import { HttpError } from '../http/errors';
import { presenterOf } from '../resources/present';
import type { Store } from '../store/store';

type Row = Record<string, unknown>;

/** Read rule of one collection served through json-server (writes have routes of their own). */
export interface CollectionRule {
  /** Who may read (see AccessRule); 'none' answers 403 to everyone. */
  read: AccessRule;
  /** Tenant-owned: an operator only sees records whose `ownerField` is their id. */
  owned?: boolean;
  /** Field holding the owner's user id; default `ownerId`. */
  ownerField?: string;
  /** Stored fields that may not be filtered, sorted or searched on (they would leak by probing). */
  hiddenFields?: readonly string[];
  /** Shapes each record before it leaves the server. */
  present?: (record: Row) => unknown;
}

/** The read rule of a declared resource: the declaration is the single source. */
export const ruleOf = (resource: ResourceDeclaration): CollectionRule => ({
  read: resource.access.read,
  owned: resource.owned,
  hiddenFields: resource.secretFields,
  present: presenterOf(resource),
});

/**
 * The only collections reachable through json-server: the declared resources, plus the
 * read-only visits behind /stats. Anything else (passwordResets, impersonations, json-server's
 * /db) answers 404.
 */
export const COLLECTION_RULES: Readonly<Record<string, CollectionRule>> = {
  ...Object.fromEntries(resources.map((resource) => [resource.name, ruleOf(resource)])),
  visits: { read: 'owner', owned: true },
};

/** What the gate decided, for the json-server render step. */
export interface CollectionScope {
  name: string;
  rule: CollectionRule;
  /** Set when the caller may only see records where `field` equals `ownerId`. */
  owner?: { field: string; ownerId: number };
}

export const collectionScope = (res: Response): CollectionScope | undefined =>
  res.locals.collectionScope as CollectionScope | undefined;

/** True when a record may be shown under the scope (defence in depth for the query rewrite). */
export const visibleIn = (scope: CollectionScope, record: unknown): boolean =>
  !scope.owner ||
  (typeof record === 'object' &&
    record !== null &&
    (record as Row)[scope.owner.field] === scope.owner.ownerId);

/**
 * Applies one collection's rule to a request for `/<name>` or `/<name>/<id>`; throws the
 * HttpError the caller gets. Generic so later resources only declare a rule.
 */
export function applyCollectionRule(
  name: string,
  rule: CollectionRule,
  id: string | undefined,
  req: Request,
  res: Response,
  store: Store,
): CollectionScope {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    throw new HttpError(405, 'Method not allowed', undefined, { Allow: 'GET, HEAD' });
  }
  const user = currentUser(res);
  const admin = isAdministrator(user);
  if (!allows(rule.read, user)) {
    throw new HttpError(
      403,
      rule.read === 'admin'
        ? 'Only administrators can access this resource'
        : 'You are not allowed to access this resource',
    );
  }
  const query = req.query as Record<string, string | string[] | undefined>;
  if (rule.hiddenFields?.length) guardHiddenFields(rule, query, store.records(name) ?? []);

  const scope: CollectionScope = { name, rule };
  if (rule.owned && !admin) {
    const field = rule.ownerField ?? 'ownerId';
    scope.owner = { field, ownerId: user.id };
    if (id === undefined) {
      // Replaces whatever the caller sent for this field (a list of values would be OR-ed).
      query[field] = String(user.id);
    } else {
      // Another tenant's record answers exactly like a missing one.
      const record = store.records(name)?.find((row) => String(row.id) === id);
      if (!record || !visibleIn(scope, record)) throw new HttpError(404, 'Not found');
    }
  }
  return scope;
}

const OPERATOR_SUFFIX = /_(like|gte|lte|ne)$/;
/** Top-level field a json-server filter or sort key reads, parsed like lodash (`a.b`, `['a']`). */
const fieldOf = (key: string): string => toPath(key.replace(OPERATOR_SUFFIX, ''))[0] ?? '';

/**
 * Refuses filters and sorts on hidden fields, and runs `q` over the presented records only
 * (json-server's own `q` would search the password hash too), turning the matches into an id
 * filter json-server applies.
 */
function guardHiddenFields(
  rule: CollectionRule,
  query: Record<string, string | string[] | undefined>,
  records: Row[],
): void {
  const hidden = new Set(rule.hiddenFields);
  for (const key of Object.keys(query)) {
    const fields = key === '_sort' ? String(query[key]).split(',') : [key];
    if (fields.some((field) => hidden.has(fieldOf(field.trim())))) {
      throw new HttpError(400, `Invalid query parameter "${key}"`);
    }
  }
  const q = query.q;
  if (typeof q !== 'string') return;
  delete query.q;
  const needle = q.toLowerCase();
  const present = rule.present ?? ((record: Row) => record);
  const asked = query.id === undefined ? undefined : ([] as string[]).concat(query.id);
  const ids = records
    .filter((record) => containsText(present(record), needle))
    .map((record) => String(record.id))
    .filter((id) => !asked || asked.includes(id));
  // No match must still filter everything out, so use an id no record has.
  query.id = ids.length > 0 ? ids : ['-1'];
}

/** json-server's `q` semantics: case-insensitive substring of any (nested) truthy value. */
function containsText(value: unknown, needle: string): boolean {
  if (Array.isArray(value)) return value.some((item) => containsText(item, needle));
  if (value !== null && typeof value === 'object') {
    return Object.values(value).some((item) => containsText(item, needle));
  }
  return Boolean(value) && String(value).toLowerCase().includes(needle);
}

/**
 * Gate in front of json-server: only `/<allowed>` and `/<allowed>/<id>` pass (no nested
 * routes, no /db), each under its collection's rule.
 */
export function collectionGate(
  rules: Readonly<Record<string, CollectionRule>>,
  store: Store,
): RequestHandler {
  return (req, res, next) => {
    const match = /^\/([^/]+)(?:\/([^/]+))?\/?$/.exec(req.path);
    const name = match?.[1];
    if (!match || name === undefined || !Object.hasOwn(rules, name)) {
      throw new HttpError(404, 'Not found');
    }
    // json-server honours X-HTTP-Method-Override; the method we checked must be the one it runs.
    delete req.headers['x-http-method-override'];
    res.locals.collectionScope = applyCollectionRule(name, rules[name], match[2], req, res, store);
    next();
  };
}
