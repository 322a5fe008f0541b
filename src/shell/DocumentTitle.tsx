import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { resources } from '../resources';
import { useCrumbText } from './useCrumbText';
import { PageTitleContext } from './usePageTitle';
import { breadcrumbTrail, titleParts } from './trail';

/**
 * Keeps the browser tab's title in the interface language: the page's place (trail.ts), or what
 * the page says it is (usePageTitle, e.g. the error pages), then the product's name.
 */
export function DocumentTitle({
  pages = [],
  children,
}: {
  pages?: readonly string[];
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const text = useCrumbText();
  const { pathname } = useLocation();
  const [own, setOwn] = useState<string | null>(null);
  const trail = breadcrumbTrail(pathname, { resources, pages, exists: (key) => i18n.exists(key) });
  const parts = own ? [own] : titleParts(trail).map(text);
  const title = [parts.join(' · '), t('app.name')].filter(Boolean).join(' | ');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <PageTitleContext.Provider value={setOwn}>{children}</PageTitleContext.Provider>;
}
