import { ADDRESS_FIELD } from '../schema/account';
import type { Field } from '../schema/fields';
import { fieldSchema } from '../schema/validation';
import { users } from './users';
import { z } from 'zod';

/**
 * What one may change of one's own account (issue 10 §4), shared by `PATCH /users/me` and the
 * account page: the users declaration's own fields (one place for their kinds and rules), the
 * avatar as an upload (set by this page, so not read-only here) and the address as a group of
 * required parts (the declaration keeps it as json). Not a resource: not in the registry.
 */
export const PROFILE_FIELDS: Readonly<Record<string, Field>> = {
  name: users.fields.name,
  phoneNumber: users.fields.phoneNumber,
  avatar: { ...users.fields.avatar, readOnly: false },
  address: ADDRESS_FIELD,
};

/** The profile as the form holds it: every field given. */
export const profileSchema = z.object(
  Object.fromEntries(
    Object.entries(PROFILE_FIELDS).map(([name, field]) => [name, fieldSchema(field)]),
  ),
);

/** `PATCH /users/me`: what is left out keeps its stored value; unknown keys are dropped. */
export const profilePatchSchema = profileSchema.partial();
