import { Router } from 'express';
import type { Where } from '../../src/schema/access';
import { isCalendarDate } from '../../src/schema/format';
import type { Resource } from '../../src/schema/resource';
import { resourceByName } from '../../src/resources';
import type { TodaySummary } from '../../src/schema/today';
import { currentUser } from '../auth/session';
import { authorize } from '../engine/access';
import type { AppContext } from '../context';
import { defineServerFeature } from '../feature';
import { asyncHandler, HttpError } from '../http/errors';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many of each list the panel shows (the count says how many there are). */
const SHOWN = 5;

/** The caller's scope of a resource, or undefined when it may not read it (e.g. Hotek not connected). */
function scopeOf(name: string, actor: ReturnType<typeof currentUser>): Where | undefined {
  const resource = resourceByName(name) as Resource;
  try {
    const scope = authorize(resource, 'read', actor);
    return scope === true ? {} : scope;
  } catch {
    return undefined;
  }
}

/**
 * GET /today?date=YYYY-MM-DD: what needs doing at the caller's hotel, in one answer for the
 * operator's overview — orders waiting for confirmation, new guest requests, the Hotek bookings
 * of the day and the next, the notification showing now, and what needs translation. `date` is
 * the caller's today (its own time zone); UTC's when omitted. Each part follows the access
 * rules of its resource: a part the caller may not list is null.
 */
export function todayRoutes({ store, now }: AppContext): Router {
  const router = Router();
  router.get(
    '/today',
    asyncHandler(async (req, res) => {
      const actor = currentUser(res);
      const asked = req.query.date;
      if (asked !== undefined && (typeof asked !== 'string' || !isCalendarDate(asked))) {
        throw new HttpError(400, 'date must be a day, as YYYY-MM-DD');
      }
      const today = asked ?? new Date(now()).toISOString().slice(0, 10);
      const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS)
        .toISOString()
        .slice(0, 10);

      const orders = scopeOf('pos-transactions', actor);
      const requests = scopeOf('submissions', actor);
      const bookings = scopeOf('bookings', actor);
      const notices = scopeOf('notifications', actor);
      const pages = scopeOf('pages', actor);
      const amenities = scopeOf('amenities', actor);

      const pendingWhere = orders && { ...orders, status: 'pending' };
      const bookingsWhere = bookings && {
        ...bookings,
        date: { in: [today, tomorrow] },
        status: { ne: 'cancelled' },
      };
      const nowIso = new Date(now()).toISOString();
      const [pendingCount, pendingRows, newRequests, booked, showing, untranslated] =
        await Promise.all([
          pendingWhere ? store.count('pos-transactions', pendingWhere) : undefined,
          pendingWhere
            ? store.find('pos-transactions', pendingWhere, {
                sort: [{ field: 'createdAt', order: 'asc' }],
                limit: SHOWN,
              })
            : [],
          requests ? store.count('submissions', { ...requests, status: 'new' }) : undefined,
          bookingsWhere
            ? store.find('bookings', bookingsWhere, { sort: [{ field: 'date', order: 'asc' }] })
            : undefined,
          notices
            ? store.find(
                'notifications',
                { ...notices, startDate: { lte: nowIso }, endDate: { gt: nowIso } },
                { sort: [{ field: 'endDate', order: 'asc' }], limit: 1 },
              )
            : undefined,
          Promise.all([
            pages ? store.count('pages', { ...pages, needsTranslation: true }) : 0,
            amenities ? store.count('amenities', { ...amenities, needsTranslation: true }) : 0,
          ]),
        ]);

      const slots = new Map(
        booked?.length
          ? (
              await store.find('timeslots', {
                id: { in: [...new Set(booked.map((row) => Number(row.timeslotId)))] },
              })
            ).map((slot) => [slot.id, slot])
          : [],
      );
      const day = (date: string) =>
        (booked ?? [])
          .filter((row) => row.date === date)
          .map((row) => {
            const slot = slots.get(Number(row.timeslotId));
            return {
              id: row.id,
              timeslotId: Number(row.timeslotId),
              service: String(slot?.serviceName ?? ''),
              startTime: String(slot?.startTime ?? ''),
              endTime: String(slot?.endTime ?? ''),
              guestName: String(row.guestName ?? ''),
              room: String(row.room ?? ''),
              partySize: Number(row.partySize ?? 1),
            };
          })
          .sort((a, b) => (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : 0));

      const notice = showing?.[0];
      const summary: TodaySummary = {
        date: today,
        pendingOrders:
          pendingCount === undefined
            ? null
            : {
                count: pendingCount,
                items: pendingRows.map((row) => ({
                  id: row.id,
                  number: String(row.number ?? ''),
                  total: Number(row.total ?? 0),
                  room: String(row.room ?? ''),
                  createdAt: String(row.createdAt ?? ''),
                })),
              },
        newRequests: newRequests ?? null,
        bookings: booked ? { today: day(today), tomorrow: day(tomorrow) } : null,
        notification:
          notices === undefined
            ? null
            : {
                active: notice
                  ? {
                      id: notice.id,
                      message: String(notice.message ?? ''),
                      endDate: String(notice.endDate),
                    }
                  : null,
              },
        needsTranslation: { pages: untranslated[0], amenities: untranslated[1] },
      };
      res.json(summary);
    }),
  );
  return router;
}

/** The operator's overview: what needs doing today. */
export const todayServer = defineServerFeature({ name: 'today', routes: [todayRoutes] });
