import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** Breadcrumb from the route: each known segment is a translated, linked step. */
export function Breadcrumbs() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter(Boolean);
  const items = segments.map((segment, index) => {
    const key = `breadcrumb.${segment}`;
    const title = i18n.exists(key) ? t(key) : /^\d+$/.test(segment) ? `#${segment}` : segment;
    const path = '/' + segments.slice(0, index + 1).join('/');
    const last = index === segments.length - 1;
    return { key: path, title: last ? title : <Link to={path}>{title}</Link> };
  });
  return (
    <nav aria-label={t('breadcrumb.label')}>
      <Breadcrumb items={items} />
    </nav>
  );
}
