/**
 * `npm run docs:api` / `npm run docs:check`: the collection reference of docs/api.md and the
 * OpenAPI description docs/openapi.json (mock-server/openapi.ts, also served at
 * `GET /openapi.json`), generated from the resource registry (src/resources) so neither can
 * drift from the declarations.
 *
 *   tsx scripts/api-docs.ts           prints the generated block
 *   tsx scripts/api-docs.ts --write   rewrites the block between the markers in docs/api.md, and
 *                                     docs/openapi.json
 *   tsx scripts/api-docs.ts --check   exits 1 when either differs from what --write writes
 *
 * The whole document is formatted with the project's Prettier settings before it is written or
 * compared, so `prettier --write docs/api.md` leaves a generated file as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { $ZodType } from 'zod/v4/core';
import { systemFields } from '../mock-server/engine/present';
import { openApiDocument } from '../mock-server/openapi';
import { resources } from '../src/resources';
import { APP_AREAS } from '../src/resources/apps';
import {
  OPERATIONS,
  OWNER_FIELD,
  type AccessFn,
  type Actor,
  type Where,
} from '../src/schema/access';
import type { Field } from '../src/schema/fields';
import { LOCALES } from '../src/schema/locales';
import { offered, sharedFields, type Resource } from '../src/schema/resource';
import { VERSION_FIELD } from '../src/schema/versions';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOC = join(ROOT, 'docs/api.md');
const OPENAPI = join(ROOT, 'docs/openapi.json');
const START = '<!-- generated:collections:start -->';
const END = '<!-- generated:collections:end -->';
const outOfDate = (file: string) => `${file} is out of date: run npm run docs:api`;

// ---------------------------------------------------------------------------------------------
// Markdown helpers

const code = (text: string): string => `\`${text}\``;
/** A table cell: pipes would end the cell, line breaks the row. */
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const list = (items: readonly string[]): string => items.map(code).join(', ');

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** GitHub's anchor of a collection's heading (`### \`users\` collection`). */
const anchor = (name: string): string => `#${name.replace(/[^a-z0-9-]/g, '')}-collection`;
const collectionLink = (name: string): string =>
  resources.some((resource) => resource.name === name)
    ? `[${code(name)}](${anchor(name)})`
    : code(name);

// ---------------------------------------------------------------------------------------------
// Who may: each access function asked for four actors

interface Probe {
  label: string;
  actor: Actor;
}
const ANONYMOUS: Probe = { label: 'anonymous callers', actor: null };
const OPERATOR: Probe = {
  label: 'operators',
  actor: { id: 3, isAdmin: false, isSuperAdmin: false },
};
/** An operator whose hotel connected every app that opens an area (Hotek). */
const OPERATOR_WITH_APPS: Probe = {
  label: 'operators whose hotel connected the app',
  actor: { id: 3, isAdmin: false, isSuperAdmin: false, connectedApps: [...APP_AREAS] },
};
const ADMIN: Probe = {
  label: 'administrators',
  actor: { id: 2, isAdmin: true, isSuperAdmin: false },
};
const SUPER: Probe = {
  label: 'super administrators',
  actor: { id: 1, isAdmin: true, isSuperAdmin: true },
};

/** What an answer limits the actor to: '' for every record, null when refused. */
function scopeOf(decision: boolean | Where, actor: Actor): string | null {
  if (decision === false) return null;
  if (decision === true) return '';
  const own = actor !== null && decision[OWNER_FIELD] === actor.id;
  const conditions = Object.entries(decision)
    .filter(([field]) => !(own && field === OWNER_FIELD))
    .map(([field, value]) => `${code(field)} = ${code(JSON.stringify(value))}`);
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  return ` (${own ? 'own records' : 'records'}${where})`;
}

/**
 * Who an access function lets through, in words: "everyone", "nobody", "signed-in users",
 * "operators (own records), administrators" (administrators include super administrators).
 */
