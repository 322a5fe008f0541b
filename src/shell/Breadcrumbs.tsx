import { useQueryClient } from '@tanstack/react-query';
import { Breadcrumb } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { resources } from '../resources';
import { breadcrumbTrail } from './trail';
import { useCrumbText } from './useCrumbText';

/**
 * Breadcrumb from the route (see trail.ts). `pages` are the paths features serve that are pages
 * of their own (so their crumbs link). `compact` keeps the last two steps, on one line (phones).
 */
export function Breadcrumbs({
  pages = [],
  compact = false,
}: {
  pages?: readonly string[];
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const text = useCrumbText();
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname, {
    resources,
    pages,
    exists: (key) => i18n.exists(key),
  });
  const shown = compact ? trail.slice(-2) : trail;
  const items = shown.map((crumb, index) => {
    const { label } = crumb;
    const title =
      'record' in label && label.record ? (
        <RecordName {...label.record} fallback={label.text} />
      ) : (
        text(label)
      );
    const last = index === shown.length - 1;
    return {
      key: crumb.key,
      title: last || !crumb.path ? title : <Link to={crumb.path}>{title}</Link>,
    };
  });
  return (
    <nav aria-label={t('breadcrumb.label')} className="stay-breadcrumb">
      <Breadcrumb items={items} />
    </nav>
  );
}

/**
 * A record's name (its declared label field) where the path has its id, read from what the page
 * itself loaded (Refine's cached "one" query of that resource and id, whatever its meta): the
 * trail never asks the API itself, so a record is asked for once. Its id stands while loading,
 * and for a record with no name.
 */
function RecordName({
  resource,
  id,
  fallback,
}: {
  resource: string;
  id: number;
  fallback: string;
}) {
  const declared = resources.find((candidate) => candidate.name === resource);
  const cache = useQueryClient().getQueryCache();
  const name = useSyncExternalStore(
    (changed) => cache.subscribe(changed),
    () => {
      if (!declared) return undefined;
      for (const query of cache.findAll()) {
        const key = query.queryKey.map(String);
        if (!key.includes(resource) || !key.includes('one') || !key.includes(String(id))) continue;
        const record = (query.state.data as { data?: Record<string, unknown> } | undefined)?.data;
        const value = record?.[declared.labelField];
        if (typeof value === 'string' && value.trim() !== '') return value;
      }
      return undefined;
    },
  );
  return <>{name ?? fallback}</>;
}
