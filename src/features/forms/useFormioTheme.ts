import { useEffect } from 'react';
import { useSettings } from '../../shell/settings/useSettings';

/**
 * Bootstrap's colour mode for Form.io, following the dashboard's light or dark mode: on the
 * wrapper (by the caller) and on Form.io's dialogs, which it opens at the end of the page.
 */
export function useFormioTheme(): 'light' | 'dark' {
  const { settings } = useSettings();
  const theme = settings.themeMode === 'dark' ? 'dark' : 'light';
  useEffect(() => {
    const mark = (node: Node) => {
      if (node instanceof HTMLElement && node.classList.contains('formio-dialog')) {
        node.dataset.bsTheme = theme;
      }
    };
    document.querySelectorAll('.formio-dialog').forEach(mark);
    const observer = new MutationObserver((records) =>
      records.forEach((record) => record.addedNodes.forEach(mark)),
    );
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, [theme]);
  return theme;
}
