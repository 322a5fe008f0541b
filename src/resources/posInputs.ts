import * as z from 'zod/mini';

/** Confirming a pending sale takes no input. */
export const confirmInput = z.object({});

/** The refund's input (loaded when a refund first runs; see ActionDeclaration). */
export const refundInput = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Reason is required'),
      z.maxLength(300, 'Reason must be at most 300 characters'),
    ),
});
