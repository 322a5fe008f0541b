import { Router } from 'express';
import { users } from '../../src/resources/users';
import { currentUser } from '../auth/session';
import type { AppContext } from '../context';
import { presenter } from '../engine/present';
import { HttpError } from '../http/errors';

/** GET /users/me: the signed-in user (registered before the users collection). */
export function meRoutes(_ctx: AppContext): Router {
  const router = Router();
  router.get('/users/me', (_req, res) => {
    const me = currentUser(res);
    // Shown as to an administrator: every declared field of one's own account, nothing else.
    res.json(presenter(users, me)(me as unknown as Record<string, unknown>));
  });
  // Not a user id: without this, PATCH and PUT would reach the users routes as `/users/:id`.
  router.all('/users/me', (_req, res, next) => {
    res.setHeader('Allow', 'GET, HEAD');
    next(new HttpError(405, 'Method not allowed'));
  });
  return router;
}
