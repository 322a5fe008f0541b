import { Router } from 'express';
import type { Where } from '../../src/schema/access';
import { isCalendarDate } from '../../src/schema/format';
import type { VisitStats } from '../../src/schema/user';
import { visits } from '../../src/resources/visits';
import { currentUser } from '../auth/session';
import { authorize } from '../engine/access';
import type { AppContext } from '../context';
import { asyncHandler, HttpError } from '../http/errors';

/** How many hotels the administrators' ranking names (`top`, at most TOP_MAX). */
const TOP_DEFAULT = 5;
const TOP_MAX = 50;

/** A query value that must be one text of `pattern` when given. */
function param(
  value: unknown,
  valid: RegExp | ((value: string) => boolean),
  message: string,
): string | undefined {
  if (value === undefined) return undefined;
  const ok = typeof valid === 'function' ? valid : (text: string) => valid.test(text);
  if (typeof value !== 'string' || !ok(value)) throw new HttpError(400, message);
  return value;
}

/**
 * GET /stats: visitors per day, for the caller's hotel or (administrators) all hotels or one
 * (`ownerId`; a hotel's own is ignored: its scope decides), within `from`–`to` (days, inclusive);
 * administrators looking at all hotels also get the `top` hotels by visitors. Summed by the
 * store (a GROUP BY on PostgreSQL), never by reading the visits.
 */
export function statsRoutes({ store }: AppContext): Router {
  const router = Router();
  router.get(
    '/stats',
    asyncHandler(async (req, res) => {
      // The visits declaration's access decides: an operator's own, an administrator's choice.
      const scope = authorize(visits, 'read', currentUser(res));
      const wanted = param(req.query.ownerId, /^[1-9]\d*$/, 'ownerId must be a user id');
      const from = param(req.query.from, isCalendarDate, 'from must be a day (YYYY-MM-DD)');
      const to = param(req.query.to, isCalendarDate, 'to must be a day (YYYY-MM-DD)');
      const top = Number(param(req.query.top, /^\d{1,3}$/, 'top must be a number') ?? TOP_DEFAULT);
      if (from && to && from > to) throw new HttpError(400, 'from must not be after to');
      const owner: Where =
        scope !== true ? scope : wanted === undefined ? {} : { ownerId: Number(wanted) };
      // One condition per field in a Where: the upper bound goes in a one-branch `or`.
      const where: Where = {
        ...owner,
        ...(from && { date: { gte: from } }),
        ...(to && { or: [{ date: { lte: to } }] }),
      };
      const perDay = await store.totalsBy(visits.name, 'date', where, ['visitors']);
      const daily = [...perDay]
        .map(([date, totals]) => ({ date: String(date), visitors: totals.sums.visitors ?? 0 }))
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      const stats: VisitStats = {
        totalVisitors: daily.reduce((sum, day) => sum + day.visitors, 0),
        daily,
      };
      if (scope === true && wanted === undefined) {
        stats.topHotels = await topHotels(store, where, Math.min(top, TOP_MAX));
      }
      res.json(stats);
    }),
  );
  return router;
}

/** The hotels with the most visitors within `where`, most first (ties: the lower id first). */
async function topHotels(
  store: AppContext['store'],
  where: Where,
  count: number,
): Promise<NonNullable<VisitStats['topHotels']>> {
  if (count === 0) return [];
  const perHotel = await store.totalsBy(visits.name, 'ownerId', where, ['visitors']);
  const ranked = [...perHotel]
    .map(([id, totals]) => ({ id: Number(id), visitors: totals.sums.visitors ?? 0 }))
    .sort((a, b) => b.visitors - a.visitors || a.id - b.id)
    .slice(0, count);
  const hotels = ranked.length
    ? await store.find('users', { id: { in: ranked.map((hotel) => hotel.id) } })
    : [];
  const byId = new Map(hotels.map((hotel) => [hotel.id, hotel]));
  return ranked.map(({ id, visitors }) => {
    const hotel = byId.get(id);
    return { id, name: String(hotel?.company || hotel?.name || `#${id}`), visitors };
  });
}
