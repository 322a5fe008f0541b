import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaName, type OpenApiDocument, type Schema } from '../../mock-server/openapi';
import { resources } from '../../src/resources';
import type { Resource } from '../../src/schema/resource';
import { ADMIN, AMSTERDAM, PASSWORD, startServer, type Answer, type TestServer } from './helpers';
import { invalidValue, operatorMay, sampleBody, type OwnerContext } from './samples';

/**
 * Issue 39 (5): the OpenAPI description the API serves is the committed docs/openapi.json, a
 * valid OpenAPI 3.1 document by a standard validator, and the API's real answers — every
 * collection's list, one record, a created one, and its errors — match the schemas it declares.
 */

type Row = Record<string, unknown>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

const DOCUMENT_ID = 'https://stay-console.test/openapi.json';
/** A JSON pointer's escaping of one key (`/users/{id}` → `~1users~1{id}`). */
const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

let server: TestServer;
let document: OpenApiDocument;
let operator: string;
let admin: string;
let ctx: OwnerContext;
let ajv: Ajv2020;

beforeAll(async () => {
  server = await startServer();
  [operator, admin] = await Promise.all([server.login(AMSTERDAM), server.login(ADMIN)]);
  const amsterdam = await server.data.one('users', { email: AMSTERDAM });
  ctx = {
    server,
    token: operator,
    owner: { id: amsterdam.id, locales: amsterdam.locales as readonly string[] },
    registry: resources,
  };
  document = (await server.send('GET', '/openapi.json')).body as OpenApiDocument;
  // The document's root holds OpenAPI's own keywords (paths, components), not JSON Schema ones:
  // they are known words to Ajv, and the schemas inside are compiled by their JSON pointers, so
  // their own `#/components/...` references resolve in the document as in any OpenAPI tool.
  ajv = new Ajv2020({ allErrors: true, strictTypes: false });
  addFormats.default(ajv);
  ajv.addVocabulary(Object.keys(document));
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
});

afterAll(async () => {
  await server.close();
});

/**
 * Checks an answer against the document: its status is declared for the route, its body matches
 * the declared schema, and a declared `X-Total-Count` or `ETag` header is there.
 */
function conforms(pathKey: string, method: Method, answer: Answer): void {
  const where = `${method.toUpperCase()} ${pathKey} → ${answer.status}`;
  const operation = document.paths[pathKey]?.[method] as
    { responses: Record<string, Schema & { content?: Row; headers?: Row }> } | undefined;
  expect(operation, `${where}: not in the document`).toBeDefined();
  let response = operation!.responses[String(answer.status)];
  expect(response, `${where}: status not declared (${answer.text.slice(0, 300)})`).toBeDefined();
  let pointer = `/paths/${escape(pathKey)}/${method}/responses/${answer.status}`;
  if (typeof response!.$ref === 'string') {
    // '#/components/responses/Error404': the shared error answer.
    const name = response!.$ref.split('/').pop()!;
    response = document.components.responses[name] as typeof response;
    pointer = `/components/responses/${name}`;
  }
  const schemaPointer = `${pointer}/content/application~1json/schema`;
  const validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${schemaPointer}` });
  expect(validate(answer.body), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  for (const header of Object.keys(response!.headers ?? {})) {
    if (header === 'Retry-After' || header === 'Allow') continue;
    expect(answer.headers.get(header), `${where}: header ${header}`).toMatch(/^("\d+"|\d+)$/);
  }
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? JSON.parse(text) : undefined,
  };
}

/** Who reads a collection here: Amsterdam's hotel where an operator may, else an administrator. */
const readerOf = (resource: Resource) => (operatorMay(resource, 'read') ? operator : admin);

describe('GET /openapi.json', () => {
  it('answers the committed docs/openapi.json, without a token', async () => {
    const answer = await server.send('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    const committed: unknown = JSON.parse(
      fs.readFileSync(path.resolve('docs/openapi.json'), 'utf8'),
    );
    expect(answer.body).toEqual(committed);
  });

  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    const validated = await SwaggerParser.validate(structuredClone(document) as never);
    expect((validated as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('names every public route docs/api.md documents', () => {
    const doc = fs.readFileSync(path.resolve('docs/api.md'), 'utf8');
    const documented = [...doc.matchAll(/^###.*`(GET|POST) (\/[^`]+)` \(public\)$/gm)].map(
      ([, method, route]) => [method!.toLowerCase(), route!.replace(/[:<](\w+)>?/g, '{$1}')],
    );
    expect(documented.length).toBeGreaterThan(10);
    for (const [method, route] of documented) {
      const operation = document.paths[route!]?.[method!] as { security?: Row[] } | undefined;
      expect(operation, `${method!.toUpperCase()} ${route!}`).toBeDefined();
      // Public: callable without a token.
      expect(operation!.security, route).toContainEqual({});
    }
  });

  it('covers every declared collection with its routes and schemas', () => {
    for (const resource of resources) {
      const base = `/${resource.name}`;
      expect(document.paths[base]?.get, base).toBeDefined();
      expect(document.paths[`${base}/{id}`]?.get, `${base}/{id}`).toBeDefined();
      for (const action of Object.keys(resource.actions)) {
        const onRecord = resource.actions[action]!.on === 'record';
        const actionPath = onRecord ? `${base}/{id}/${action}` : `${base}/${action}`;
        expect(document.paths[actionPath]?.post, actionPath).toBeDefined();
      }
    }
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ scheme: 'bearer' });
  });
});

