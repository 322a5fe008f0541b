import { Suspense, type ReactNode } from 'react';
import type { Field } from '../../schema/fields';
import { displayText } from '../../schema/kinds';
import type { DisplayContext } from '../../schema/kinds/types';
import { widgetsOf } from './registry';

export interface FieldValueProps {
  field: Field;
  value: unknown;
  /** A reference's label, resolved by the caller. */
  label?: string;
  optionLabel: (value: string) => string;
  /** A list cell is one line; a show view may take room. */
  mode?: 'cell' | 'show';
  currency?: string;
  /**
   * A group's parts are named by these (a show page, a summary): each part is shown with its
   * label and its own view (a colour's swatch, an option's name). Without them, a group reads
   * as its parts' texts in one line.
   */
  parts?: {
    label: (part: string) => string;
    optionLabel: (part: string, value: string) => string;
  };
}

/** The interface language and its `t`, as `useTranslation` gives them. */
type Texts = Pick<DisplayContext, 'language' | 't'>;

/**
 * A value's view without hooks of its own: a list calls it for each cell with the list's
 * language, instead of a component per cell that subscribes to i18n by itself.
 */
export function fieldValueView(
  { field, value: given, label, optionLabel, mode = 'cell', currency, parts }: FieldValueProps,
  { language, t }: Texts,
): ReactNode {
  // A flag never set is off: "No", as displayText says it.
  const value = field.kind === 'boolean' ? (given ?? false) : given;
  if (value === null || value === undefined || value === '')
    return <span className="stay-secondary">—</span>;
  if (field.kind === 'group' && parts && typeof value === 'object') {
    const of = value as Record<string, unknown>;
    return (
      <dl className="stay-group-value">
        {Object.entries(field.of).map(([name, part]) => (
          <div key={name}>
            <dt>{parts.label(name)}</dt>
            <dd>
              {fieldValueView(
                {
                  field: part,
                  value: of[name],
                  optionLabel: (option) => parts.optionLabel(name, option),
                  mode,
                  currency,
                  parts,
                },
                { language, t },
              )}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  const { Value } = widgetsOf(field);
  if (!Value) return displayText(field, value, { language, t, optionLabel, label, currency });
  return (
    <Suspense fallback={null}>
      <Value
        field={field}
        value={value}
        label={label}
        optionLabel={optionLabel}
        mode={mode}
        currency={currency}
        partView={(part) => fieldValueView(part, { language, t })}
      />
    </Suspense>
  );
}
