import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES } from '../schema/locales';
import en from './locales/en.json';

/** localStorage key that keeps the chosen interface language (spec §1). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

// English ships with the app (it is the fallback); the other languages load on demand, so a
// visitor downloads only the language they use.
const lazyLocales = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*.json',
  '!./locales/en.json',
]);

async function loadLanguage(lng: string): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'translation')) return;
  const loader = lazyLocales[`./locales/${lng}.json`];
  if (!loader) return;
  const module = await loader();
  i18n.addResourceBundle(lng, 'translation', module.default, true, true);
}

/** The language the user chose before (spec §1), if the browser lets us read it. */
function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export async function initI18n(): Promise<typeof i18n> {
  // Every language the interface switches to is kept for the next visit.
  i18n.on('languageChanged', (lng) => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // storage refused (private mode): the choice lasts this visit
    }
  });
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    supportedLngs: [...LOCALES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: FALLBACK_LOCALE,
    interpolation: { escapeValue: false },
    // English on a first visit, whatever the browser's language (spec §1, §9); the language the
    // user chose before, kept in localStorage, wins.
    lng: storedLanguage() ?? FALLBACK_LOCALE,
  });
  // The detected language (e.g. 'nl' from localStorage) has no bundle yet, so i18next resolved
  // to the fallback: load it, then switch, so the first render is already in that language.
  const detected = i18n.language.split('-')[0] ?? FALLBACK_LOCALE;
  const lng = (LOCALES as readonly string[]).includes(detected) ? detected : FALLBACK_LOCALE;
  await changeLanguage(lng);
  return i18n;
}

export async function changeLanguage(lng: string): Promise<void> {
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export { i18n };