function who(access: AccessFn, operation: (typeof OPERATIONS)[number]): string {
  const ask = (probe: Probe) => scopeOf(access({ actor: probe.actor, operation }), probe.actor);
  const [anonymous, operator, admin, superAdmin] = [ANONYMOUS, OPERATOR, ADMIN, SUPER].map(ask);
  const signedIn = [operator, admin, superAdmin];
  if (anonymous === null && signedIn.every((scope) => scope === null)) return 'nobody';
  if (anonymous === '' && signedIn.every((scope) => scope === '')) return 'everyone';
  const parts: string[] = [];
  if (anonymous !== null) parts.push(ANONYMOUS.label + anonymous);
  if (operator !== null && operator === admin && admin === superAdmin) {
    parts.push(`signed-in users${operator}`);
  } else {
    const withApps = ask(OPERATOR_WITH_APPS);
    if (operator !== null) parts.push(OPERATOR.label + operator);
    else if (withApps !== null) parts.push(OPERATOR_WITH_APPS.label + withApps);
    if (admin !== null && admin === superAdmin) parts.push(ADMIN.label + admin);
    else {
      if (admin !== null) parts.push(`${ADMIN.label} who are not super administrators${admin}`);
      if (superAdmin !== null) parts.push(SUPER.label + superAdmin);
    }
  }
  return parts.join(', ');
}

// ---------------------------------------------------------------------------------------------
// Routes

interface Route {
  paths: string[];
  operation: string;
  who: string;
}

const OPERATION_OF_ACTION = { create: 'create', edit: 'update', delete: 'delete' } as const;

function routesOf(resource: Resource): { routes: Route[]; refused: string[] } {
  const base = `/${resource.name}`;
  const item = `${base}/:id`;
  const access = resource.access;
  const routes: Route[] = [];
  const refused: string[] = [];
  const read = who(access.read, 'read');
  const offer = (action: keyof typeof OPERATION_OF_ACTION, paths: string[], does: string) => {
    const operation = OPERATION_OF_ACTION[action];
    if (offered(resource, action)) {
      routes.push({ paths, operation: does, who: who(access[operation], operation) });
    } else refused.push(...paths);
  };

  if (resource.singleton) {
    routes.push({ paths: [`GET ${base}`], operation: 'read the tenant’s record', who: read });
    routes.push({ paths: [`GET ${item}`], operation: 'read', who: read });
  } else {
    routes.push({ paths: [`GET ${base}`], operation: 'list', who: read });
    routes.push({ paths: [`GET ${item}`], operation: 'read', who: read });
  }
  if (resource.summary) {
    routes.push({ paths: [`GET ${base}/summary`], operation: 'totals', who: read });
  }
  if (resource.singleton) {
    refused.push(`POST ${base}`);
    offer('edit', [`PUT ${base}`, `PATCH ${base}`], 'replace / update the tenant’s record');
  } else {
    offer('create', [`POST ${base}`], 'create');
  }
  offer('edit', [`PUT ${item}`, `PATCH ${item}`], 'replace / update');
  if (resource.singleton) refused.push(`DELETE ${item}`);
  else offer('delete', [`DELETE ${item}`], 'delete');

  for (const [name, action] of Object.entries(resource.actions)) {
    const path = action.on === 'record' ? `${item}/${name}` : `${base}/${name}`;
    const decide = action.access ?? access.update;
    routes.push({
      paths: [`POST ${path}`],
      operation: `action ${code(name)}`,
      who: who(decide, 'update'),
    });
    if (action.bulk) {
      routes.push({
        paths: [`POST ${base}/bulk/${name}`],
        operation: `action ${code(name)} on many records ([bulk](#bulk-actions-post-namebulkaction))`,
        who: who(decide, 'update'),
      });
    }
  }

  if (resource.parent) {
    const nested = `/${resource.parent.resource}/:id${base}`;
    routes.push({ paths: [`GET ${nested}`], operation: 'list a parent’s records', who: read });
    if (offered(resource, 'create')) {
      routes.push({
        paths: [`POST ${nested}`],
        operation: 'create under a parent',
        who: who(access.create, 'create'),
      });
    }
  }
  return { routes, refused };
}

// ---------------------------------------------------------------------------------------------
// Actions' input (zod 4)

/** A schema's definition as zod's core keeps it (the same for zod and zod/mini schemas). */
interface Def {
  type: string;
  innerType?: $ZodType;
  element?: $ZodType;
  entries?: Record<string, string | number>;
  shape?: Record<string, $ZodType>;
}
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

