import { FilePdfOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUploadInfo, resolveUploadUrl } from '../../../crud/kinds/upload/uploadUrl';
import { fileNameOf } from './model';
import { useDebounced } from '../../../crud/useDebounced';

/** The width the page is drawn at: the phone screen less its margins (CSS scales it to fit). */
const PDF_WIDTH = 308;
/** A4's proportions, held while the first page loads so nothing below it moves. */
const A4 = '210 / 297';

/** The name the file was uploaded with (asked once per file), else the stored name. */
function useFileName(stored: string): string {
  const [known, setKnown] = useState<{ stored: string; name: string }>();
  useEffect(() => {
    let current = true;
    void fetchUploadInfo(stored).then((info) => {
      if (current && info?.name) setKnown({ stored, name: info.name });
    });
    return () => {
      current = false;
    };
  }, [stored]);
  return known?.stored === stored ? known.name : fileNameOf(stored);
}

/** The last drawing: its address, and its page's proportions (kept while the next loads). */
type Drawn = { url: string; status: 'done' | 'failed'; ratio?: string };

/**
 * A PDF page as the guest app shows it: the first page drawn by pdf.js (loaded on first use),
 * the file's name and a button that opens the PDF. When the file cannot be fetched or read, a
 * tile with the name says so; the button still offers the file.
 */
export const PdfPreview = memo(function PdfPreview({ value }: { value: string }) {
  const { t } = useTranslation();
  const stored = useDebounced(value);
  const url = stored ? resolveUploadUrl(stored) : undefined;
  const name = useFileName(stored);
  const host = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<Drawn>();
  const status = !url ? 'failed' : drawn?.url === url ? drawn.status : 'loading';

  useEffect(() => {
    const container = host.current;
    if (!url || !container) return;
    const controller = new AbortController();
    import('./pdf')
      .then(({ renderFirstPage }) => renderFirstPage(url, PDF_WIDTH, controller.signal))
      .then(({ canvas, width, height }) => {
        if (controller.signal.aborted) return;
        canvas.className = 'page-preview-pdf-canvas';
        container.replaceChildren(canvas);
        setDrawn({ url, status: 'done', ratio: `${width} / ${height}` });
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        container.replaceChildren();
        setDrawn((last) => ({ url, status: 'failed', ratio: last?.ratio }));
      });
    return () => controller.abort();
  }, [url]);

  if (!stored) return <p className="page-preview-hint">{t('pagePreview.pdfMissing')}</p>;
  return (
    <figure className="page-preview-pdf">
      <div
        className="page-preview-pdf-page"
        role="img"
        aria-label={t('pagePreview.pdfFirstPage', { name })}
        aria-busy={status === 'loading'}
        hidden={status === 'failed'}
        style={{ aspectRatio: drawn?.ratio ?? A4 }}
      >
        <div ref={host} className="page-preview-pdf-canvas-host" />
        {status === 'loading' && (
          <div className="page-preview-pdf-loading">
            <Spin size="small" />
          </div>
        )}
      </div>
      {status === 'failed' && (
        <div className="page-preview-pdf-fallback" role="note">
          <FilePdfOutlined aria-hidden className="page-preview-pdf-fallback-icon" />
          <span className="page-preview-pdf-fallback-name">{name}</span>
          <span>{t('pagePreview.pdfFailed')}</span>
        </div>
      )}
      <figcaption className="page-preview-pdf-caption">
        <span className="page-preview-pdf-name" title={name}>
          {name}
        </span>
        {url && (
          <a className="page-preview-button" href={url} target="_blank" rel="noopener noreferrer">
            {t('pagePreview.openPdf')}
          </a>
        )}
      </figcaption>
    </figure>
  );
});
