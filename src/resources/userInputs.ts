import * as z from 'zod/mini';

/**
 * Inputs of the users' actions (loaded when one first runs; see ActionDeclaration). Disable,
 * enable and resend the invitation take none; setting an app permission names the app and
 * whether the hotel may connect it itself.
 */
export const noInput = z.object({});

export const appPermissionInput = z.object({
  appId: z.number({ error: 'Choose the app' }).check(z.int(), z.positive('Choose the app')),
  canSelfConnect: z.boolean({ error: 'Choose whether the hotel may connect it itself' }),
});
export type AppPermissionInput = z.infer<typeof appPermissionInput>;
