import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCrumbText } from './useCrumbText';
import { useRecordName } from './useRecordName';
import { useTrail } from './useTrail';
import { PageTitleContext } from './usePageTitle';
import { titleParts, type TrailPlaces } from './trail';

/**
 * Keeps the browser tab's title in the interface language: the page's place (trail.ts, a record
 * by its name), or what the page says it is (usePageTitle, e.g. the error pages), then the
 * product's name.
 */
export function DocumentTitle({
  places = {},
  children,
}: {
  places?: TrailPlaces;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const text = useCrumbText();
  const [own, setOwn] = useState<string | null>(null);
  const trail = useTrail(places);
  const labels = titleParts(trail);
  // A record's page is titled by its name, as its breadcrumb is (useRecordName).
  const named = labels.find((label) => 'record' in label && label.record);
  const name = useRecordName(named && 'record' in named ? named.record : undefined);
  const parts = own
    ? [own]
    : labels.map((label) => (label === named && name !== undefined ? name : text(label)));
  const title = [parts.join(' · '), t('app.name')].filter(Boolean).join(' | ');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <PageTitleContext.Provider value={setOwn}>{children}</PageTitleContext.Provider>;
}