function zodType(schema: $ZodType): string {
  const def = defOf(schema);
  if (def.innerType && ['optional', 'nullable', 'default'].includes(def.type)) {
    return zodType(def.innerType);
  }
  if (def.type === 'array' && def.element) return `${zodType(def.element)}[]`;
  if (def.type === 'enum' && def.entries) {
    return `one of ${Object.values(def.entries).map(String).map(code).join(', ')}`;
  }
  return def.type;
}

function inputOf(schema: $ZodType): string {
  const { type, shape } = defOf(schema);
  if (type !== 'object' || !shape) return `${zodType(schema)} body`;
  const fields = Object.entries(shape).map(
    ([name, field]) =>
      `${code(name)} (${defOf(field).type === 'optional' ? 'optional' : 'required'}, ${zodType(field)})`,
  );
  return fields.length ? fields.join('; ') : 'empty object';
}

// ---------------------------------------------------------------------------------------------
// Record shape

const FIELD_HEAD = [
  'Field',
  'Kind',
  'Required',
  'Read-only',
  'Default',
  'Unique',
  'Secret',
  'Options',
  'Reference',
  'Max length / range',
] as const;

function limits(field: Field): string {
  if (field.kind === 'number' || field.kind === 'money') {
    const unit = field.kind === 'money' ? ' cents' : '';
    if (field.min !== undefined && field.max !== undefined) {
      return `${field.min} to ${field.max}${unit}`;
    }
    if (field.min !== undefined) return `≥ ${field.min}${unit}`;
    if (field.max !== undefined) return `≤ ${field.max}${unit}`;
    return '';
  }
  if (field.kind === 'items') {
    return field.max !== undefined ? `${field.required ? '1' : '0'} to ${field.max} entries` : '';
  }
  if ('max' in field && field.max !== undefined) {
    return 'min' in field && field.min !== undefined
      ? `${field.min} to ${field.max} characters`
      : `${field.max} characters`;
  }
  return '';
}

function kindOf(field: Field): string {
  return field.kind === 'number' && field.integer ? 'number (integer)' : field.kind;
}

function fieldRow(name: string, field: Field): string[] {
  const readOnly = field.readOnly
    ? 'yes'
    : field.transient
      ? 'create only, not stored'
      : field.access?.write?.who
        ? `only ${field.access.write.who} sets it`
        : field.access?.write
          ? 'restricted'
          : '';
  const secret =
    'secret' in field && field.secret
      ? 'yes'
      : field.access?.read
        ? `only ${field.access.read.who ?? 'some users'} read it`
        : '';
  const unique =
    field.unique === true ? 'yes' : field.unique ? `per ${list(field.unique.per)}` : '';
  const options =
    field.kind === 'select' || field.kind === 'multiSelect'
      ? list(field.options)
      : field.kind === 'locale' || field.kind === 'locales'
        ? list(LOCALES)
        : '';
  let reference = '';
  if (field.kind === 'reference') {
    const notes = [
      ...(field.sameOwner ? ['same owner'] : []),
      ...(field.match ?? []).map((other) => `same ${code(other)}`),
      ...Object.entries(field.where ?? {}).map(([key, value]) => `${code(key)} = ${code(value)}`),
      ...(field.onDelete ? [`on delete: ${field.onDelete}`] : []),
    ];
    reference = collectionLink(field.resource) + (notes.length ? ` (${notes.join(', ')})` : '');
  }
  if (field.kind === 'json' && field.ids) {
    // A list of ids of another collection's records (a hotel group's hotels).
    const where = Object.entries(field.ids.where ?? {}).map(
      ([key, value]) => `${code(key)} = ${code(value)}`,
    );
    reference = `ids of ${collectionLink(field.ids.resource)}${where.length ? ` (${where.join(', ')})` : ''}`;
  }
  return [
    code(name),
    kindOf(field),
    field.required ? 'yes' : '',
    readOnly,
    field.default === undefined ? '' : code(JSON.stringify(field.default)),
    unique,
    secret,
    options,
    reference,
    limits(field),
  ];
}

