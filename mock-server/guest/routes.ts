import { Router } from 'express';
import { z } from 'zod';
import { hotelBySlug } from '../auth/accounts';
import type { AppContext } from '../context';
import { asyncHandler, HttpError, parseBody } from '../http/errors';
import { clientAddress } from '../http/rateLimit';
import { guestPreflight, openToAll } from './open';
import { stayIsCurrent } from './sessions';

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);

/** A guest proves the stay with its booking reference, or with the room and the surname. */
const sessionBody = z.union(
  [
    z.object({ reference: text('Booking reference', 40) }),
    z.object({ room: text('Room', 40), surname: text('Surname', 120) }),
  ],
  { error: 'Send the booking reference, or the room and the surname' },
);

/** Case, accents' encoding and surrounding spaces do not matter when a guest types them. */
const same = (a: unknown, b: string) =>
  String(a).normalize('NFC').trim().toLowerCase() === b.normalize('NFC').trim().toLowerCase();

/**
 * `POST /public/:slug/guest-session`: a guest app exchanges proof of a current stay for a
 * short-lived guest token; room charges and bookings made with it are bound to that stay.
 */
export function guestSessionRoutes({ store, guests, guestLimits, now }: AppContext): Router {
  const router = Router();
  const path = '/public/:slug/guest-session';

  guestPreflight(router, path, 'POST');

  router.post(
    path,
    asyncHandler(async (req, res) => {
      openToAll(res);
      const address = clientAddress(req.ip);
      // Guessing rooms and surnames is slowed down per device before anything is looked up.
      await guestLimits.failedSessions.check(address);
      const hotel = await hotelBySlug(store, String(req.params.slug));
      const proof = parseBody(sessionBody, req.body);
      const current = (await store.find('stays', { ownerId: hotel.id })).filter((stay) =>
        stayIsCurrent(stay, now()),
      );
      const stay = current.find((candidate) =>
        'reference' in proof
          ? same(candidate.reference, proof.reference)
          : same(candidate.room, proof.room) && same(candidate.guestName, proof.surname),
      );
      if (!stay) {
        await guestLimits.failedSessions.record(address);
        throw new HttpError(401, 'We could not find a current stay with these details');
      }
      const session = await guests.sign(stay);
      res.status(201).json({
        ...session,
        stay: {
          room: stay.room,
          guestName: stay.guestName,
          arrival: stay.arrival,
          departure: stay.departure,
        },
      });
    }),
  );

  return router;
}
