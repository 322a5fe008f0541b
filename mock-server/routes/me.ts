import { Router } from 'express';
import { currentUser } from '../auth/session';
import { HttpError } from '../http/errors';
import { publicUser } from '../store/public-user';

/** GET /users/me: the signed-in user (registered before the users collection). */
export function meRoutes(): Router {
  const router = Router();
  router.get('/users/me', (_req, res) => {
    res.json(publicUser(currentUser(res)));
  });
  // Not a user id: without this, PATCH and PUT would reach the users routes as `/users/:id`.
  router.all('/users/me', (_req, res, next) => {
    res.setHeader('Allow', 'GET, HEAD');
    next(new HttpError(405, 'Method not allowed'));
  });
  return router;
}
