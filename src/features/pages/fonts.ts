import { useEffect } from 'react';
import { PAGE_FONTS } from '../../resources/pages';

/** One of the fonts a page can use (resources/pages.ts). */
export type PageFont = (typeof PAGE_FONTS)[number];

export const DEFAULT_PAGE_FONT: PageFont = 'public-sans';

export const isPageFont = (value: unknown): value is PageFont =>
  typeof value === 'string' && (PAGE_FONTS as readonly string[]).includes(value);

/** The CSS font stack of each page font: the served family first, then a like system font. */
export const PAGE_FONT_FAMILIES: Record<PageFont, string> = {
  'public-sans': "'Public Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  lora: "'Lora', Georgia, 'Times New Roman', serif",
  merriweather: "'Merriweather', Georgia, 'Times New Roman', serif",
  'playfair-display': "'Playfair Display', Georgia, 'Times New Roman', serif",
};

/**
 * Each font's stylesheets (regular for text, bold for titles), served with the dashboard from
 * the @fontsource packages. Dynamic imports: Vite makes each a CSS chunk of its own, loaded the
 * first time a preview shows that font, so no other route downloads any of them. Each sheet
 * declares every subset with its unicode-range: the browser fetches only the files the text needs.
 */
const LOADERS: Record<PageFont, () => Promise<unknown>> = {
  'public-sans': () =>
    Promise.all([
      import('@fontsource/public-sans/400.css'),
      import('@fontsource/public-sans/700.css'),
    ]),
  lora: () => Promise.all([import('@fontsource/lora/400.css'), import('@fontsource/lora/700.css')]),
  merriweather: () =>
    Promise.all([
      import('@fontsource/merriweather/400.css'),
      import('@fontsource/merriweather/700.css'),
    ]),
  'playfair-display': () =>
    Promise.all([
      import('@fontsource/playfair-display/400.css'),
      import('@fontsource/playfair-display/700.css'),
    ]),
};

const loading = new Map<PageFont, Promise<void>>();

/** Loads a page font's stylesheets once; a failed load may be tried again later. */
export function loadPageFont(font: PageFont): Promise<void> {
  let pending = loading.get(font);
  if (!pending) {
    pending = LOADERS[font]().then(
      () => undefined,
      () => {
        // The fallback stack still shows the text; the next preview tries again.
        loading.delete(font);
      },
    );
    loading.set(font, pending);
  }
  return pending;
}

/**
 * The font stack for a page font, its stylesheets requested on first use. The stack applies at
 * once (the fallback font shows until the files arrive, `font-display: swap`, and the browser
 * swaps them in by itself), so typing never waits for a font.
 */
export function usePageFont(value: unknown): { font: PageFont; family: string } {
  const font = isPageFont(value) ? value : DEFAULT_PAGE_FONT;
  useEffect(() => {
    void loadPageFont(font);
  }, [font]);
  return { font, family: PAGE_FONT_FAMILIES[font] };
}
