import type { FormAddonProps } from '../../crud/extension';
import { DEFAULT_CREATION_LOCALE, isLocale, type Locale } from '../../schema/locales';
import BrandingPreview from './BrandingPreview';

/**
 * Beside the hotel creation wizard: the new hotel's guest-app home as the answers so far make it
 * (the wizard's guest-app fields share the branding's names), with the welcome page it starts
 * with, in each chosen language. Lazy-loaded by the users' create page.
 */
export default function WizardPreview({ values }: FormAddonProps) {
  const chosen = Array.isArray(values.locales) ? values.locales.filter(isLocale) : [];
  const locales: Locale[] = chosen.length ? chosen : [DEFAULT_CREATION_LOCALE];
  const source = isLocale(values.sourceLocale) && locales.includes(values.sourceLocale);
  const company = [values.company, values.name].find(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  return (
    <BrandingPreview
      values={values}
      hotel={{
        slug: '',
        company: company ?? '',
        locales,
        sourceLocale: source ? (values.sourceLocale as Locale) : locales[0]!,
      }}
    />
  );
}
