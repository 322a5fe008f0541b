import { expect, test as base } from '@playwright/test';
import { en, stackOf } from './support';

/**
 * An i18n key shown as it is, instead of its text: `resources.pages.fields.styling` (any
 * resource key: three parts or more), `validation.required` (the catalogue's validation keys, so
 * that a file name such as `validation.js` is no key). Product texts never look like this.
 */
export const RAW_KEY = new RegExp(
  `\\bresources\\.[a-z][\\w-]*\\.[A-Za-z][\\w-]*(?:\\.[\\w-]+)*|\\bvalidation\\.(?:${Object.keys(
    en.validation as Record<string, string>,
  ).join('|')})\\b`,
  'g',
);

/**
 * Playwright's test, watching every screen it visits for raw i18n keys: in text, and in the
 * names and hints people and screen readers get (aria-label, title, placeholder, alt). A key
 * anywhere fails the test after it ran, naming the key and the address where it showed.
 */
export const test = base.extend<{ rawKeys: void }>({
  // The dashboard of this worker's own stack, on the project's store (support.ts, stackOf); a
  // spec's test.use({ baseURL }) still wins.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it: none
  baseURL: async ({}, provide) => provide(`http://localhost:${stackOf('main').web}`),
  rawKeys: [
    async ({ page }, use) => {
      const seen = new Set<string>();
      await page.exposeBinding('__stayRawKey', ({ frame }, key: string) => {
        seen.add(`${key} at ${new URL(frame.url()).pathname}`);
      });
      await page.addInitScript((source) => {
        const pattern = new RegExp(source, 'g');
        const report = (text: string | null | undefined) => {
          for (const match of text?.match(pattern) ?? [])
            (window as unknown as { __stayRawKey(key: string): void }).__stayRawKey(match);
        };
        const ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt'];
        const scan = (node: Node) => {
          if (node.nodeType === Node.TEXT_NODE) return report(node.textContent);
          if (!(node instanceof Element) || node.closest('script, style')) return;
          for (const name of ATTRIBUTES) report(node.getAttribute(name));
          const walker = document.createTreeWalker(node, NodeFilter.SHOW_ALL);
          for (let next = walker.nextNode(); next; next = walker.nextNode()) {
            if (next.nodeType === Node.TEXT_NODE) report(next.textContent);
            else if (next instanceof Element)
              for (const name of ATTRIBUTES) report(next.getAttribute(name));
          }
        };
        new MutationObserver((records) => {
          for (const record of records) {
            if (record.type === 'characterData') report(record.target.textContent);
            else if (record.type === 'attributes')
              report((record.target as Element).getAttribute(record.attributeName!));
            else record.addedNodes.forEach(scan);
          }
        }).observe(document, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['aria-label', 'title', 'placeholder', 'alt'],
        });
      }, RAW_KEY.source);
      await use();
      expect([...seen], 'raw i18n keys on the screens this test visited').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
