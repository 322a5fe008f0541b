import { theme } from 'antd';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormAddonProps } from '../../crud/extension';
import { usePageFont } from './fonts';
import { IframePreview } from './preview/IframePreview';
import { previewPageOf, type PreviewPage } from './preview/model';
import { PageBody } from './preview/PageBody';
import { PdfPreview } from './preview/PdfPreview';
import { ExampleSubpages, StoredSubpages } from './preview/Subpages';
import './preview/preview.css';

/** The page's cover across the top of the screen; a broken address leaves a quiet band. */
function Cover({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState<string>();
  if (broken === src) return <div className="page-preview-cover" role="img" aria-label={alt} />;
  return (
    <div className="page-preview-cover">
      <img src={src} alt={alt} decoding="async" onError={() => setBroken(src)} />
    </div>
  );
}

/** What the page itself shows under its title: the body, the PDF or the embedded page. */
function PageContent({ page }: { page: PreviewPage }) {
  if (page.type === 'pdf') return <PdfPreview value={page.pdf} />;
  if (page.type === 'iframe') return <IframePreview value={page.iframe} />;
  return <PageBody html={page.body} />;
}

/**
 * The live preview beside a page's create and edit forms: the page as a guest sees it in the
 * guest app on a phone — its colours, font and cover, title and description, its body, PDF or
 * embedded page, and its subpages in the chosen template — following the form as it changes.
 * Cheap parts follow every change; sanitising, the PDF and the iframe wait for a pause, and
 * pdf.js and the fonts load only when used. Lazy-loaded by the pages feature (default export).
 */
export default function PagePreview({ values, id }: FormAddonProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const page = useMemo(() => previewPageOf(values), [values]);
  const { family } = usePageFont(page.styling.font);
  const recordId = id ?? (typeof values.id === 'number' ? values.id : undefined);
  const { styling } = page;

  const device: CSSProperties = {
    background: token.colorFillTertiary,
    borderColor: token.colorBorder,
    boxShadow: token.boxShadowTertiary,
  };
  // The guest app's own colours, whatever the dashboard's theme: custom properties for the CSS.
  const screen = {
    '--pp-background': styling.background,
    '--pp-text': styling.textColor,
    '--pp-title': styling.titleColor,
    '--pp-button': styling.buttonColor,
    '--pp-button-text': styling.buttonTitleColor,
    fontFamily: family,
  } as CSSProperties;

  return (
    <section className="page-preview" aria-label={t('pagePreview.label')} style={device}>
      <div className="page-preview-screen" style={screen} data-testid="page-preview-screen">
        <div className="page-preview-statusbar" aria-hidden>
          <span>9:41</span>
          <span className="page-preview-statusbar-icons">
            <span />
            <span />
            <span />
          </span>
        </div>
        {/* Scrolls inside the phone; focusable so keyboard users can scroll it too. */}
        <div className="page-preview-scroll" tabIndex={0}>
          {page.cover && (
            <Cover
              src={page.cover}
              alt={t('pagePreview.coverOf', {
                title: page.title || t('pagePreview.titlePlaceholder'),
              })}
            />
          )}
          <div className="page-preview-content">
            <h2 className={`page-preview-title${page.title ? '' : ' page-preview-placeholder'}`}>
              {page.title || t('pagePreview.titlePlaceholder')}
            </h2>
            {page.description && <p className="page-preview-description">{page.description}</p>}
            <PageContent page={page} />
            {recordId !== undefined ? (
              <StoredSubpages id={recordId} template={page.template} />
            ) : (
              <ExampleSubpages template={page.template} />
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