/** The engine's own fields (mock-server/engine/present.ts `systemFields`). */
function systemRow(resource: Resource, name: string): string[] {
  const row = (kind: string, reference = '') => [
    code(name),
    kind,
    '',
    'system',
    '',
    name === 'id' ? 'yes' : '',
    '',
    '',
    reference,
    '',
  ];
  if (name === 'id' || name === VERSION_FIELD) return row('number (integer)');
  if (name === OWNER_FIELD) return row('reference', collectionLink('users'));
  if (name === 'groupId') return row('text');
  if (name === 'needsTranslation') return row('boolean');
  if (name === 'createdAt' || name === 'updatedAt') return row('dateTime');
  if (resource.parent && name === resource.parent.field) {
    return row('reference', collectionLink(resource.parent.resource));
  }
  return row('');
}

function shapeOf(resource: Resource): string {
  const declared = Object.entries(resource.fields);
  const system = systemFields(resource).filter((name) => !(name in resource.fields));
  const rows = [
    ...system.map((name) => systemRow(resource, name)),
    ...declared.flatMap(([name, field]) => [
      fieldRow(name, field),
      ...(field.kind === 'items'
        ? Object.entries(field.of).map(([sub, of]) =>
            // A line of a read-only list is read-only too.
            fieldRow(`${name}[].${sub}`, field.readOnly ? { ...of, readOnly: true } : of),
          )
        : []),
    ]),
  ];
  return table(FIELD_HEAD, rows);
}

// ---------------------------------------------------------------------------------------------
// Sections

function flagsOf(resource: Resource): string[] {
  const base = `/${resource.name}`;
  const flags: string[] = [];
  flags.push(
    resource.personal
      ? `**Personal**: records carry ${code(OWNER_FIELD)}, set to whoever creates them ` +
          '(administrators too); nobody names another owner.'
      : resource.owned
        ? `**Tenant-owned**: records carry ${code(OWNER_FIELD)}; operators reach only their own.`
        : '**Shared**: not tenant-owned.',
  );
  if (resource.localized) {
    flags.push(
      `**Localized**: one record per content language (${code('locale')}, translations share ` +
        `${code('groupId')}); [Sync](#post-namesync) at ${code(`POST ${base}/sync`)}.`,
    );
    const shared = sharedFields(resource);
    if (shared.length) {
      flags.push(
        `**Shared across languages**: ${list(shared)} — one value for all of an item's ` +
          'translations ([shared fields](#shared-fields)).',
      );
    }
  }
  if (resource.orderable) {
    flags.push(
      `**Orderable**: records carry ${code('position')}; [reorder](#post-namereorder) at ` +
        `${code(`POST ${base}/reorder`)}.`,
    );
  }
  if (resource.summary) {
    const except = Object.entries(resource.summary.sumExcept ?? {}).map(
      ([field, values]) => `${code(field)} is ${values.map(code).join(' or ')}`,
    );
    flags.push(
      `**Summary**: ${code(`GET ${base}/summary`)} takes the list's filters and answers ` +
        `${code('{ "count": number, "sums": { … } }')} with the sum of ${list(resource.summary.sum)}` +
        (except.length ? ` (sums leave out records whose ${except.join(', ')})` : '') +
        '.',
    );
  }
  if (resource.singleton) {
    flags.push(
      `**Singleton**: one record per tenant at ${code(`GET ${base}`)}, created from the defaults ` +
        `on first read; administrators name the tenant with ${code('?ownerId=')}.`,
    );
  }
  if (resource.parent) {
    flags.push(
      `**Child** of ${collectionLink(resource.parent.resource)}: records carry ` +
        `${code(resource.parent.field)} and are also served at ` +
        `${code(`/${resource.parent.resource}/:id${base}`)}.`,
    );
  }
  if (resource.timestamps) {
    flags.push(`**Timestamps**: the server keeps ${list(['createdAt', 'updatedAt'])}.`);
  }
  if (resource.defaultSort) {
    flags.push(
      `**Default sort** (dashboard): ${code(resource.defaultSort.field)} ${resource.defaultSort.order}.`,
    );
  }
  return flags;
}

