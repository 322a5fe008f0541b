import { Router, type Request, type Response } from 'express';
import type { Actor } from '../../src/schema/access';
import { offered, type Action } from '../../src/schema/resource';
import { etagOf, parseIfMatch, versionOf } from '../../src/schema/versions';
import { reorderInput, syncInput } from '../../src/schema/actionInputs';
import { actorOf } from '../auth/session';
import { asyncHandler, HttpError, parseBody, unauthorized } from '../http/errors';
import { authorizeWith } from './access';
import { reorder } from './reorder';
import { recordId, ResourceService, type EngineContext } from './service';
import { sync } from './sync';

type Handler = (req: Request, res: Response, actor: Actor) => Promise<void>;

const notAllowed = (allow: string) =>
  new HttpError(405, 'Method not allowed', undefined, { Allow: allow });

/**
 * Routes for every declared resource, all through its ResourceService: the json-server 0.17
 * paths the dashboard's data provider speaks (Refine's simple-rest contract), totals, Sync and
 * reorder, declared actions, children under their parent and singletons. Checks at startup that
 * the store holds every collection.
 */
export function resourceRoutes(ctx: EngineContext): Router {
  // Paths are case-sensitive, as json-server's were: `/USERS` is not a collection.
  const router = Router({ caseSensitive: true });
  const services = new Map(
    ctx.resources.map((resource) => [resource.name, new ResourceService(resource, ctx)]),
  );
  for (const resource of ctx.resources) {
    if (!ctx.store.collections.includes(resource.name)) {
      throw new Error(`The store has no collection for the declared resource "${resource.name}"`);
    }
    mount(router, ctx, services.get(resource.name)!, services);
  }
  return router;
}

