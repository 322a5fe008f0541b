import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import en from '../../src/i18n/locales/en.json';

/** A fresh i18next in English (plus any other catalogues given), as the dashboard sets it up. */
export async function testI18n(more: Record<string, unknown> = {}): Promise<I18n> {
  const i18n = i18next.createInstance();
  const resources: Resource = { en: { translation: en } };
  for (const [lng, catalogue] of Object.entries(more)) {
    resources[lng] = { translation: catalogue as Resource[string]['translation'] };
  }
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

/** testI18n in English, with the texts of a test's own resources beside the dashboard's. */
export const testI18nWithResources = (resources: Record<string, unknown>): Promise<I18n> =>
  testI18n({ en: { ...en, resources: { ...en.resources, ...resources } } });

/** A testing-library wrapper that provides the given i18n instance. */
export const withI18n =
  (get: () => I18n) =>
  ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={get()}>{children}</I18nextProvider>
  );
