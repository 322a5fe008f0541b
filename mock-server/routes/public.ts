import { Router } from 'express';
import { hotelBySlug } from '../auth/accounts';
import type { AppContext } from '../context';
import { openToAll } from '../guest/open';
import { asyncHandler } from '../http/errors';
import type { GuestNotification } from '../store/types';

/** What a guest app gets of a notification: the text and its period, nothing about the owner. */
export type PublicNotification = Pick<GuestNotification, 'message' | 'startDate' | 'endDate'>;

/**
 * Routes guest apps call without signing in, addressed by the hotel's slug. Only operators
 * (hotels) that may sign in have public content; anything else answers 404 like an unknown slug.
 */
export function publicRoutes({ store, now }: AppContext): Router {
  const router = Router();

  router.get(
    '/public/:slug/notification',
    asyncHandler(async (req, res) => {
      const owner = await hotelBySlug(store, String(req.params.slug));
      const at = now();
      const notifications = await store.find('notifications', {
        ownerId: owner.id,
      });
      // Periods of one owner never overlap; should stored data disagree, the latest start wins.
      const active = notifications
        .filter((row) => Date.parse(row.startDate) <= at && at < Date.parse(row.endDate))
        .sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate))[0];
      // Any site may show it; it changes with time, so it is not kept in caches.
      openToAll(res);
      if (!active) {
        res.status(204).end();
        return;
      }
      const body: PublicNotification = {
        message: active.message,
        startDate: active.startDate,
        endDate: active.endDate,
      };
      res.json(body);
    }),
  );

  return router;
}
