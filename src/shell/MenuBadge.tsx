import { useList } from '@refinedev/core';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

/** How often the menu asks again for its counts (new guest requests arrive on their own). */
const REFRESH_MS = 60_000;

/**
 * A menu entry's count (NavItem.badge): the total of a one-record list query, refreshed every
 * minute and whenever the resource's lists are invalidated (a status changed). Nothing at zero.
 */
export function MenuBadge({
  resource,
  filter,
  label,
}: {
  resource: string;
  filter: Readonly<Record<string, string>>;
  label: string;
}) {
  const { t } = useTranslation();
  const { result } = useList({
    resource,
    filters: Object.entries(filter).map(([field, value]) => ({ field, operator: 'eq', value })),
    pagination: { currentPage: 1, pageSize: 1 },
    queryOptions: { refetchInterval: REFRESH_MS },
    errorNotification: false,
  });
  const count = result?.total ?? 0;
  if (!count) return null;
  return (
    <Badge
      count={count}
      overflowCount={99}
      size="small"
      style={{ marginInlineStart: 8 }}
      aria-label={t(label, { count })}
      title={t(label, { count })}
    />
  );
}
