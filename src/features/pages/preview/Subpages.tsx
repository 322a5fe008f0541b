import { useList } from '@refinedev/core';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tileOf, type PageTemplate, type StoredSubpage, type SubpageTile } from './model';

/** How many subpages the preview asks for (a page with more shows the first ones). */
const MAX_SUBPAGES = 30;
/** Masonry's varying tile heights (px), repeating: two columns that do not line up. */
const MASONRY_HEIGHTS = [150, 110, 120, 165, 135, 100];

function TileCover({ tile, alt }: { tile: SubpageTile; alt: string }) {
  const [broken, setBroken] = useState<string>();
  if (!tile.cover || broken === tile.cover) {
    return (
      <span className="page-preview-tile-placeholder" aria-hidden>
        {Array.from(tile.title.trim())[0]?.toUpperCase() ?? ''}
      </span>
    );
  }
  return (
    <img
      className="page-preview-tile-image"
      src={tile.cover}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(tile.cover)}
    />
  );
}

/**
 * A page's subpages laid out in its template: rows of three square tiles, masonry (two columns
 * of varying heights), a vertical list of wide tiles, or round bubbles. Titles sit on the page's
 * button colour in its button title colour (CSS custom properties of the screen).
 */
export const SubpageTiles = memo(function SubpageTiles({
  template,
  tiles,
  busy,
}: {
  template: PageTemplate;
  tiles: readonly SubpageTile[];
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul
      className={`page-preview-subpages page-preview-subpages--${template}`}
      data-template={template}
      aria-label={t('pagePreview.subpages')}
      aria-busy={busy || undefined}
    >
      {tiles.map((tile, index) => (
        <li
          key={tile.key}
          className={`page-preview-tile${tile.draft ? ' page-preview-tile--draft' : ''}`}
          style={
            template === 'masonry'
              ? { height: MASONRY_HEIGHTS[index % MASONRY_HEIGHTS.length] }
              : undefined
          }
        >
          <span className="page-preview-tile-cover">
            <TileCover tile={tile} alt={t('pagePreview.coverOf', { title: tile.title })} />
          </span>
          <span className="page-preview-tile-title">
            {tile.title}
            {tile.draft && (
              <span className="page-preview-tile-draft">{t('pagePreview.draft')}</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
});

/** Three example tiles, so the template chosen on a new page shows before it has subpages. */
export const ExampleSubpages = memo(function ExampleSubpages({
  template,
}: {
  template: PageTemplate;
}) {
  const { t } = useTranslation();
  const tiles = useMemo(
    () => [1, 2, 3].map((number) => ({ key: number, title: t('pagePreview.subpage', { number }) })),
    [t],
  );
  return <SubpageTiles template={template} tiles={tiles} />;
});

/**
 * The subpages of the page being edited, in their order, fetched through Refine: three empty
 * tiles while loading (so little moves), a hint naming the template while there are none.
 */
export const StoredSubpages = memo(function StoredSubpages({
  id,
  template,
}: {
  id: number;
  template: PageTemplate;
}) {
  const { t } = useTranslation();
  const { result, query } = useList<StoredSubpage>({
    resource: 'pages',
    filters: [{ field: 'parentId', operator: 'eq', value: id }],
    sorters: [{ field: 'position', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: MAX_SUBPAGES },
    successNotification: false,
    errorNotification: false,
  });
  if (query.isPending) {
    const tiles = [1, 2, 3].map((key) => ({ key, title: '' }));
    return <SubpageTiles template={template} tiles={tiles} busy />;
  }
  if (query.isError) return <p className="page-preview-hint">{t('pagePreview.subpagesFailed')}</p>;
  if (!result.data.length) {
    const name = t(`resources.pages.options.template.${template}`, { defaultValue: template });
    return <p className="page-preview-hint">{t('pagePreview.noSubpages', { template: name })}</p>;
  }
  const untitled = t('pagePreview.titlePlaceholder');
  return (
    <SubpageTiles template={template} tiles={result.data.map((page) => tileOf(page, untitled))} />
  );
});
