import { memo, useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { safeRichTextHtml } from '../../../crud/kinds/richText/html';
import { plainText } from '../../../schema/richText';
import { useDebounced } from '../../../crud/useDebounced';

/** A link in the preview opens in a new tab: the dashboard (and its unsaved form) stays. */
function openLinksAside(event: MouseEvent<HTMLDivElement>) {
  const link = (event.target as Element).closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return;
  event.preventDefault();
  window.open(link.href, '_blank', 'noopener,noreferrer');
}

/**
 * A content page's body as a mobile article: the HTML sanitised in the browser with the
 * product's allowlist (uploaded images loaded from the API), once typing pauses for 200 ms.
 */
export const PageBody = memo(function PageBody({ html }: { html: string }) {
  const { t } = useTranslation();
  const settled = useDebounced(html);
  const safe = useMemo(() => safeRichTextHtml(settled), [settled]);
  const empty = useMemo(() => !plainText(safe).trim() && !/<img\b/i.test(safe), [safe]);
  if (empty) return <p className="page-preview-hint">{t('pagePreview.bodyPlaceholder')}</p>;
  return (
    <div
      className="page-preview-body"
      onClick={openLinksAside}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
});
