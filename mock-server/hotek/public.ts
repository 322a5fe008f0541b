import { Router } from 'express';
import { bookings as bookingsResource } from '../../src/resources/hotek';
import { message } from '../../src/schema/messages';
import { connectedAppKeys } from '../apps';
import { hotelBySlug } from '../auth/accounts';
import type { AppContext } from '../context';
import { presentToGuests } from '../engine/present';
import { ResourceService } from '../engine/service';
import { guestPreflight, openToAll } from '../guest/open';
import { clientAddress } from '../http/rateLimit';
import { asyncHandler, HttpError } from '../http/errors';
import { invalidFields } from '../http/messages';
import { dayMs, isoDay, placesTaken, utcToday, weekdayOf } from '../../src/resources/hotekRules';

/** What a guest app sends to book: the declaration's own fields, nothing else. */
const GUEST_FIELDS = ['timeslotId', 'date', 'partySize', 'guestName', 'room'] as const;
/** With a guest session, the name and room come from the stay. */
const STAY_FIELDS = ['timeslotId', 'date', 'partySize'] as const;

/** A timeslot as guest apps see it; `placesLeft` when they ask about one date. */
export interface PublicTimeslot {
  id: number;
  serviceName: string;
  weekdays: string[];
  startTime: string;
  endTime: string;
  capacity: number;
  placesLeft?: number;
}

/**
 * Routes guest apps call without signing in: the hotel's active timeslots and booking one.
 * The same rules as for the dashboard apply (weekday, active, capacity).
 */
export function hotekPublicRoutes(ctx: AppContext): Router {
  const { store, now, guests, guestLimits } = ctx;
  const router = Router();
  const bookings = new ResourceService(bookingsResource, ctx);
  const timeslotsOf = (ownerId: number) => store.find('timeslots', { ownerId });
  /** A hotel whose guest app offers Hotek: it has connected the app (else 404, as no hotel). */
  const hotekHotel = async (slug: string) => {
    const hotel = await hotelBySlug(store, slug);
    if (!(await connectedAppKeys(store, hotel.id)).includes('hotek')) {
      throw new HttpError(404, 'Not found');
    }
    return hotel;
  };

  guestPreflight(router, ['/public/:slug/bookings', '/public/:slug/timeslots'], 'GET, POST');

  router.get(
    '/public/:slug/timeslots',
    asyncHandler(async (req, res) => {
      openToAll(res);
      const hotel = await hotekHotel(String(req.params.slug));
      const rawDate = req.query.date;
      let date: string | undefined;
      if (rawDate !== undefined) {
        if (typeof rawDate !== 'string' || dayMs(rawDate) === undefined) {
          throw invalidFields('bookings', { date: [message('validation.date')] });
        }
        date = rawDate;
      }
      const taken = date ? await store.find('bookings', { ownerId: hotel.id, date }) : [];
      const slots = (await timeslotsOf(hotel.id))
        .filter((row) => row.active !== false)
        .filter((row) => !date || (row.weekdays as string[]).includes(weekdayOf(dayMs(date)!)))
        .sort(
          (a, b) =>
            String(a.serviceName).localeCompare(String(b.serviceName)) ||
            String(a.startTime).localeCompare(String(b.startTime)) ||
            a.id - b.id,
        );
      const body: PublicTimeslot[] = slots.map((row) => ({
        id: row.id,
        serviceName: String(row.serviceName),
        weekdays: [...(row.weekdays as string[])],
        startTime: String(row.startTime),
        endTime: String(row.endTime),
        capacity: Number(row.capacity),
        ...(date
          ? {
              placesLeft: Math.max(0, Number(row.capacity) - placesTaken(taken, row.id, date)),
            }
          : {}),
      }));
      res.json(body);
    }),
  );

  router.post(
    '/public/:slug/bookings',
    asyncHandler(async (req, res) => {
      openToAll(res);
      await guestLimits.writes.take(clientAddress(req.ip));
      const hotel = await hotekHotel(String(req.params.slug));
      // A booking must be for today or later (guests cannot book the past; the desk can).
      const date = (req.body as { date?: unknown } | undefined)?.date;
      const day = typeof date === 'string' ? dayMs(date) : undefined;
      if (day !== undefined && day < utcToday(now())) {
        throw new HttpError(422, 'Validation failed', {
          date: [`Bookings can only be made for today (${isoDay(utcToday(now()))}) or later`],
        });
      }
      // The declaration's rules, its capacity hook and one transaction: the pipeline's.
      // With a guest session the booking is the stay's: its guest's name and room.
      const stay = await guests.stayOf(req, store, hotel.id);
      const row = await bookings.createFor(hotel.id, req.body, {
        fields: stay ? STAY_FIELDS : GUEST_FIELDS,
        fixed: {
          status: 'booked',
          ...(stay ? { guestName: stay.guestName, room: stay.room, stayId: stay.id } : {}),
        },
      });
      res.status(201).json(presentToGuests(bookingsResource, row));
    }),
  );

  return router;
}
