import { Router } from 'express';
import { posTransactions, VAT_RATES } from '../../src/resources/pos';
import { accountBlock, currentUser, isAdministrator } from '../auth/session';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import type { ResourceGuard } from '../resources/guards';
import { presenterOf } from '../resources/present';
import type { RecordRow } from '../store/types';
import { placeOrder, refundTransaction } from './orders';

export { buildPosSeed } from './seed';

/**
 * Point of sale on the server: pricing (./pricing), guest orders and refunds (./orders), demo
 * data (./seed). Rules a declaration cannot say live here.
 */
export const posGuards: Record<string, ResourceGuard> = {
  'pos-products': {
    beforeWrite: (_actor, _existing, next) => {
      // The declaration allows 0–30; a product carries one of the rates the till knows.
      const rate = next.vatRate;
      if (typeof rate === 'number' && !(VAT_RATES as readonly number[]).includes(rate)) {
        throw new HttpError(422, 'Validation failed', {
          vatRate: [`VAT rate must be one of ${VAT_RATES.join(', ')} percent`],
        });
      }
    },
  },
};

const presentTransaction = presenterOf(posTransactions);

/** Signed-in routes: POST /pos-transactions/:id/refund. */
export function posRoutes({ store, now }: AppContext): Router {
  const router = Router();

  router.post('/pos-transactions/:id/refund', (req, res) => {
    const actor = currentUser(res);
    const transaction = store.state['pos-transactions'].find(
      (row) => String(row.id) === req.params.id,
    );
    // Another tenant's transaction answers exactly like a missing one.
    if (!transaction || (!isAdministrator(actor) && transaction.ownerId !== actor.id)) {
      throw new HttpError(404, 'Not found');
    }
    res.json(presentTransaction(refundTransaction(store, transaction, req.body, now())));
  });

  return router;
}

/** Public routes for guest apps: POST /public/:slug/orders. */
export function posPublicRoutes({ store, now }: AppContext): Router {
  const router = Router();
  const path = '/public/:slug/orders';

  const hotelOf = (slug: string): RecordRow & { slug: string } => {
    const wanted = slug.toLowerCase();
    const owner = store.state.users.find((user) => user.slug.toLowerCase() === wanted);
    if (!owner || owner.role !== 'operator' || accountBlock(owner)) {
      throw new HttpError(404, 'Not found');
    }
    return owner as unknown as RecordRow & { slug: string };
  };

  // Guest apps run on any site: answer their preflight and their order with `*`.
  router.options(path, (_req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'POST');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  });

  router.post(path, (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', 'no-store');
    const owner = hotelOf(String(req.params.slug));
    const record = placeOrder(store, owner, req.body, now());
    res.status(201).json(presentTransaction(record));
  });

  return router;
}
