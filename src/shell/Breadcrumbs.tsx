import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { resources } from '../resources';

/**
 * Breadcrumb from the route: each known segment is a translated, linked step. `pages` are the
 * paths features serve that are pages of their own (so their crumbs link).
 */
export function Breadcrumbs({ pages = [] }: { pages?: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter(Boolean);
  // A resource's route may span segments (pos/products): it names the crumb of its last one.
  const resourceAt = (index: number) =>
    resources.find((item) => item.route === segments.slice(1, index + 1).join('/'));
  const items = segments.map((segment, index) => {
    const resource = index >= 1 ? resourceAt(index) : undefined;
    const key = `breadcrumb.${segment}`;
    const isId = /^\d+$/.test(segment);
    const title = resource
      ? t(`resources.${resource.name}.title`)
      : isId
        ? `#${segment}`
        : i18n.exists(key)
          ? t(key)
          : segment;
    // A record's own page is its show page.
    const path = '/' + segments.slice(0, index + 1).join('/') + (isId ? '/show' : '');
    const last = index === segments.length - 1;
    // Only segments that are pages link: /dashboard, a resource, a record, a feature's page
    // (not e.g. /dashboard/apps).
    const own = '/' + segments.slice(0, index + 1).join('/');
    const page = index === 0 || Boolean(resource) || isId || pages.includes(own);
    return { key: path, title: last || !page ? title : <Link to={path}>{title}</Link> };
  });
  return (
    <nav aria-label={t('breadcrumb.label')}>
      <Breadcrumb items={items} />
    </nav>
  );
}