describe('the answers of sign-in and who-am-I', () => {
  it('a session (200), a wrong password (401), a bad body (422) and the signed-in user', async () => {
    const login = (json: unknown) => server.send('POST', '/auth/login', undefined, json);
    const signedIn = await login({ email: ADMIN, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    conforms('/auth/login', 'post', signedIn);
    const wrong = await login({ email: ADMIN, password: `${PASSWORD}x` });
    expect(wrong.status).toBe(401);
    conforms('/auth/login', 'post', wrong);
    const bad = await login({ email: 'not an address' });
    expect(bad.status).toBe(422);
    conforms('/auth/login', 'post', bad);
    const me = await server.send('GET', '/users/me', operator);
    expect(me.status).toBe(200);
    conforms('/users/me', 'get', me);
  });
});

describe.each(resources.map((resource) => [resource.name, resource] as const))(
  'the answers of %s',
  (name, resource) => {
    const base = `/${name}`;

    it(
      resource.singleton ? 'the tenant’s record' : 'its list, and one of its records',
      async () => {
        const token = resource.singleton ? operator : readerOf(resource);
        if (resource.singleton) {
          conforms(base, 'get', await server.send('GET', base, token));
          return;
        }
        const list = await server.send('GET', `${base}?_page=1&_limit=50`, token);
        expect(list.status, list.text).toBe(200);
        conforms(base, 'get', list);
        const rows = list.body as Row[];
        if (rows.length === 0) return;
        const one = await server.send('GET', `${base}/${String(rows[0]!.id)}`, token);
        expect(one.status, one.text).toBe(200);
        conforms(`${base}/{id}`, 'get', one);
      },
    );

    it('its totals, its records under a parent, Sync and reorder, where declared', async () => {
      const token = readerOf(resource);
      if (resource.summary) {
        const totals = await server.send('GET', `${base}/summary`, token);
        expect(totals.status, totals.text).toBe(200);
        conforms(`${base}/summary`, 'get', totals);
      }
      if (resource.parent) {
        const parents = await server.send('GET', `/${resource.parent.resource}?_limit=1`, token);
        const parent = (parents.body as Row[])[0];
        expect(parent, `a ${resource.parent.resource} record`).toBeDefined();
        const nested = `/${resource.parent.resource}/{id}${base}`;
        const children = await server.send(
          'GET',
          `/${resource.parent.resource}/${String(parent!.id)}${base}`,
          token,
        );
        expect(children.status, children.text).toBe(200);
        conforms(nested, 'get', children);
      }
      if (!operatorMay(resource, 'update')) return;
      const own = (await server.send('GET', `${base}?_sort=position&_limit=50`, operator))
        .body as Row[];
      if (resource.orderable && own.length >= 2) {
        const ids = [own[1]!.id, own[0]!.id];
        const reordered = await server.send('POST', `${base}/reorder`, operator, { ids });
        expect(reordered.status, reordered.text).toBe(200);
        conforms(`${base}/reorder`, 'post', reordered);
      }
      if (resource.localized && own.length) {
        const synced = await server.send('POST', `${base}/sync`, operator, {
          locale: own[0]!.locale,
        });
        expect(synced.status, synced.text).toBe(200);
        conforms(`${base}/sync`, 'post', synced);
      }
    });

    it('its errors: a missing record (404) and a bad query (400)', async () => {
      const token = readerOf(resource);
      const missing = await server.send('GET', `${base}/2147480000`, token);
      expect(missing.status).toBe(404);
      conforms(`${base}/{id}`, 'get', missing);
      if (!resource.singleton) {
        const bad = await server.send('GET', `${base}?notAField=1`, token);
        expect(bad.status).toBe(400);
        conforms(base, 'get', bad);
      }
      const anonymous = await server.send('GET', `${base}/2147480000`);
      if (anonymous.status === 401) conforms(`${base}/{id}`, 'get', anonymous);
    });

    if (!resource.singleton && operatorMay(resource, 'create')) {
      it('a created record (201) from a body its create schema takes, a refused one (422), a stale write (412), a write and a delete', async () => {
        const body = await sampleBody(resource, ctx);
        const takes = ajv.compile({
          $ref: `${DOCUMENT_ID}#/components/schemas/${schemaName(name, 'Create')}`,
        });
        expect(takes(body), ajv.errorsText(takes.errors)).toBe(true);
        const created = await server.send('POST', base, operator, body);
        expect(created.status, created.text).toBe(201);
        conforms(base, 'post', created);
        const item = `${base}/${String((created.body as Row).id)}`;
        if (operatorMay(resource, 'update')) {
          // A write with a version the record is not at (412, with the conflict), then its own.
          const version = Number((created.body as Row).version);
          const stale = await server.request('PATCH', item, {
            token: operator,
            json: {},
            headers: { 'If-Match': `"${version + 1}"` },
          });
          const staleAnswer = await answerOf(stale);
          expect(staleAnswer.status, staleAnswer.text).toBe(412);
          conforms(`${base}/{id}`, 'patch', staleAnswer);
          const patched = await answerOf(
            await server.request('PATCH', item, {
              token: operator,
              json: {},
              headers: { 'If-Match': `"${version}"` },
            }),
          );
          expect(patched.status, patched.text).toBe(200);
          conforms(`${base}/{id}`, 'patch', patched);
        }
        if (operatorMay(resource, 'delete')) {
          const removed = await server.send('DELETE', item, operator);
          expect(removed.status, removed.text).toBe(200);
          conforms(`${base}/{id}`, 'delete', removed);
        }
        const { field, value } = invalidValue(resource);
        const refused = await server.send('POST', base, operator, { ...body, [field]: value });
        expect(refused.status).toBe(422);
        conforms(base, 'post', refused);
      });
    }
  },
);
