import type { branding } from '../../resources/branding';
import type { Locale } from '../../schema/locales';

/** The parts of the branding form, each a titled section of the declaration's fields. */
export const BRANDING_SECTIONS = {
  general: ['title', 'description', 'template'],
  design: ['logo', 'favicon', 'primaryColor', 'secondaryColor'],
  app: ['appImage', 'appText'],
  social: ['social'],
} as const satisfies Record<string, readonly (keyof typeof branding.fields)[]>;
export type BrandingSection = keyof typeof BRANDING_SECTIONS;

/** The hotel whose guest app the preview shows. */
export interface PreviewHotel {
  slug: string;
  company: string;
  locales: readonly Locale[];
  sourceLocale: Locale;
}
