import type { Field } from '../schema/fields';
import { kindOf, type FilterOption } from '../schema/kinds';

export { localeOptions } from '../schema/kinds';

/** Options of a list filter for a field, or null when its kind has none. */
export function filterOptions(
  field: Field,
  optionLabel: (value: string) => string,
  t: (key: string) => string,
): FilterOption[] | null {
  return kindOf(field).filterOptions?.(field, { optionLabel, t }) ?? null;
}
