import { Router, type Response } from 'express';
import { z } from 'zod';
import { bookings as bookingsResource } from '../../src/resources/hotek';
import { message } from '../../src/schema/messages';
import { fieldSchema } from '../../src/schema/validation';
import { hotelBySlug } from '../auth/accounts';
import type { AppContext } from '../context';
import { asyncHandler, HttpError } from '../http/errors';
import { englishMessage } from '../http/messages';
import {
  checkBooking,
  dayMs,
  isoDay,
  placesTaken,
  utcToday,
  weekdayOf,
} from '../../src/resources/hotekRules';

/** What a guest app sends to book: the declaration's own fields, nothing else. */
const GUEST_FIELDS = ['timeslotId', 'date', 'partySize', 'guestName', 'room'] as const;
const guestBookingSchema = z.object(
  Object.fromEntries(
    GUEST_FIELDS.map((name) => [name, fieldSchema(bookingsResource.fields[name])]),
  ),
);

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

/** Any site may call these; answers depend on the moment, so nothing is kept in caches. */
function openToAll(res: Response): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cache-Control', 'no-store');
}

const fieldError = (field: string, key: string) =>
  new HttpError(422, 'Validation failed', {
    [field]: [englishMessage(message(key), 'bookings', field)],
  });

/**
 * Routes guest apps call without signing in: the hotel's active timeslots and booking one.
 * The same rules as for the dashboard apply (weekday, active, capacity).
 */
export function hotekPublicRoutes({ store, now }: AppContext): Router {
  const router = Router();
  const timeslotsOf = (ownerId: number) => store.find('timeslots', { ownerId });

  // Preflight from any origin (a dashboard origin is answered earlier by the CORS middleware).
  router.options(['/public/:slug/bookings', '/public/:slug/timeslots'], (_req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  });

  router.get(
    '/public/:slug/timeslots',
    asyncHandler(async (req, res) => {
      openToAll(res);
      const hotel = await hotelBySlug(store, String(req.params.slug));
      const rawDate = req.query.date;
      let date: string | undefined;
      if (rawDate !== undefined) {
        if (typeof rawDate !== 'string' || dayMs(rawDate) === undefined) {
          throw fieldError('date', 'validation.date');
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
      const hotel = await hotelBySlug(store, String(req.params.slug));
      const input: unknown = req.body === undefined ? {} : req.body;
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        throw new HttpError(400, 'Request body must be a JSON object');
      }
      const result = guestBookingSchema.safeParse(input);
      if (!result.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of result.error.issues) {
          const field = String(issue.path[0] ?? 'body');
          (errors[field] ??= []).push(englishMessage(issue.message, 'bookings', field));
        }
        throw new HttpError(422, 'Validation failed', errors);
      }
      const data = result.data;
      const slot = (await timeslotsOf(hotel.id)).find((row) => row.id === data.timeslotId);
      if (!slot) throw fieldError('timeslotId', 'validation.referenceMissing');
      const day = dayMs(String(data.date));
      if (day === undefined) throw fieldError('date', 'validation.date');
      if (day < utcToday(now())) {
        throw new HttpError(422, 'Validation failed', {
          date: [`Bookings can only be made for today (${isoDay(utcToday(now()))}) or later`],
        });
      }
      const record: Record<string, unknown> = {
        guestName: data.guestName,
        room: data.room ?? '',
        timeslotId: slot.id,
        date: data.date,
        partySize: data.partySize,
        status: 'booked',
        ownerId: hotel.id,
      };
      const stamp = new Date(now()).toISOString();
      // Capacity is checked inside the transaction, so two guests cannot take the last place.
      const row = await store.transaction(async (tx) => {
        await checkBooking(tx, undefined, record);
        return tx.insert('bookings', { ...record, createdAt: stamp, updatedAt: stamp });
      });
      const { ownerId: _ownerId, ...booking } = row;
      res.status(201).json(booking);
    }),
  );

  return router;
}
