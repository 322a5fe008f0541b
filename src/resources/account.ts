import type { Field } from '../schema/fields';
import { fieldSchema } from '../schema/validation';
import { users } from './users';
import { z } from 'zod';

/**
 * What one may change of one's own account (issue 10 §4): the users declaration's `self` fields,
 * which `PATCH /users/me` writes through the engine and the Account page edits.
 */
export const PROFILE_FIELDS: Readonly<Record<string, Field>> = users.self.fields;

/** The profile as the form holds it: every field given. */
export const profileSchema = z.object(
  Object.fromEntries(
    Object.entries(PROFILE_FIELDS).map(([name, field]) => [name, fieldSchema(field)]),
  ),
);
