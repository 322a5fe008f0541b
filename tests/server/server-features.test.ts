import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineServerFeature } from '../../mock-server/feature';
import { serverFeatures } from '../../mock-server/features';
import { bindServerSides, serverSide } from '../../mock-server/engine/service';
import { resources } from '../../src/resources';
import { apps } from '../../src/resources/apps';
import { admin } from '../../src/schema/access';
import { boolean, text } from '../../src/schema/fields';
import { defineAction, defineResource } from '../../src/schema/resource';
import { ADMIN, startServer, type TestServer } from './helpers';

// One registration path on the server: an area is a ServerFeature in mock-server/features.ts; its
// public routes, its routes, the hooks and action runs it binds to declarations (the objects, not
// their names) and its background work all come from that list.

const noInput = () => import('zod/mini').then((z) => z.object({}));

const gadgets = defineResource({
  name: 'gadgets',
  route: 'gadgets',
  access: admin(),
  labelField: 'label',
  fields: { label: text({ required: true }), stamped: boolean({ readOnly: true }) },
  actions: { ping: defineAction({ on: 'record', input: noInput }) },
});

const work = { started: 0, stopped: 0 };
const gadgetsServer = defineServerFeature({
  name: 'gadgets',
  publicRoutes: [
    ({ store }) =>
      Router().get('/public/gadgets/count', (_req, res, next) => {
        store.count('gadgets').then((count) => res.json({ count }), next);
      }),
  ],
  serverSide: () => [
    serverSide(gadgets, {
      // Runs in the create's transaction: what it writes is stored with the record.
      afterChange: async ({ operation, record, store }) => {
        if (operation === 'create') await store.update('gadgets', record.id, { stamped: true });
      },
      actions: { ping: async ({ record }) => ({ answer: { pong: record!.id } }) },
    }),
  ],
  start: () => {
    work.started += 1;
    return { stop: () => void (work.stopped += 1) };
  },
});

describe('a server feature from the list', () => {
  let server: TestServer;
  let token: string;
  let id: number;
  let closed = false;

  beforeAll(async () => {
    server = await startServer({
      resources: [...resources, gadgets],
      features: [...serverFeatures, gadgetsServer],
    });
    token = await server.login(ADMIN);
    const created = await server.send('POST', '/gadgets', token, { label: 'Kettle' });
    expect(created.status).toBe(201);
    id = (created.body as { id: number }).id;
  });
  afterAll(() => (closed ? undefined : server?.close()));

  it('has its server hook bound to its declaration, inside the write', async () => {
    const { body } = await server.send('GET', `/gadgets/${id}`, token);
    expect(body).toMatchObject({ label: 'Kettle', stamped: true });
  });

  it('runs its declaration’s action', async () => {
    const { status, body } = await server.send('POST', `/gadgets/${id}/ping`, token, {});
    expect(status).toBe(200);
    expect(body).toEqual({ pong: id });
  });

  it('serves its public routes without a token', async () => {
    const { status, body } = await server.send('GET', '/public/gadgets/count', undefined);
    expect(status).toBe(200);
    expect(body).toEqual({ count: 1 });
  });

  it('starts its work with the app and stops it with close()', async () => {
    expect(work).toEqual({ started: 1, stopped: 0 });
    await server.close();
    closed = true;
    expect(work).toEqual({ started: 1, stopped: 1 });
  });
});

describe('the same declaration without its feature', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ resources: [...resources, gadgets] });
  });
  afterAll(() => server?.close());

  it('has no server hook, action run or public route', async () => {
    const token = await server.login(ADMIN);
    const created = await server.send('POST', '/gadgets', token, { label: 'Toaster' });
    const id = (created.body as { id: number }).id;
    expect(created.body).not.toMatchObject({ stamped: true });
    expect((await server.send('POST', `/gadgets/${id}/ping`, token, {})).status).toBe(404);
    expect((await server.send('GET', '/public/gadgets/count', undefined)).status).toBe(401);
  });
});

describe('binding server sides', () => {
  const ping = async () => ({ answer: null });

  it('binds each to the declaration object, not to its name', () => {
    const namesake = { ...gadgets };
    const bound = bindServerSides([serverSide(gadgets, { actions: { ping } })]);
    expect(bound.get(gadgets)?.actions?.ping).toBe(ping);
    expect(bound.get(namesake)).toBeUndefined();
  });

  it('refuses two for one declaration', () => {
    expect(() =>
      bindServerSides([serverSide(gadgets, {}), serverSide(gadgets, { actions: { ping } })]),
    ).toThrow('Two server sides for the resource "gadgets"');
  });

  it('refuses a run for an action the declaration lacks, or runs itself', () => {
    const loose = { ...gadgets, actions: {} } as typeof gadgets;
    expect(() => bindServerSides([serverSide(loose, { actions: { ping } })])).toThrow(
      'gadgets: a server run for the undeclared action "ping"',
    );
    const own = { ...gadgets, actions: { ping: { ...gadgets.actions.ping, run: ping } } };
    expect(() => bindServerSides([serverSide(own, { actions: { ping } })])).toThrow(
      'gadgets: the action "ping" runs in its declaration',
    );
  });

  it('names actions as the declaration does (checked by TypeScript)', () => {
    // `npm run typecheck` fails if either line below stops being an error.
    // @ts-expect-error `pong` is not an action of gadgets
    serverSide(gadgets, { actions: { pong: ping } });
    // @ts-expect-error apps has connect, disconnect and authorize
    serverSide(apps, { actions: { refund: ping } });
    expect(serverSide(apps, { actions: { connect: ping } }).resource).toBe(apps);
  });
});

describe('the registry at startup', () => {
  it('refuses two declarations with one name', async () => {
    const again = defineResource({ ...gadgets, route: 'gadgets-again' });
    await expect(startServer({ resources: [...resources, gadgets, again] })).rejects.toThrow(
      'Two declared resources are named "gadgets"',
    );
  });
});
