import * as z from 'zod/mini';
import { HOTEL_ROLES } from '../schema/access';

/**
 * A person added to every hotel of a group at once (issue 40): the address, name and role a
 * hotel's invitation takes. Checked here for shape only: each hotel's invitation goes through
 * the members' declaration, whose rules (and messages) apply as on a hotel's Members tab.
 */
export const addMemberInput = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(HOTEL_ROLES),
});
export type AddMemberInput = z.infer<typeof addMemberInput>;
