import type { refundInput } from './posInputs';
import type { output } from 'zod/v4/core';
import { ApiError, fieldError } from '../schema/errors';
import type { ActionArgs, WriteHookArgs } from '../schema/resource';
import type { StoredRecord, Writer } from '../schema/store';

/** VAT rates a product may carry, in percent. */
export const VAT_RATES = [0, 9, 21] as const;

/** The declaration allows 0–30; a product carries one of the rates the till knows. */
export function knownVatRate({ data }: WriteHookArgs): void {
  const rate = data.vatRate;
  if (typeof rate === 'number' && !(VAT_RATES as readonly number[]).includes(rate)) {
    throw fieldError('vatRate', `VAT rate must be one of ${VAT_RATES.join(', ')} percent`);
  }
}

interface SoldLine {
  productId: number;
  quantity: number;
}

/** Accepts a pending sale (a guest's order the hotel has checked, or a settled room bill). */
export async function confirmSale({ record, store, now }: ActionArgs<unknown>): Promise<unknown> {
  const sale = record!;
  if (sale.status !== 'pending') {
    throw new ApiError(
      409,
      `Only pending transactions can be confirmed; this one is ${String(sale.status)}`,
    );
  }
  return store.update('pos-transactions', sale.id, {
    status: 'paid',
    confirmedAt: new Date(now).toISOString(),
  });
}

/**
 * Refunds a paid transaction: status `refunded`, the reason and the moment, and the stock of
 * products that keep one back, all in the action's one transaction.
 */
export async function refund({
  record,
  input,
  store,
  now,
}: ActionArgs<output<typeof refundInput>>): Promise<unknown> {
  const sale = record!;
  if (sale.status !== 'paid') {
    const why =
      sale.status === 'refunded'
        ? 'This transaction has already been refunded'
        : `Only paid transactions can be refunded; this one is ${String(sale.status)}`;
    throw new ApiError(409, why);
  }
  const returned = new Map<number, number>();
  for (const line of (sale.items ?? []) as SoldLine[]) {
    returned.set(line.productId, (returned.get(line.productId) ?? 0) + line.quantity);
  }
  for (const [productId, quantity] of returned) {
    const product = await store.get('pos-products', productId);
    if (!product || product.ownerId !== sale.ownerId || typeof product.stock !== 'number') continue;
    await store.update('pos-products', productId, { stock: product.stock + quantity });
  }
  return store.update('pos-transactions', sale.id, {
    status: 'refunded',
    refundReason: input.reason,
    refundedAt: new Date(now).toISOString(),
  });
}

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
export function nextSequence(transactions: readonly StoredRecord[], ownerId: number): number {
  let max = 0;
  for (const row of transactions) {
    if (row.ownerId !== ownerId) continue;
    const match = /-(\d+)$/.exec(String(row.number ?? ''));
    if (match) max = Math.max(max, Number(match[1]));
  }
  return max + 1;
}

/** A new sale gets the hotel's next number, e.g. `AMS-000123`. */
export async function numberSale({ operation, data, store }: WriteHookArgs): Promise<void> {
  if (operation !== 'create' || data.number) return;
  const ownerId = Number(data.ownerId);
  const hotel = await store.get('users', ownerId);
  const sales = await store.find('pos-transactions', { ownerId });
  data.number = formatNumber(numberPrefix(String(hotel?.slug ?? '')), nextSequence(sales, ownerId));
}

interface SaleLine {
  productId: number;
  name: string;
  quantity: number;
}

/** The quantities of a sale's lines per product (one product may be on several lines). */
const quantities = (lines: readonly SaleLine[]) => {
  const wanted = new Map<number, number>();
  for (const line of lines)
    wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  return wanted;
};

/** A new sale may not take more than a product's stock (products without stock are unlimited). */
export async function enoughStock({ operation, data, store }: WriteHookArgs): Promise<void> {
  if (operation !== 'create') return;
  const lines = (data.items ?? []) as SaleLine[];
  const wanted = quantities(lines);
  const errors: Record<string, string[]> = {};
  const shortages: string[] = [];
  for (const [index, line] of lines.entries()) {
    const product = await store.get('pos-products', line.productId);
    if (typeof product?.stock !== 'number') continue;
    const ordered = wanted.get(line.productId)!;
    if (ordered <= product.stock) continue;
    const text = `Not enough stock of ${String(product.name)}: ${product.stock} left, ${ordered} ordered`;
    errors[`items.${index}.quantity`] = [text];
    if (!shortages.includes(text)) shortages.push(text);
  }
  if (shortages.length) throw new ApiError(409, shortages.join('; '), errors);
}

/** A new sale takes its quantities from the products' stock, in the same transaction. */
export async function takeStock({
  operation,
  record,
  store,
}: WriteHookArgs & { record: StoredRecord; store: Writer }): Promise<void> {
  if (operation !== 'create') return;
  for (const [productId, quantity] of quantities((record.items ?? []) as SaleLine[])) {
    const product = await store.get('pos-products', productId);
    if (typeof product?.stock !== 'number') continue;
    await store.update('pos-products', productId, { stock: product.stock - quantity });
  }
}
