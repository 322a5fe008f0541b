import { useTranslation } from 'react-i18next';
import { fieldValueView, type FieldValueProps } from './valueView';

/** How a value of a field reads in a list cell or on a show page: its kind's view, or its text. */
export function FieldValue(props: FieldValueProps) {
  const { t, i18n } = useTranslation();
  return fieldValueView(props, { language: i18n.language, t });
}
