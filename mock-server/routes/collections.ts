import type { Request, Response } from 'express';
import jsonServer from 'json-server';
import { collectionScope, visibleIn, type CollectionRule } from '../access/collections';
import { HttpError, sendError } from '../http/errors';
import type { Store } from '../store/store';

/**
 * json-server's router over our lowdb instance (it uses a given instance as is, so it shares the
 * atomic adapter and the in-memory state with the Store). Mounted last, behind collectionGate.
 */
export function collectionsRouter(store: Store, rules: Readonly<Record<string, CollectionRule>>) {
  const router = jsonServer.router(store.db);

  // json-server's own error handler answers 500 with the stack trace; drop it so errors reach
  // ours. It is the only four-argument (error) handler in the router's stack.
  router.stack = router.stack.filter((layer) => layer.handle.length !== 4);

  // Every answer json-server builds passes through here: sanitize and re-check scope.
  router.render = (_req: Request, res: Response) => {
    const data: unknown = res.locals.data;
    const scope = collectionScope(res);
    if (res.statusCode === 404 || !scope) {
      sendError(res, new HttpError(404, 'Not found'));
      return;
    }
    const rule = rules[scope.name];
    const present = (record: unknown) =>
      rule.present ? rule.present(record as Record<string, unknown>) : record;
    if (Array.isArray(data)) {
      const rows = data.filter((record) => visibleIn(scope, record)).map(present);
      // json-server only counts when paginating; always tell the client the total.
      if (!res.getHeader('X-Total-Count')) res.setHeader('X-Total-Count', String(rows.length));
      res.json(rows);
      return;
    }
    if (!visibleIn(scope, data)) {
      sendError(res, new HttpError(404, 'Not found'));
      return;
    }
    res.json(present(data));
  };

  return router;
}