function mount(
  router: Router,
  ctx: EngineContext,
  service: ResourceService,
  services: Map<string, ResourceService>,
): void {
  const { resource } = service;
  const base = `/${resource.name}`;
  const route = (handler: Handler) =>
    asyncHandler(async (req, res) => handler(req, res, actorOf(res)));
  /** Refuses a method the declaration offers nobody: 401 without a session, else 405. */
  const refuse = (actor: Actor, action: Action) => {
    if (offered(resource, action)) return;
    if (actor === null) throw unauthorized();
    throw notAllowed('GET, HEAD');
  };
  const allow = (path: string, methods: string[]) =>
    router.all(path, (_req, _res, next) => next(notAllowed(methods.join(', '))));

  const query = (req: Request) => req.query as Record<string, unknown>;

  if (resource.summary) {
    router.get(
      `${base}/summary`,
      route(async (req, res, actor) => {
        res.json(await service.summary(actor, query(req)));
      }),
    );
  }

  // Bulk runs of record actions, before `/:id/<action>` would take `bulk` for an id.
  for (const [name, action] of Object.entries(resource.actions)) {
    if (!action.bulk) continue;
    const path = `${base}/bulk/${name}`;
    router.post(
      path,
      route(async (req, res, actor) => {
        res.json(await service.bulk(actor, name, req.body));
      }),
    );
    allow(path, ['POST']);
  }

  // The engine's actions (Sync, reorder) and the declared ones, collection-wide or per record.
  for (const [name, action] of Object.entries(resource.actions)) {
    const path = action.on === 'record' ? `${base}/:id/${name}` : `${base}/${name}`;
    router.post(
      path,
      route(async (req, res, actor) => {
        if (service.runs(name)) {
          const id = action.on === 'record' ? recordId(req.params.id) : undefined;
          res.json(await service.action(actor, name, req.body, id, ifMatch(req)));
          return;
        }
        const scope = authorizeWith(action.access ?? resource.access.update, 'update', actor);
        if (name === 'sync') {
          res.json(await sync(ctx, resource, actor, parseBody(syncInput, req.body)));
        } else if (name === 'reorder') {
          const input = parseBody(reorderInput, req.body);
          res.json(await reorder(service, ctx.store, scope, input, actor));
        } else {
          throw new HttpError(404, 'Not found');
        }
      }),
    );
    allow(path, ['POST']);
  }

  if (resource.parent) mountChild(router, service, services.get(resource.parent.resource));

  if (resource.singleton) {
    const ownerParam = (req: Request) => req.query.ownerId;
    router.get(
      base,
      route(async (req, res, actor) => {
        sendVersioned(res, service.present(actor, await service.singleton(actor, ownerParam(req))));
      }),
    );
    for (const method of ['put', 'patch'] as const) {
      router[method](
        base,
        route(async (req, res, actor) => {
          const record = await service.singleton(actor, ownerParam(req));
          const mode = method === 'put' ? 'replace' : 'patch';
          const updated = await service.update(
            actor,
            record.id,
            req.body,
            mode,
            undefined,
            ifMatch(req),
          );
          sendVersioned(res, updated);
        }),
      );
    }
    allow(base, ['GET', 'HEAD', 'PUT', 'PATCH']);
  } else {
    router.get(
      base,
      route(async (req, res, actor) => {
        const result = await service.list(actor, query(req));
        res.setHeader('X-Total-Count', String(result.total));
        res.json(result.rows);
      }),
    );
    router.post(
      base,
      route(async (req, res, actor) => {
        refuse(actor, 'create');
        res.status(201).json(await service.create(actor, req.body));
      }),
    );
    allow(base, ['GET', 'HEAD', 'POST']);
  }

  const item = `${base}/:id`;
  router.get(
    item,
    route(async (req, res, actor) => {
      const id = recordId(req.params.id);
      // `?format=<key>`: the record in another shape the server declares (a form as Form.io JSON).
      if (req.query.format !== undefined)
        res.json(await service.getAs(actor, id, req.query.format));
      else sendVersioned(res, await service.get(actor, id));
    }),
  );
  for (const method of ['put', 'patch'] as const) {
    router[method](
      item,
      route(async (req, res, actor) => {
        refuse(actor, 'edit');
        const mode = method === 'put' ? 'replace' : 'patch';
        const id = recordId(req.params.id);
        sendVersioned(
          res,
          await service.update(actor, id, req.body, mode, undefined, ifMatch(req)),
        );
      }),
    );
  }
  router.delete(
    item,
    route(async (req, res, actor) => {
      refuse(actor, 'delete');
      if (resource.singleton) throw notAllowed('GET, HEAD, PUT, PATCH');
      await service.remove(actor, recordId(req.params.id), ifMatch(req));
      res.json({});
    }),
  );
  allow(item, ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE']);
}

/** A record with its version as the `ETag` (a client sends it back as `If-Match`). */
function sendVersioned(res: Response, record: Record<string, unknown>): void {
  res.setHeader('ETag', etagOf(versionOf(record)));
  res.json(record);
}

/** The version `If-Match` names (none for no header or `*`); 400 for anything else. */
export function ifMatch(req: Request): number | undefined {
  const asked = parseIfMatch(req.get('If-Match'));
  if (asked === null) {
    throw new HttpError(400, 'If-Match must name a version of the record, as its ETag says ("3")');
  }
  return asked;
}

/**
 * `/<parent>/:id/<child>`: a parent's children (a form's submissions), visible to whoever may
 * read the parent; created there, a child takes the parent's id and owner.
 */
function mountChild(
  router: Router,
  child: ResourceService,
  parent: ResourceService | undefined,
): void {
  const { resource } = child;
  if (!parent || !resource.parent) {
    throw new Error(`"${resource.name}" names an undeclared parent "${resource.parent?.resource}"`);
  }
  const field = resource.parent.field;
  const path = `/${parent.resource.name}/:parentId/${resource.name}`;
  const parentOf = async (req: Request, actor: Actor) =>
    parent.find(recordId(req.params.parentId), parent.readScope(actor));
  router.get(
    path,
    asyncHandler(async (req, res) => {
      const actor = actorOf(res);
      const owner = await parentOf(req, actor);
      const result = await child.list(actor, req.query as Record<string, unknown>, {
        [field]: owner.id,
      });
      res.setHeader('X-Total-Count', String(result.total));
      res.json(result.rows);
    }),
  );
  router.post(
    path,
    asyncHandler(async (req, res) => {
      const actor = actorOf(res);
      const owner = await parentOf(req, actor);
      const fixed: Record<string, unknown> = { [field]: owner.id };
      if (resource.owned) fixed.ownerId = owner.ownerId;
      res.status(201).json(await child.create(actor, req.body, fixed));
    }),
  );
}
