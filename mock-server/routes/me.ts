import { Router } from 'express';
import { currentUser } from '../auth/session';
import { publicUser } from '../store/public-user';

/** GET /users/me: the signed-in user (registered before the users collection). */
export function meRoutes(): Router {
  const router = Router();
  router.get('/users/me', (_req, res) => {
    res.json(publicUser(currentUser(res)));
  });
  return router;
}
