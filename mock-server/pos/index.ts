import { Router } from 'express';
import { posTransactions } from '../../src/resources/pos';
import { hotelBySlug } from '../auth/accounts';
import type { AppContext } from '../context';
import { presentToGuests } from '../engine/present';
import { ResourceService } from '../engine/service';
import { guestPreflight, openToAll } from '../guest/open';
import { asyncHandler } from '../http/errors';
import { clientAddress } from '../http/rateLimit';
import { placeOrder } from './orders';
import { defineServerFeature } from '../feature';

export { buildPosSeed } from './seed';

// Point of sale on the server: pricing (./pricing), guest orders (./orders), demo data (./seed).
// The till's other rules (VAT rates, stock, numbering, refunds) are declared with the resources.

/**
 * Public routes for guest apps: POST /public/:slug/orders. Room charges need a guest session
 * (`Authorization: Bearer <guestToken>`); orders are limited per device and per room.
 */
export function posPublicRoutes(ctx: AppContext): Router {
  const { store, now, guests, guestLimits } = ctx;
  const router = Router();
  const transactions = new ResourceService(posTransactions, ctx);
  const path = '/public/:slug/orders';

  guestPreflight(router, path, 'POST');

  router.post(
    path,
    asyncHandler(async (req, res) => {
      openToAll(res);
      await guestLimits.writes.take(clientAddress(req.ip));
      const owner = await hotelBySlug(store, String(req.params.slug));
      const stay = await guests.stayOf(req, store, owner.id);
      const method = (req.body as { paymentMethod?: unknown } | undefined)?.paymentMethod;
      if (stay && (method === undefined || method === 'roomCharge')) {
        await guestLimits.charges.take(`${owner.id}|${String(stay.room)}`);
      }
      const record = await placeOrder(store, transactions, owner, req.body, now(), stay);
      res.status(201).json(presentToGuests(posTransactions, record));
    }),
  );

  return router;
}

/** Point of sale: guests' orders (the till itself is declared with the resources). */
export const posServer = defineServerFeature({ name: 'pos', publicRoutes: [posPublicRoutes] });