function section(resource: Resource, inputs: Map<string, $ZodType>): string {
  const { routes, refused } = routesOf(resource);
  const parts: string[] = [`### ${code(resource.name)} collection`];
  parts.push(
    flagsOf(resource)
      .map((flag) => `- ${flag}`)
      .join('\n'),
  );

  const accessRows = OPERATIONS.map((operation) => [
    operation,
    who(resource.access[operation], operation),
  ]);
  parts.push(table(['Operation', 'Who may'], accessRows));

  parts.push(
    table(
      ['Route', 'Does', 'Who may'],
      routes.map((route) => [route.paths.map(code).join(', '), route.operation, route.who]),
    ),
  );
  if (refused.length) {
    parts.push(
      `Not offered: ${refused.map(code).join(', ')} answer ${code('405')} ` +
        `(${code('401')} without a token).`,
    );
  }

  const actions = Object.entries(resource.actions);
  if (actions.length) {
    parts.push(
      table(
        ['Action', 'On', 'Input'],
        actions.map(([name, action]) => [
          code(name),
          action.on === 'record'
            ? action.bulk
              ? 'one record, or many (bulk)'
              : 'one record'
            : 'the collection',
          inputOf(inputs.get(`${resource.name}/${name}`)!),
        ]),
      ),
    );
  }

  parts.push(shapeOf(resource));
  return parts.join('\n\n');
}

const LEGEND = [
  `Collections, in registry order: ${resources.map((resource) => collectionLink(resource.name)).join(', ')}.`,
  '"Administrators" include super administrators; "own records" means the records whose ' +
    `${code(OWNER_FIELD)} is the caller's id. In the record tables, **system** fields are kept ` +
    `by the server and dropped from bodies (except ${code(OWNER_FIELD)}, which an administrator ` +
    'sends on create); **read-only** fields are shown but never set through the API; **Required** ' +
    `applies to ${code('POST')} and ${code('PUT')}. Records leave the server with these fields ` +
    'only; a secret answers `{ "set": true | false }`.',
].join('\n\n');

/** The generated part of docs/api.md, between the markers. */
async function generate(): Promise<string> {
  // Action inputs load lazily (they keep zod off the dashboard's first load): load them first.
  const inputs = new Map<string, $ZodType>();
  for (const resource of resources) {
    for (const [name, action] of Object.entries(resource.actions)) {
      inputs.set(`${resource.name}/${name}`, await action.input());
    }
  }
  return [LEGEND, ...resources.map((resource) => section(resource, inputs))].join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// Modes

async function prettify(text: string, filepath = DOC): Promise<string> {
  const config = (await resolveConfig(filepath)) ?? {};
  return format(text, { ...config, filepath });
}

/** A file as it is on disk, or '' when it is not there yet. */
function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** docs/api.md with the block replaced, formatted as `prettier --write` would. */
async function documentWith(current: string, block: string): Promise<string> {
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`docs/api.md needs the marker lines ${START} and ${END}, in this order`);
  }
  const next = `${current.slice(0, start + START.length)}\n\n${block}\n\n${current.slice(end)}`;
  return prettify(next);
}

async function main(): Promise<number> {
  const mode = process.argv[2];
  const block = await generate();
  if (mode === undefined) {
    process.stdout.write(await prettify(block));
    return 0;
  }
  if (mode !== '--write' && mode !== '--check') {
    console.error('Usage: tsx scripts/api-docs.ts [--write | --check]');
    return 2;
  }
  const files = [
    { name: 'docs/api.md', path: DOC, next: await documentWith(read(DOC), block) },
    {
      name: 'docs/openapi.json',
      path: OPENAPI,
      next: await prettify(JSON.stringify(await openApiDocument(resources)), OPENAPI),
    },
  ];
  let status = 0;
  for (const file of files) {
    const current = read(file.path);
    if (mode === '--write') {
      if (file.next !== current) writeFileSync(file.path, file.next);
      console.log(`${file.name} ${file.next === current ? 'is up to date' : 'updated'}`);
    } else if (file.next !== current) {
      console.error(outOfDate(file.name));
      status = 1;
    } else {
      console.log(`${file.name} is up to date`);
    }
  }
  return status;
}

main().then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
