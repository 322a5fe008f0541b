import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import {
  HOTEL_ROLES,
  OWNER_FIELD,
  permits,
  type AccessFn,
  type Operation,
} from '../src/schema/access';
import { forgotPasswordSchema, loginSchema } from '../src/schema/auth';
import type { Field } from '../src/schema/fields';
import { LOCALES } from '../src/schema/locales';
import { MAX_BULK_IDS, MAX_PAGE_SIZE } from '../src/schema/paging';
import { offered, type Resource } from '../src/schema/resource';
import { NEW_PASSWORD_MIN } from '../src/schema/user';
import { VERSION_FIELD } from '../src/schema/versions';
import { systemFields } from './engine/present';

/**
 * The OpenAPI 3.1 description of the API (issue 39), generated from the same declarations as the
 * collection reference of docs/api.md: every declared resource's routes, bodies and record
 * schemas from its fields' kinds, the error body, paging and version headers and bearer auth;
 * beside them the sign-in routes and the public routes docs/api.md documents. Served at `GET /openapi.json`; `npm run docs:api` writes it to docs/openapi.json and
 * `npm run docs:check` fails when that copy is stale. Schemas are JSON Schema 2020-12 (what
 * OpenAPI 3.1 speaks), so a standard validator checks real answers against them.
 */

export type Schema = Record<string, unknown>;
type Operations = Record<string, Schema>;
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Schema;
  servers: Schema[];
  security: Schema[];
  tags: Schema[];
  paths: Record<string, Operations>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, Schema>;
    parameters: Record<string, Schema>;
    headers: Record<string, Schema>;
    securitySchemes: Record<string, Schema>;
  };
}

const ref = (kind: string, name: string): Schema => ({ $ref: `#/components/${kind}/${name}` });
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
const json = (schema: Schema) => ({ 'application/json': { schema } });

/** The component names of a resource's schemas (`users` → `Users`, `pos-categories` → `PosCategories`). */
export const schemaName = (resource: string, suffix = ''): string =>
  resource.replace(/(^|[-_])([a-z0-9])/g, (_, _sep: string, letter: string) =>
    letter.toUpperCase(),
  ) + suffix;

// ---------------------------------------------------------------------------------------------
// Field kinds → JSON Schema

const TIME = '^([01]\\d|2[0-3]):[0-5]\\d$';

/** A stored or sent value of a field (its "shape"; the engine's zod rules say the rest). */
function valueSchema(field: Field, side: 'read' | 'write'): Schema {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'richText':
    case 'email':
    case 'url':
    case 'phone':
    case 'slug':
    case 'password': {
      if (field.secret) {
        // Write-only: the API answers whether it is set; sending that object back keeps it.
        const set = { type: 'object', properties: { set: { type: 'boolean' } }, required: ['set'] };
        return side === 'read' ? set : { anyOf: [{ type: 'string' }, set] };
      }
      const schema: Schema = { type: 'string' };
      if (field.max !== undefined) schema.maxLength = field.max;
      if (field.kind === 'email' && !field.multiple) schema.format = 'email';
      return schema;
    }
    case 'number':
    case 'money': {
      const schema: Schema = { type: field.integer ? 'integer' : 'number' };
      if (field.min !== undefined) schema.minimum = field.min;
      if (field.max !== undefined) schema.maximum = field.max;
      if (field.kind === 'money') schema.description = 'minor units (cents)';
      return schema;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'select':
      return { type: 'string', enum: [...field.options] };
    case 'multiSelect':
      return { type: 'array', items: { type: 'string', enum: [...field.options] } };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'dateTime':
      return { type: 'string', format: 'date-time' };
    case 'time':
      return { type: 'string', pattern: TIME };
    case 'color':
    case 'image':
    case 'file':
      return { type: 'string' };
    case 'reference':
      return { type: 'integer', description: `id of a \`${field.resource}\` record` };
    case 'locale':
      return { type: 'string', enum: [...LOCALES] };
    case 'locales':
      return { type: 'array', items: { type: 'string', enum: [...LOCALES] } };
    case 'coordinates':
      return {
        type: 'object',
        properties: { lat: { type: 'number' }, lng: { type: 'number' } },
        required: ['lat', 'lng'],
      };
    case 'items': {
      const schema: Schema = { type: 'array', items: objectOf(field.of, side) };
      if (field.max !== undefined) schema.maxItems = field.max;
      return schema;
    }
    case 'group':
      return objectOf(field.of, side);
    case 'json':
      return {};
  }
}

