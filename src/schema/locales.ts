/** Content and interface languages of the product (spec §1, §9). */
export const LOCALES = ['en', 'nl', 'de', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export const FALLBACK_LOCALE: Locale = 'en';
/** Default content locale for a newly created user (spec §1). */
export const DEFAULT_CREATION_LOCALE: Locale = 'nl';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
