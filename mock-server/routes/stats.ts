import { Router } from 'express';
import type { VisitStats } from '../../src/schema/user';
import { visits } from '../../src/resources/visits';
import { currentUser } from '../auth/session';
import { authorize } from '../engine/access';
import type { AppContext } from '../context';
import { asyncHandler, HttpError } from '../http/errors';
import type { Visit } from '../store/types';

/** GET /stats: visits per day, for the caller's tenant or (admins) all tenants or one. */
export function statsRoutes({ store }: AppContext): Router {
  const router = Router();
  router.get(
    '/stats',
    asyncHandler(async (req, res) => {
      // The visits declaration's access decides: an operator's own, an administrator's choice.
      const scope = authorize(visits, 'read', currentUser(res));
      const wanted = req.query.ownerId;
      if (wanted !== undefined && (typeof wanted !== 'string' || !/^[1-9]\d*$/.test(wanted))) {
        throw new HttpError(400, 'ownerId must be a user id');
      }
      const where =
        scope !== true ? scope : wanted === undefined ? undefined : { ownerId: Number(wanted) };
      const perDay = new Map<string, number>();
      for (const visit of (await store.find('visits', where)) as unknown as Visit[]) {
        perDay.set(visit.date, (perDay.get(visit.date) ?? 0) + visit.visitors);
      }
      const daily = [...perDay]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([date, visitors]) => ({ date, visitors }));
      const stats: VisitStats = {
        totalVisitors: daily.reduce((sum, day) => sum + day.visitors, 0),
        daily,
      };
      res.json(stats);
    }),
  );
  return router;
}
