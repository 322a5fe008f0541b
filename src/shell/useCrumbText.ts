import { useTranslation } from 'react-i18next';
import type { CrumbLabel } from './trail';

/** A crumb's label in the interface language. */
export function useCrumbText() {
  const { t } = useTranslation();
  return (label: CrumbLabel) => ('key' in label ? t(label.key) : label.text);
}
