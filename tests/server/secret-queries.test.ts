import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/resources';
import { owner } from '../../src/schema/access';
import { text } from '../../src/schema/fields';
import { defineResource } from '../../src/schema/resource';
import { AMSTERDAM, startServer, SUPERADMIN, type TestServer } from './helpers';
import { operatorMay } from './samples';

/**
 * Issue 26, point 7: a secret field (sealed at rest, answered only as `{ "set": … }`) can be
 * neither filtered nor sorted on — `400 Invalid query parameter`, as for an undeclared field —
 * for every declaration in the registry that has one.
 */
const vault = defineResource({
  name: 'vault-items',
  route: 'vault-items',
  owned: true,
  access: owner(),
  labelField: 'label',
  fields: { label: text({ required: true }), pin: text({ secret: true }) },
});
const REGISTRY = [...resources, vault];

const SECRETS = REGISTRY.flatMap((resource) =>
  Object.entries(resource.fields)
    .filter(([, field]) => 'secret' in field && field.secret)
    .map(([name]) => [`${resource.name}.${name}`, resource, name] as const),
);

let server: TestServer;
let tokens: { amsterdam: string; superAdmin: string };
beforeAll(async () => {
  server = await startServer({ resources: REGISTRY });
  const [amsterdam, superAdmin] = await Promise.all([
    server.login(AMSTERDAM),
    server.login(SUPERADMIN),
  ]);
  tokens = { amsterdam, superAdmin };
});
afterAll(async () => {
  await server.close();
});

it('covers the secret fields of the product (app credentials and tokens, client secrets)', () => {
  const names = SECRETS.map(([name]) => name);
  for (const expected of [
    'apps.clientSecret',
    'app-connections.accessToken',
    'app-connections.password',
    'vault-items.pin',
  ]) {
    expect(names).toContain(expected);
  }
});

describe.each(SECRETS)('%s', (_name, resource, field) => {
  it('answers 400 to a filter or a sort on it, like an undeclared field', async () => {
    const token = operatorMay(resource, 'read') ? tokens.amsterdam : tokens.superAdmin;
    const list = await server.send('GET', `/${resource.name}`, token);
    expect(list.status).toBe(200);
    for (const query of [
      `${field}=x`,
      `${field}_like=a`,
      `${field}_ne=x`,
      `${field}_gte=a`,
      `_sort=${field}`,
      `_sort=id,${field}`,
    ]) {
      const answer = await server.send('GET', `/${resource.name}?${query}`, token);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toEqual({
        message: `Invalid query parameter "${query.split('=')[0]}"`,
        statusCode: 400,
      });
    }
  });
});
