import type { Field } from '../schema/fields';
import { LOCALES } from '../schema/locales';

export const localeOptions = (t: (key: string) => string) =>
  LOCALES.map((lng) => ({ value: lng, label: t(`languages.${lng}`) }));

/** Options of a list filter for a field kind, or null when the kind has none. */
export function filterOptions(
  field: Field,
  optionLabel: (value: string) => string,
  t: (key: string) => string,
): { value: string | number | boolean; label: string }[] | null {
  switch (field.kind) {
    case 'boolean':
      return [
        { value: true, label: t('crud.yes') },
        { value: false, label: t('crud.no') },
      ];
    case 'select':
    case 'multiSelect':
      return field.options.map((option) => ({ value: option, label: optionLabel(option) }));
    case 'locale':
    case 'locales':
      return localeOptions(t);
    default:
      return null;
  }
}
