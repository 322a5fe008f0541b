import { Router } from 'express';
import { currentPerson, currentUser } from '../auth/session';
import type { AppContext } from '../context';
import { defineServerFeature } from '../feature';
import { z } from 'zod';
import { authorize } from '../engine/access';
import { ResourceService } from '../engine/service';
import { asyncHandler, parseBody, unauthorized } from '../http/errors';
import { bearerOf, sessionIdOf } from './streams';

/**
 * `POST /events/ticket`: a short-lived, single-use ticket for the caller's session, so the
 * browser's EventSource (which sends no headers) opens the stream without the token in the
 * address.
 */
function ticketRoute(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/events/ticket',
    asyncHandler(async (req, res) => {
      const actor = currentUser(res);
      const token = bearerOf(req.headers.authorization);
      if (!token) throw unauthorized();
      const verified = await ctx.tokens.verify(token);
      // A person's stream follows the hotel this request acted for (its X-Hotel).
      const hotel = actor.personId !== undefined ? actor.id : undefined;
      const ticket = await ctx.events.ticket(verified, sessionIdOf(token), hotel);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ ticket });
    }),
  );
  return router;
}

const presenceBody = z.object({
  stream: z.string().min(1).max(64),
  resource: z.string().min(1).max(64),
  id: z.number().int().positive(),
  editing: z.boolean(),
});

/**
 * `POST /events/presence`: "I have this record open in an edit form" (and `editing: false` when
 * I close it), sent again every 20 s while it is open. Others who may read it see who.
 */
function presenceRoute(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/events/presence',
    asyncHandler(async (req, res) => {
      const user = currentUser(res);
      const input = parseBody(presenceBody, req.body);
      // Named as the person, not the hotel they act for: two people of one hotel see each other.
      const person = currentPerson(res);
      await ctx.events.announce({ id: person.id, name: person.name }, input, (resource, id) =>
        new ResourceService(resource, ctx).find(id, authorize(resource, 'read', user)),
      );
      res.status(204).end();
    }),
  );
  return router;
}

/** `GET /events?ticket=…`: the Server-Sent Events stream of the ticket's session. */
function streamRoute(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/events',
    asyncHandler(async (req, res) => {
      // EventSource resumes with the header; a client that opens a new one passes it in the query.
      const header = req.headers['last-event-id'];
      const query = req.query.lastEventId;
      const last = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
      await ctx.events.open(res, req.query.ticket, last.slice(0, 64) || undefined);
    }),
  );
  return router;
}

/** Live updates: what changed, as it changes (issue 38). */
export const eventsServer = defineServerFeature({
  name: 'events',
  publicRoutes: [streamRoute],
  routes: [ticketRoute, presenceRoute],
});
