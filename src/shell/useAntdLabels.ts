import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Labels antd 5 writes in English with no prop or locale entry to change them: a number input's
 * step buttons ("Increase Value", rc-input-number) and an unnamed Segmented ("segmented
 * control", rc-segmented). They are set once when drawn and never again, so the labels are
 * translated where they appear in the page, and again when the language changes.
 */
const ENGLISH: Readonly<Record<string, string>> = {
  'Increase Value': 'common.increase',
  'Decrease Value': 'common.decrease',
  'segmented control': 'common.choice',
};
const SELECTOR = Object.keys(ENGLISH)
  .map((label) => `[aria-label="${label}"], [data-stay-label="${ENGLISH[label]}"]`)
  .join(', ');

export function useAntdLabels(): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const relabel = (root: ParentNode) => {
      for (const element of root.querySelectorAll<HTMLElement>(SELECTOR)) {
        const key = element.dataset.stayLabel ?? ENGLISH[element.getAttribute('aria-label')!]!;
        element.dataset.stayLabel = key;
        element.setAttribute('aria-label', t(key));
      }
    };
    relabel(document);
    const observer = new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof Element) relabel(node.parentNode ?? node);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [t, i18n.language]);
}
