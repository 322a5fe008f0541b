import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TrailPlaces } from './trail';
import { useCrumbText } from './useCrumbText';
import { useRecordName } from './useRecordName';
import { useTrail } from './useTrail';

/**
 * Breadcrumb from the route (see trail.ts). `places` are the features' pages (their own pages
 * link; their pages of one record name it). `compact` keeps the last two steps, on one line
 * (phones).
 */
export function Breadcrumbs({
  places = {},
  compact = false,
}: {
  places?: TrailPlaces;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const text = useCrumbText();
  const trail = useTrail(places);
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

/** A record's name (useRecordName); its id stands while loading, and for a record with no name. */
function RecordName({
  resource,
  id,
  fallback,
}: {
  resource: string;
  id: number;
  fallback: string;
}) {
  return <>{useRecordName({ resource, id }) ?? fallback}</>;
}
