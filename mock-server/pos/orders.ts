import { z } from 'zod';
import { PAYMENT_METHODS } from '../../src/resources/pos';
import { HttpError, parseBody } from '../http/errors';
import type { ResourceService } from '../engine/service';
import type { Store } from '../store/port';
import type { RecordRow } from '../store/types';
import { priceLines } from './pricing';

/** At most this many lines in one order. */
export const MAX_ORDER_LINES = 50;
/** At most this many of one product in one line. */
export const MAX_QUANTITY = 999;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A line of a transaction as stored: the product's name, price and VAT rate at the time of sale. */
export interface TransactionLine {
  productId: number;
  name: string;
  quantity: number;
  unitPrice: number;
  vatRate: number;
}

/** The body of `POST /public/:slug/orders`; anything else sent (totals, prices) is dropped. */
export const orderSchema = z.object({
  items: z
    .array(
      z.object(
        {
          productId: z
            .number({ error: 'Product must be a product id' })
            .int('Product must be a product id')
            .positive('Product must be a product id'),
          quantity: z
            .number({ error: 'Quantity must be a number' })
            .int('Quantity must be a whole number')
            .min(1, 'Quantity must be at least 1')
            .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`),
        },
        { error: 'Each item must be an object with productId and quantity' },
      ),
      { error: 'Items are required' },
    )
    .min(1, 'An order needs at least one item')
    .max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} items`),
  room: z
    .string({ error: 'Room must be text' })
    .trim()
    .max(40, 'Room must be at most 40 characters')
    .nullish(),
  paymentMethod: z
    .enum(PAYMENT_METHODS, { error: `Payment method must be one of ${PAYMENT_METHODS.join(', ')}` })
    .optional(),
});

export { formatNumber, numberPrefix } from '../../src/resources/posRules';

/**
 * Creates a guest's order for the hotel `owner`: checks and prices the lines from the hotel's
 * products (never from what the guest sent), then creates the sale through the pipeline.
 */
export async function placeOrder(
  store: Store,
  transactions: ResourceService,
  owner: { id: number; slug: string },
  body: unknown,
  now: number,
  /** The stay of the guest session the order came with, if any. */
  stay?: RecordRow,
): Promise<RecordRow> {
  const order = parseBody(orderSchema, body);
  // With a guest session, the room is the stay's, whatever the body says.
  const room = stay ? String(stay.room) : (order.room ?? '');
  const paymentMethod: PaymentMethod = order.paymentMethod ?? (stay ? 'roomCharge' : 'card');
  // Only a guest who proved the stay may put an order on its room's bill.
  if (paymentMethod === 'roomCharge' && !stay) {
    throw new HttpError(
      401,
      'Sign in with your booking reference to charge an order to your room',
      undefined,
      { 'WWW-Authenticate': 'Bearer realm="guest"' },
    );
  }
  const errors: Record<string, string[]> = {};

  const products = await store.find('pos-products', { ownerId: owner.id });
  const categories = await store.find('pos-categories', { ownerId: owner.id });
  const lines: { line: TransactionLine; product: RecordRow }[] = [];
  order.items.forEach((item, index) => {
    const product = products.find((row) => row.id === item.productId);
    // Another hotel's product answers exactly like a missing one.
    if (!product || product.ownerId !== owner.id) {
      errors[`items.${index}.productId`] = ['Unknown product'];
      return;
    }
    const category = categories.find((row) => row.id === product.categoryId);
    if (product.active === false || category?.active === false) {
      errors[`items.${index}.productId`] = [`${String(product.name)} is not available`];
      return;
    }
    lines.push({
      product,
      line: {
        productId: product.id,
        name: String(product.name),
        quantity: item.quantity,
        unitPrice: Number(product.price),
        vatRate: Number(product.vatRate ?? 0),
      },
    });
  });
  if (Object.keys(errors).length) throw new HttpError(422, 'Validation failed', errors);

  const pricing = priceLines(lines.map(({ line }) => line));
  // Numbering, stock and the write are the declaration's (src/resources/posRules), in one
  // transaction: two guests cannot buy the last item or get the same number.
  return transactions.createFor(
    owner.id,
    {},
    {
      fields: [],
      fixed: {
        createdAt: new Date(now).toISOString(),
        items: lines.map(({ line }) => line),
        subtotal: pricing.subtotal,
        vat: pricing.vat,
        total: pricing.total,
        paymentMethod,
        // A room charge waits on the bill; an order without a guest session waits for the
        // hotel to confirm it (the confirm action).
        status: paymentMethod === 'roomCharge' || !stay ? 'pending' : 'paid',
        ...(stay ? { stayId: stay.id } : {}),
        room,
        refundReason: null,
        refundedAt: null,
      },
    },
  );
}
