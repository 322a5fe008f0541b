import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Field } from '../../schema/fields';
import { displayText } from '../../schema/kinds';
import { widgetsOf } from './registry';

interface Props {
  field: Field;
  value: unknown;
  /** A reference's label, resolved by the caller. */
  label?: string;
  optionLabel: (value: string) => string;
  /** A list cell is one line; a show view may take room. */
  mode?: 'cell' | 'show';
  currency?: string;
}

/** How a value of a field reads in a list cell or on a show page: its kind's view, or its text. */
export function FieldValue({ field, value, label, optionLabel, mode = 'cell', currency }: Props) {
  const { t, i18n } = useTranslation();
  if (value === null || value === undefined || value === '')
    return <span className="stay-secondary">—</span>;
  const { Value } = widgetsOf(field);
  if (!Value)
    return displayText(field, value, { language: i18n.language, t, optionLabel, label, currency });
  const view: ReactNode = (
    <Value
      field={field}
      value={value}
      label={label}
      optionLabel={optionLabel}
      mode={mode}
      currency={currency}
    />
  );
  return <Suspense fallback={null}>{view}</Suspense>;
}
