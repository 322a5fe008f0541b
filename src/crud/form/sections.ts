import type { Field } from '../../schema/fields';
import type { Section } from '../../schema/resource';

export interface PlacedSection {
  key: string;
  fields: [string, Field][];
}

/**
 * The form's fields placed in the declared sections, in each section's order. Fields no section
 * names (the owner picker, fields added later) go at the end of the first, so nothing is ever
 * left out — except, in a create flow's steps (`onlyNeeded`), those the new record can do
 * without (optional, or with a default): a flow asks what its steps name.
 */
export function placeFields(
  sections: readonly Section[],
  fields: [string, Field][],
  { onlyNeeded = false }: { onlyNeeded?: boolean } = {},
): PlacedSection[] {
  const byName = new Map(fields);
  const named = new Set(sections.flatMap((section) => section.fields));
  const needed = (field: Field) => !onlyNeeded || (field.required && field.default === undefined);
  const unplaced = fields.filter(([name, field]) => !named.has(name) && needed(field));
  return sections.map((section, index) => ({
    key: section.key,
    fields: [
      ...section.fields
        .filter((name) => byName.has(name))
        .map((name): [string, Field] => [name, byName.get(name)!]),
      ...(index === 0 ? unplaced : []),
    ],
  }));
}
