import * as z from 'zod/mini';
import { CREDENTIAL_FIELDS, type CredentialField } from './appCredentials';
import { message } from '../schema/messages';

/**
 * Inputs of the apps' actions (loaded when one first runs; see ActionDeclaration). An
 * administrator acts for a hotel (`hotelId`); a hotel acts for itself and sends none.
 */
const hotelId = z.optional(
  z
    .number({ error: message('apiErrors.chooseHotel') })
    .check(z.int(), z.positive(message('apiErrors.chooseHotel'))),
);

export const onBehalfInput = z.object({ hotelId });

/**
 * Connecting with credentials: the fields the app asks for (which ones is the app's, so the API
 * checks that each is there; spec §5). Trimmed; at most 500 characters each.
 */
export const connectInput = z.object({
  hotelId,
  ...(Object.fromEntries(
    CREDENTIAL_FIELDS.map((name) => [
      name,
      z.optional(z.string().check(z.trim(), z.maxLength(500, 'At most 500 characters'))),
    ]),
  ) as Record<CredentialField, z.ZodMiniOptional<z.ZodMiniString>>),
});
export type ConnectInput = z.infer<typeof connectInput>;
