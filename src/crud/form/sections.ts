import type { Field } from '../../schema/fields';
import type { Section } from '../../schema/resource';

export interface PlacedSection {
  key: string;
  fields: [string, Field][];
}

/**
 * The form's fields placed in the declared sections, in each section's order. Fields no section
 * names (the owner picker, timestamps, fields added later) go at the end of the first, so
 * nothing is ever left out.
 */
export function placeFields(
  sections: readonly Section[],
  fields: [string, Field][],
): PlacedSection[] {
  const byName = new Map(fields);
  const named = new Set(sections.flatMap((section) => section.fields));
  const unplaced = fields.filter(([name]) => !named.has(name));
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
