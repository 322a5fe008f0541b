import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { embeddableAddress } from './model';
import { useDebounced } from '../../../crud/useDebounced';

/**
 * An iframe page as the guest app shows it: the https address embedded, sandboxed, without a
 * referrer. The address loads once typing pauses; anything but https (or this dashboard's own
 * origin, which must never be framed with scripts and its own origin) shows a hint instead.
 */
export const IframePreview = memo(function IframePreview({ value }: { value: string }) {
  const { t } = useTranslation();
  const settled = useDebounced(value, 400);
  const address = embeddableAddress(settled);
  if (!settled) return <p className="page-preview-hint">{t('pagePreview.iframeMissing')}</p>;
  if (!address) return <p className="page-preview-hint">{t('pagePreview.iframeHttps')}</p>;
  const url = new URL(address);
  if (url.origin === window.location.origin) {
    return <p className="page-preview-hint">{t('pagePreview.iframeOwnOrigin')}</p>;
  }
  return (
    <iframe
      className="page-preview-iframe"
      src={address}
      title={t('pagePreview.iframeTitle', { host: url.host })}
      sandbox="allow-scripts allow-same-origin"
      referrerPolicy="no-referrer"
      loading="lazy"
    />
  );
});
