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
    // Form.io puts each dialog in a wrapper of its own at the end of the page.
    const mark = (node: Node) => {
      if (!(node instanceof HTMLElement)) return;
      if (node.classList.contains('formio-dialog')) node.dataset.bsTheme = theme;
      node.querySelectorAll<HTMLElement>('.formio-dialog').forEach((dialog) => {
        dialog.dataset.bsTheme = theme;
      });
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
