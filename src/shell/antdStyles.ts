import { hasDefaultTheme, readSettings } from './settings/settings';

/**
 * Where antd's CSS-in-JS puts its style tags: an element of its own at the start of <head>.
 * On every component mount antd looks for its tag among the container's children (rc-util's
 * updateCSS); in <head> itself that also meant ~100 module-preload links each time, ~0.5 s of a
 * list's first load on a mid-range phone. At the start of <head>, antd's rules still come before
 * the dashboard's own stylesheet, as before.
 */
export function antdStyleContainer(): Element {
  const found = document.head.querySelector('stay-antd-styles');
  if (found) return found;
  const container = document.createElement('stay-antd-styles');
  document.head.prepend(container);
  return container;
}

let staticStyles: Promise<void> | undefined;

/**
 * Loads antd's styles for the default theme, built with the app (scripts/antdStaticCss.ts), at
 * the start of antd's container, so antd skips building them; resolves once the sheet has loaded
 * or failed (antd then builds them as before). The dashboard must not render before: antd reads
 * the sheet's map once, on its first style. Nothing to load in development or for another theme.
 */
export function loadAntdStaticStyles(): Promise<void> {
  staticStyles ??= new Promise((resolve) => {
    const href = document.querySelector<HTMLMetaElement>(
      'meta[name="stay-antd-static-css"]', // written by vite.config.ts
    )?.content;
    if (!href || !hasDefaultTheme(readSettings())) return resolve();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      resolve();
    };
    antdStyleContainer().prepend(link);
  });
  return staticStyles;
}