/**
 * A field's schema: optional values may be stored empty (`null`), and so may required ones the
 * record does not show (a subpage's parent on a top-level page: `condition`).
 */
function fieldSchema(field: Field, side: 'read' | 'write'): Schema {
  const value = valueSchema(field, side);
  const schema =
    (field.required && !field.condition) || field.kind === 'json' ? value : nullable(value);
  if (field.readOnly && side === 'read') return { ...schema, readOnly: true };
  return schema;
}

/** Sub-records (a list's lines, a group's parts): their own fields, and no others. */
function objectOf(fields: Record<string, Field>, side: 'read' | 'write'): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(fields).map(([name, field]) => [name, fieldSchema(field, side)]),
    ),
  };
}

/** The engine's own fields (engine/present.ts `systemFields`). */
function systemSchema(resource: Resource, name: string): Schema {
  if (name === 'id' || name === VERSION_FIELD) return { type: 'integer', minimum: 1 };
  if (name === OWNER_FIELD || name === resource.parent?.field) return { type: 'integer' };
  if (name === 'needsTranslation') return { type: 'boolean' };
  if (name === 'createdAt' || name === 'updatedAt') return { type: 'string', format: 'date-time' };
  return { type: 'string' }; // groupId
}

/**
 * A record as the API answers it: the system's and the declared fields, and no others (a stored
 * field nobody declared never leaves). A field the caller may not read is left out, so only
 * `id` is always there.
 */
function recordSchema(resource: Resource): Schema {
  const properties: Record<string, Schema> = {};
  for (const name of systemFields(resource)) {
    properties[name] = { ...systemSchema(resource, name), readOnly: true };
  }
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!field.transient) properties[name] = fieldSchema(field, 'read');
  }
  return { type: 'object', properties, required: ['id'], additionalProperties: false };
}

/**
 * A body that writes a record: the writable fields (system fields are dropped from bodies, an
 * administrator may name `ownerId` on create). `required` lists what `POST` and `PUT` need.
 */
function bodySchema(resource: Resource, mode: 'create' | 'replace' | 'patch'): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  if (mode === 'create' && resource.owned && !resource.personal) {
    properties[OWNER_FIELD] = { type: 'integer', description: 'administrators only' };
  }
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.readOnly || (field.transient && mode !== 'create')) continue;
    properties[name] = fieldSchema(field, 'write');
    const always = field.required && !field.condition && field.default === undefined;
    if (always && mode !== 'patch' && !field.transient) required.push(name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Errors, headers, parameters

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Bad request: a malformed body, query parameter or If-Match',
  '401': 'No valid access token',
  '403': 'The caller may not do this',
  '404': 'No such record, or not the caller’s',
  '405': 'Method not allowed (see `Allow`)',
  '409': 'A unique value is taken, or the record is still referenced',
  '412': 'If-Match names an older version: `conflict` says what changed since',
  '413': 'The body is too large',
  '422': 'Validation failed: `errors` per field',
  '429': 'Too many requests (see `Retry-After`)',
  '503': 'The database is not reachable right now',
};

const MESSAGE_CODE = {
  anyOf: [
    {
      type: 'object',
      properties: { code: { type: 'string' }, values: { type: 'object' } },
      required: ['code'],
    },
    { type: 'null' },
  ],
};

