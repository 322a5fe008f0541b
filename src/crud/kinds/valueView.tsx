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
}

/** The interface language and its `t`, as `useTranslation` gives them. */
type Texts = Pick<DisplayContext, 'language' | 't'>;

/**
 * A value's view without hooks of its own: a list calls it for each cell with the list's
 * language, instead of a component per cell that subscribes to i18n by itself.
 */
export function fieldValueView(
  { field, value, label, optionLabel, mode = 'cell', currency }: FieldValueProps,
  { language, t }: Texts,
): ReactNode {
  if (value === null || value === undefined || value === '')
    return <span className="stay-secondary">—</span>;
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
      />
    </Suspense>
  );
}
