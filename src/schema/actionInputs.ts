import * as z from 'zod/mini';
import { LOCALES } from './locales';

/**
 * Inputs of the engine's own actions. Loaded when an action first runs (see ActionDeclaration),
 * so zod stays off pages that run none; written with zod's tree-shakable "mini" build.
 */

/**
 * Sync's input: the language whose items are copied to the owner's other languages; `groupId`
 * limits it to one item (its "create missing"), `to` to some of the languages (a new page's).
 */
export const syncInput = z.object({
  locale: z.enum(LOCALES, { error: 'Choose one of the content languages' }),
  ownerId: z.optional(z.number().check(z.int(), z.positive())),
  groupId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  to: z.optional(z.array(z.enum(LOCALES, { error: 'Choose among the content languages' }))),
});

/** Reorder's input: the records in their new order. */
export const reorderInput = z.object({
  ids: z
    .array(z.number().check(z.int(), z.positive()), { error: 'ids must be a list of record ids' })
    .check(
      z.minLength(1, 'ids must not be empty'),
      z.maxLength(500, 'At most 500 records can be reordered at once'),
      z.refine((ids) => new Set(ids).size === ids.length, 'ids must not repeat'),
    ),
});