const ERROR_BODY: Schema = {
  type: 'object',
  description: 'Every error answer; messages in English with their codes for the dashboard.',
  properties: {
    statusCode: { type: 'integer' },
    message: { type: 'string' },
    code: { type: 'string', description: 'the message as an i18n code' },
    values: { type: 'object', description: 'the values the coded message names' },
    errors: {
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
    errorCodes: { type: 'object', additionalProperties: { type: 'array', items: MESSAGE_CODE } },
    conflict: {
      type: 'object',
      properties: {
        version: { type: 'integer' },
        changedBy: nullable({
          type: 'object',
          properties: { id: { type: ['integer', 'null'] }, name: { type: 'string' } },
        }),
        changedAt: { type: ['string', 'null'] },
        fields: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  required: ['statusCode', 'message'],
  additionalProperties: false,
};

const errors = (...statuses: string[]): Record<string, Schema> =>
  Object.fromEntries(statuses.map((status) => [status, ref('responses', `Error${status}`)]));

const PAGING: Record<string, Schema> = {
  _page: { schema: { type: 'integer', minimum: 1 }, description: 'page number (with `_limit`)' },
  _limit: {
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
    description: `page size; at most ${MAX_PAGE_SIZE} records per answer`,
  },
  _start: { schema: { type: 'integer', minimum: 0 }, description: 'slice start (with `_end`)' },
  _end: { schema: { type: 'integer', minimum: 0 }, description: 'slice end' },
  _sort: { schema: { type: 'string' }, description: 'fields to sort by, comma-separated' },
  _order: { schema: { type: 'string' }, description: '`asc` or `desc` per sorted field' },
  q: { schema: { type: 'string' }, description: 'full-text search over the text fields' },
};

const LIST_PARAMETERS = [
  ...Object.keys(PAGING).map((name) => ref('parameters', name)),
  ref('parameters', 'filters'),
];

// ---------------------------------------------------------------------------------------------
// Routes

/** Whether anyone may call without a token (then the bearer token is optional). */
const open = (access: AccessFn, operation: Operation): boolean =>
  permits(access({ actor: null, operation }));
const security = (isOpen: boolean): Schema[] =>
  isOpen ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }];

const idParameter = ref('parameters', 'id');
const answer = (description: string, schema?: Schema, headers?: Record<string, Schema>) => ({
  description,
  ...(headers ? { headers } : {}),
  ...(schema ? { content: json(schema) } : {}),
});
const versioned = { ETag: ref('headers', 'ETag') };
/** A list's answer: a page of records, their total in X-Total-Count. */
const pageOf = (record: Schema): [string, Schema] => [
  '200',
  answer(
    'The page of records',
    { type: 'array', items: record },
    {
      'X-Total-Count': ref('headers', 'XTotalCount'),
    },
  ),
];

function operation(
  resource: Resource,
  id: string,
  summary: string,
  spec: {
    access?: AccessFn;
    kind?: Operation;
    parameters?: Schema[];
    body?: Schema;
    ok: [string, Schema];
    errors: string[];
  },
): Schema {
  const kind = spec.kind ?? 'read';
  return {
    operationId: `${resource.name}.${id}`,
    tags: [resource.name],
    summary,
    security: security(open(spec.access ?? resource.access[kind], kind)),
    ...(spec.parameters?.length ? { parameters: spec.parameters } : {}),
    ...(spec.body ? { requestBody: { required: true, content: json(spec.body) } } : {}),
    responses: { [spec.ok[0]]: spec.ok[1], ...errors(...spec.errors) },
  };
}

const READ_ERRORS = ['400', '401', '403', '404', '429', '503'];
const WRITE_ERRORS = ['400', '401', '403', '404', '405', '409', '413', '422', '429', '503'];

async function resourcePaths(resource: Resource): Promise<Record<string, Operations>> {
  const paths: Record<string, Operations> = {};
  const at = (path: string) => (paths[path] ??= {});
  const name = schemaName(resource.name);
  const record = ref('schemas', name);
  const base = `/${resource.name}`;
  const item = `${base}/{id}`;
  const body = (mode: 'create' | 'replace' | 'patch') =>
    ref(
      'schemas',
      schemaName(resource.name, { create: 'Create', replace: 'Replace', patch: 'Patch' }[mode]),
    );
  /** PUT (replace) and PATCH at `path` after its first parameter, each checked by If-Match. */
  const edits = (
    path: string,
    first: Schema,
    id: (mode: 'replace' | 'patch') => string,
    summary: (verb: 'Replace' | 'Update') => string,
  ) => {
    for (const [method, mode] of [
      ['put', 'replace'],
      ['patch', 'patch'],
    ] as const)
      at(path)[method] = operation(
        resource,
        id(mode),
        summary(mode === 'replace' ? 'Replace' : 'Update'),
        {
          kind: 'update',
          parameters: [first, ref('parameters', 'IfMatch')],
          body: body(mode),
          ok: ['200', answer('The record as stored', record, versioned)],
          errors: [...WRITE_ERRORS, '412'],
        },
      );
  };

  if (resource.singleton) {
    const owner = {
      name: 'ownerId',
      in: 'query',
      schema: { type: 'integer' },
      description: 'the tenant (administrators)',
    };
    at(base).get = operation(
      resource,
      'singleton',
      'The tenant’s record (made from the defaults on first read)',
      {
        parameters: [owner],
        ok: ['200', answer('The record', record, versioned)],
        errors: READ_ERRORS,
      },
    );
    if (offered(resource, 'edit'))
      edits(
        base,
        owner,
        (mode) => `singleton.${mode}`,
        (verb) => `${verb} the tenant’s record`,
      );
  } else {
    at(base).get = operation(resource, 'list', `List ${resource.name}`, {
      parameters: LIST_PARAMETERS,
      ok: pageOf(record),
      errors: READ_ERRORS,
    });
    if (offered(resource, 'create')) {
      at(base).post = operation(resource, 'create', `Create a ${resource.name} record`, {
        kind: 'create',
        body: body('create'),
        ok: ['201', answer('The record as stored', record)],
        errors: WRITE_ERRORS,
      });
    }
  }

  at(item).get = operation(resource, 'get', 'Read one record', {
    parameters: [idParameter],
    ok: ['200', answer('The record', record, versioned)],
    errors: READ_ERRORS,
  });
  if (offered(resource, 'edit'))
    edits(
      item,
      idParameter,
      (mode) => mode,
      (verb) => `${verb} a record`,
    );
  if (!resource.singleton && offered(resource, 'delete')) {
    at(item).delete = operation(resource, 'delete', 'Delete a record', {
      kind: 'delete',
      parameters: [idParameter, ref('parameters', 'IfMatch')],
      ok: ['200', answer('Deleted', { type: 'object', maxProperties: 0 })],
      errors: ['401', '403', '404', '405', '409', '412', '429', '503'],
    });
  }

  if (resource.summary) {
    const sums = Object.fromEntries(
      resource.summary.sum.map((field) => [field, { type: 'number' }]),
    );
    at(`${base}/summary`).get = operation(resource, 'summary', 'Totals of the filtered list', {
      parameters: [ref('parameters', 'filters'), ref('parameters', 'q')],
      ok: [
        '200',
        answer('Count and sums', {
          type: 'object',
          properties: {
            count: { type: 'integer' },
            sums: { type: 'object', properties: sums, additionalProperties: false },
          },
          required: ['count', 'sums'],
        }),
      ],
      errors: READ_ERRORS,
    });
  }

  for (const [action, declared] of Object.entries(resource.actions)) {
    const input = inputSchema(await declared.input());
    const decide = declared.access ?? resource.access.update;
    const onRecord = declared.on === 'record';
    at(onRecord ? `${item}/${action}` : `${base}/${action}`).post = operation(
      resource,
      `action.${action}`,
      `Action \`${action}\`${onRecord ? ' on one record' : ''}`,
      {
        access: decide,
        kind: 'update',
        parameters: onRecord ? [idParameter, ref('parameters', 'IfMatch')] : [],
        body: input,
        ok: [
          '200',
          answer(
            'What the action answers',
            actionAnswer(action, declared.changes ? record : undefined),
          ),
        ],
        errors: [...WRITE_ERRORS, ...(onRecord ? ['412'] : [])],
      },
    );
    if (declared.bulk) {
      at(`${base}/bulk/${action}`).post = operation(
        resource,
        `bulk.${action}`,
        `Action \`${action}\` on many records`,
        {
          access: decide,
          kind: 'update',
          body: {
            type: 'object',
            properties: {
              ids: {
                type: 'array',
                items: { type: 'integer', minimum: 1 },
                minItems: 1,
                maxItems: MAX_BULK_IDS,
              },
              input,
            },
            required: ['ids'],
          },
          ok: ['200', answer('Each record’s result', ref('schemas', 'BulkAnswer'))],
          errors: WRITE_ERRORS,
        },
      );
    }
  }

  if (resource.parent) {
    const nested = `/${resource.parent.resource}/{id}${base}`;
    at(nested).get = operation(resource, 'listUnderParent', 'List a parent’s records', {
      parameters: [idParameter, ...LIST_PARAMETERS],
      ok: pageOf(record),
      errors: READ_ERRORS,
    });
    if (offered(resource, 'create')) {
      at(nested).post = operation(resource, 'createUnderParent', 'Create under a parent', {
        kind: 'create',
        parameters: [idParameter],
        body: body('create'),
        ok: ['201', answer('The record as stored', record)],
        errors: WRITE_ERRORS,
      });
    }
  }
  return paths;
}

/**
 * What an action answers: Sync its counts, reorder the new positions, an edit by another name
 * (`changes`) the record; a declared run answers what it returns (any JSON).
 */
function actionAnswer(name: string, record: Schema | undefined): Schema {
  if (record) return record;
  const counts = { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } };
  if (name === 'sync') {
    return {
      type: 'object',
      properties: {
        locale: { type: 'string', enum: [...LOCALES] },
        created: counts,
        related: { type: 'object', additionalProperties: counts },
        translated: { type: 'boolean' },
      },
      required: ['locale', 'created', 'related', 'translated'],
      additionalProperties: false,
    };
  }
  if (name === 'reorder') {
    return {
      type: 'object',
      properties: {
        ids: { type: 'array', items: { type: 'integer' } },
        positions: { type: 'array', items: { type: 'integer' } },
      },
      required: ['ids', 'positions'],
      additionalProperties: false,
    };
  }
  return {};
}

/** An action's zod input as JSON Schema (what a body may hold; refinements stay in words). */
function inputSchema(schema: $ZodType): Schema {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as Schema;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// The document

/**
 * The public routes of the product's areas (guest apps, sign-in links, files), written by hand
 * in their features rather than declared: named here with what docs/api.md says of them
 * (`docs/api.md#<anchor>`), their answers loosely typed. The OpenAPI test fails when docs/api.md
 * documents a public route this list lacks.
 */
const PUBLIC_ROUTES: readonly (readonly [method: 'get' | 'post', path: string, summary: string])[] =
  [
    ['post', '/auth/verify-email', 'Confirm an email address with a link’s token'],
    ['get', '/public/{slug}/notification', 'The hotel’s current notification for guests'],
    ['post', '/public/{slug}/guest-session', 'A guest token for a current stay'],
    ['post', '/public/{slug}/orders', 'A guest app’s order (room charges need a guest token)'],
    ['get', '/public/{slug}/timeslots', 'Bookable timeslots'],
    ['post', '/public/{slug}/bookings', 'Book a timeslot'],
    ['get', '/public/{slug}/pages', 'The published pages, as a menu tree'],
    ['get', '/public/{slug}/pages/{page}', 'One published page'],
    ['get', '/public/{slug}/amenities', 'The active amenities'],
    ['get', '/public/{slug}/branding', 'The hotel’s branding for its guest apps'],
    ['get', '/public/{slug}/forms/{id}', 'A published form'],
    ['post', '/public/{slug}/forms/{id}/submissions', 'Submit a form'],
    ['get', '/uploads/files/{tenant}/{name}', 'An uploaded file'],
  ];

function publicPaths(): Record<string, Operations> {
  const paths: Record<string, Operations> = {};
  for (const [method, path, summary] of PUBLIC_ROUTES) {
    const parameters = [...path.matchAll(/{(\w+)}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: name === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string' },
    }));
    const guest = path.endsWith('/orders') || path.endsWith('/bookings');
    const file = path.startsWith('/uploads/');
    (paths[path] ??= {})[method] = {
      tags: [path.split('/')[1]!],
      operationId: `${method.toUpperCase()} ${path}`,
      summary,
      description: 'Described in docs/api.md.',
      security: guest ? [{}, { guestToken: [] }] : [{}],
      parameters,
      ...(method === 'post'
        ? { requestBody: { required: true, content: json({ type: 'object' }) } }
        : {}),
      responses: {
        '200': file
          ? { description: 'The file', content: { 'application/octet-stream': { schema: {} } } }
          : answer('See docs/api.md', {}),
        ...(method === 'post' ? { '201': answer('Made', {}), '204': answer('Done') } : {}),
        ...errors('400', '401', '403', '404', '422', '429', '503'),
      },
    };
  }
  return paths;
}

const TOKEN: Schema = {
  type: 'object',
  properties: { accessToken: { type: 'string' } },
  required: ['accessToken'],
  additionalProperties: false,
};

/** The routes outside the declarations that a client needs first: probes, sign-in, who am I. */
function fixedPaths(resources: readonly Resource[]): Record<string, Operations> {
  const status = (value: string) => ({
    type: 'object',
    properties: { status: { type: 'string', const: value } },
    required: ['status'],
  });
  const publicRoute = { tags: ['service'], security: [{}] };
  const paths: Record<string, Operations> = {
    '/health': {
      get: {
        ...publicRoute,
        operationId: 'health',
        summary: 'Liveness probe',
        responses: { '200': answer('Alive', status('ok')) },
      },
    },
    '/ready': {
      get: {
        ...publicRoute,
        operationId: 'ready',
        summary: 'Readiness probe (the store answers)',
        responses: {
          '200': answer('Ready', status('ready')),
          '503': answer('The database is unreachable', status('database unreachable')),
        },
      },
    },
    '/openapi.json': {
      get: {
        ...publicRoute,
        operationId: 'openapi',
        summary: 'This description',
        responses: { '200': answer('OpenAPI 3.1', { type: 'object' }) },
      },
    },
    '/auth/login': {
      post: {
        ...publicRoute,
        tags: ['auth'],
        operationId: 'auth.login',
        summary: 'Sign in: answers the bearer token',
        requestBody: { required: true, content: json(inputSchema(loginSchema)) },
        responses: {
          '200': answer('Signed in', TOKEN),
          ...errors('400', '401', '403', '422', '429', '503'),
        },
      },
    },
    '/auth/forgot-password': {
      post: {
        ...publicRoute,
        tags: ['auth'],
        operationId: 'auth.forgotPassword',
        summary: 'Mail a reset link (the same answer whether or not the account exists)',
        requestBody: { required: true, content: json(inputSchema(forgotPasswordSchema)) },
        responses: { '204': answer('Asked'), ...errors('400', '422', '429', '503') },
      },
    },
    '/auth/reset-password': {
      post: {
        ...publicRoute,
        tags: ['auth'],
        operationId: 'auth.resetPassword',
        summary: 'Choose a new password with a reset link’s token',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            properties: {
              token: { type: 'string', minLength: 1 },
              password: { type: 'string', minLength: NEW_PASSWORD_MIN },
            },
            required: ['token', 'password'],
          }),
        },
        responses: { '204': answer('Changed'), ...errors('400', '422', '429', '503') },
      },
    },
    '/auth/login-as': {
      post: {
        tags: ['auth'],
        operationId: 'auth.loginAs',
        summary: 'An administrator’s token for another user',
        security: [{ bearerAuth: [] }],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            properties: { id: { type: ['integer', 'string'] } },
            required: ['id'],
          }),
        },
        responses: { '200': answer('The session', TOKEN), ...errors('401', '403', '404', '422') },
      },
    },
    '/auth/logout': {
      post: {
        tags: ['auth'],
        operationId: 'auth.logout',
        summary: 'Record the sign-out (the client drops its token)',
        security: [{ bearerAuth: [] }],
        responses: { '204': answer('Signed out'), ...errors('401') },
      },
    },
  };
  const users = resources.find((resource) => resource.name === 'users');
  if (users) {
    // A users record with the hotel's apps and, for a hotel's member (issue 40), who they are
    // and the hotels they act for: the record's schema, six fields more.
    const record = recordSchema(users);
    const me = {
      ...record,
      properties: {
        ...(record.properties as Record<string, Schema>),
        connectedApps: { type: 'array', items: { type: 'string' } },
        lockedApps: { type: 'array', items: { type: 'string' } },
        mustChangePassword: { type: 'boolean' },
        personId: { type: 'integer' },
        hotelRole: { type: 'string', enum: [...HOTEL_ROLES] },
        hotels: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'role'],
            additionalProperties: false,
            properties: {
              id: { type: 'integer' },
              name: { type: 'string' },
              role: { type: 'string', enum: [...HOTEL_ROLES] },
            },
          },
        },
      },
    };
    paths['/users/me'] = {
      get: {
        tags: ['auth'],
        operationId: 'users.me',
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        responses: {
          '200': answer('The user, with the apps of their hotel', me),
          ...errors('401', '403', '503'),
        },
      },
    };
  }
  return paths;
}

