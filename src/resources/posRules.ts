import { z } from 'zod';
import { ApiError, fieldError } from '../schema/errors';
import type { ActionArgs, WriteHookArgs } from '../schema/resource';

/** VAT rates a product may carry, in percent. */
export const VAT_RATES = [0, 9, 21] as const;

/** The declaration allows 0–30; a product carries one of the rates the till knows. */
export function knownVatRate({ data }: WriteHookArgs): void {
  const rate = data.vatRate;
  if (typeof rate === 'number' && !(VAT_RATES as readonly number[]).includes(rate)) {
    throw fieldError('vatRate', `VAT rate must be one of ${VAT_RATES.join(', ')} percent`);
  }
}

/** The refund's input. */
export const refundInput = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(300, 'Reason must be at most 300 characters'),
});

interface SoldLine {
  productId: number;
  quantity: number;
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
}: ActionArgs<z.output<typeof refundInput>>): Promise<unknown> {
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
