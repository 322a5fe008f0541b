import { z } from 'zod';
import { PAYMENT_METHODS } from '../../src/resources/pos';
import { HttpError, parseBody } from '../http/errors';
import type { Store } from '../store/store';
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

/** The refund body. */
export const refundSchema = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(300, 'Reason must be at most 300 characters'),
});

/** `canal-house-amsterdam` → `AMS`: three letters of the slug's last word, for order numbers. */
export function numberPrefix(slug: string): string {
  const words = slug
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);
  const word = [...words].reverse().find((candidate) => candidate.length >= 3) ?? words.join('');
  return (word.slice(0, 3) || 'POS').padEnd(3, 'X');
}

/** `AMS-000123`. */
export const formatNumber = (prefix: string, sequence: number): string =>
  `${prefix}-${String(sequence).padStart(6, '0')}`;

/** The next sequence number of the owner's transactions (the digits after the last `-`). */
export function nextSequence(transactions: readonly RecordRow[], ownerId: number): number {
  let max = 0;
  for (const row of transactions) {
    if (row.ownerId !== ownerId) continue;
    const match = /-(\d+)$/.exec(String(row.number ?? ''));
    if (match) max = Math.max(max, Number(match[1]));
  }
  return max + 1;
}

/**
 * Creates a guest's order for the hotel `owner`: validates everything first, then writes the
 * transaction and the stock changes together (and undoes them if the file cannot be written).
 */
export function placeOrder(
  store: Store,
  owner: { id: number; slug: string },
  body: unknown,
  now: number,
): RecordRow {
  const order = parseBody(orderSchema, body);
  const room = order.room ?? '';
  const paymentMethod: PaymentMethod = order.paymentMethod ?? (room ? 'roomCharge' : 'card');
  const errors: Record<string, string[]> = {};
  if (paymentMethod === 'roomCharge' && !room) {
    errors.room = ['Room is required to charge the order to a room'];
  }

  const products = store.state['pos-products'];
  const categories = store.state['pos-categories'];
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

  // Stock: the quantities of all lines of one product together.
  const wanted = new Map<number, number>();
  for (const { line } of lines) {
    wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  }
  const stockErrors: Record<string, string[]> = {};
  const shortages: string[] = [];
  lines.forEach(({ product }, index) => {
    const stock = product.stock;
    if (typeof stock !== 'number') return;
    const ordered = wanted.get(product.id)!;
    if (ordered <= stock) return;
    const text = `Not enough stock of ${String(product.name)}: ${stock} left, ${ordered} ordered`;
    stockErrors[`items.${index}.quantity`] = [text];
    if (!shortages.includes(text)) shortages.push(text);
  });
  if (shortages.length) throw new HttpError(409, shortages.join('; '), stockErrors);

  const pricing = priceLines(lines.map(({ line }) => line));
  const transactions = store.state['pos-transactions'];
  const record: RecordRow = {
    id: transactions.reduce((max, row) => Math.max(max, row.id), 0) + 1,
    ownerId: owner.id,
    number: formatNumber(numberPrefix(owner.slug), nextSequence(transactions, owner.id)),
    createdAt: new Date(now).toISOString(),
    items: lines.map(({ line }) => line),
    subtotal: pricing.subtotal,
    vat: pricing.vat,
    total: pricing.total,
    paymentMethod,
    status: paymentMethod === 'roomCharge' ? 'pending' : 'paid',
    room,
    refundReason: null,
    refundedAt: null,
  };

  const stockBefore = new Map<RecordRow, unknown>();
  for (const { product } of lines) {
    if (typeof product.stock !== 'number' || stockBefore.has(product)) continue;
    stockBefore.set(product, product.stock);
    product.stock = product.stock - wanted.get(product.id)!;
  }
  transactions.push(record);
  try {
    store.write();
  } catch (error) {
    transactions.splice(transactions.indexOf(record), 1);
    for (const [product, stock] of stockBefore) product.stock = stock;
    throw error;
  }
  return record;
}

/**
 * Refunds a paid transaction: status `refunded`, the reason and the moment, and the stock of
 * products that keep one back. `transaction` is already checked to be the actor's to refund.
 */
export function refundTransaction(
  store: Store,
  transaction: RecordRow,
  body: unknown,
  now: number,
): RecordRow {
  const { reason } = parseBody(refundSchema, body);
  if (transaction.status !== 'paid') {
    const why =
      transaction.status === 'refunded'
        ? 'This transaction has already been refunded'
        : `Only paid transactions can be refunded; this one is ${String(transaction.status)}`;
    throw new HttpError(409, why);
  }
  const before = { ...transaction };
  const stockBefore = new Map<RecordRow, unknown>();
  const products = store.state['pos-products'];
  for (const line of (transaction.items ?? []) as TransactionLine[]) {
    const product = products.find(
      (row) => row.id === line.productId && row.ownerId === transaction.ownerId,
    );
    if (!product || typeof product.stock !== 'number') continue;
    if (!stockBefore.has(product)) stockBefore.set(product, product.stock);
    product.stock = product.stock + line.quantity;
  }
  Object.assign(transaction, {
    status: 'refunded',
    refundReason: reason,
    refundedAt: new Date(now).toISOString(),
  });
  try {
    store.write();
  } catch (error) {
    Object.assign(transaction, before);
    for (const [product, stock] of stockBefore) product.stock = stock;
    throw error;
  }
  return transaction;
}