export async function openApiDocument(resources: readonly Resource[]): Promise<OpenApiDocument> {
  const schemas: Record<string, Schema> = {
    Error: ERROR_BODY,
    BulkAnswer: {
      type: 'object',
      properties: {
        done: { type: 'integer' },
        failed: { type: 'integer' },
        results: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              ok: { type: 'boolean' },
              error: ref('schemas', 'Error'),
            },
            required: ['id', 'ok'],
          },
        },
      },
      required: ['done', 'failed', 'results'],
    },
  };
  const paths: Record<string, Operations> = {};
  for (const resource of resources) {
    const name = schemaName(resource.name);
    schemas[name] = recordSchema(resource);
    schemas[`${name}Create`] = bodySchema(resource, 'create');
    schemas[`${name}Replace`] = bodySchema(resource, 'replace');
    schemas[`${name}Patch`] = bodySchema(resource, 'patch');
    Object.assign(paths, await resourcePaths(resource));
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Stay Console API',
      version: '1',
      description:
        'Generated from the resource declarations (src/resources) by mock-server/openapi.ts; ' +
        'docs/api.md describes the same API in words.',
    },
    servers: [{ url: '/api', description: 'through the dashboard’s proxy' }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'service' },
      { name: 'auth' },
      { name: 'public', description: 'Guest apps: no account, no dashboard token' },
      { name: 'uploads' },
      ...resources.map((resource) => ({ name: resource.name })),
    ],
    // Literal paths first (`/users/me` before `/users/{id}`), as the router matches them.
    paths: { ...fixedPaths(resources), ...publicPaths(), ...paths },
    components: {
      schemas,
      responses: Object.fromEntries(
        Object.entries(ERROR_STATUSES).map(([status, description]) => [
          `Error${status}`,
          {
            description,
            ...(status === '429'
              ? { headers: { 'Retry-After': { schema: { type: 'integer' } } } }
              : {}),
            ...(status === '405' ? { headers: { Allow: { schema: { type: 'string' } } } } : {}),
            content: json(ref('schemas', 'Error')),
          },
        ]),
      ),
      parameters: {
        id: { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        IfMatch: {
          name: 'If-Match',
          in: 'header',
          schema: { type: 'string', examples: ['"3"'] },
          description:
            'The version the writer read (the record’s ETag); an older one answers 412, `*` or none writes anyway',
        },
        ...Object.fromEntries(
          Object.entries(PAGING).map(([name, spec]) => [name, { name, in: 'query', ...spec }]),
        ),
        filters: {
          name: 'filters',
          in: 'query',
          style: 'form',
          explode: true,
          schema: { type: 'object', additionalProperties: { type: 'string' } },
          description:
            'json-server filters on declared fields: `<field>=<value>` (repeat for any of several), ' +
            '`<field>_gte`, `<field>_lte`, `<field>_ne`, `<field>_like`; a path into a structured ' +
            'field as `<field>.<part>`. Unknown or unreadable fields answer 400.',
        },
      },
      headers: {
        XTotalCount: {
          description: 'How many records match the filters, over every page',
          schema: { type: 'integer', minimum: 0 },
        },
        ETag: {
          description: 'The record’s version, quoted (`"3"`): send it back as `If-Match`',
          schema: { type: 'string' },
        },
      },
      securitySchemes: {
        guestToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A guest token of `POST /public/{slug}/guest-session` (a current stay)',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The `accessToken` of `POST /auth/login`. A person of several hotels names the one ' +
            'a request acts for in the `X-Hotel` header (a hotel id, or `all` on reads; ' +
            'docs/api.md "Several hotels per person")',
        },
      },
    },
  };
}
