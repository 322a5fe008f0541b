import { useKeys, useList } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** How often the menu asks again for its counts (new guest requests arrive on their own). */
const REFRESH_MS = 60_000;
/** Marks a badge's own query, so that badges never set one another off. */
const COUNT_META = { menuCount: true } as const;

/**
 * A menu entry's count (NavItem.badge): the total of a one-record list query, refreshed every
 * minute, whenever the resource's lists are invalidated (a status changed), and whenever another
 * list of the resource brings a fresh answer: the inbox showing 3 New while the badge said 2
 * read as a broken count.
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
  const { result, query } = useList({
    resource,
    filters: Object.entries(filter).map(([field, value]) => ({ field, operator: 'eq', value })),
    pagination: { currentPage: 1, pageSize: 1 },
    queryOptions: { refetchInterval: REFRESH_MS, meta: COUNT_META },
    errorNotification: false,
  });
  useFollowLists(resource, query);
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

/** Asks the count again when any other list query of the resource has a fresh answer. */
function useFollowLists(
  resource: string,
  count: { refetch: () => Promise<unknown>; isFetching: boolean },
) {
  const queryClient = useQueryClient();
  const { keys } = useKeys();
  const { refetch, isFetching } = count;
  useEffect(() => {
    if (isFetching) return;
    const lists = keys().data().resource(resource).action('list').get() as readonly unknown[];
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const { queryKey, meta } = event.query;
      if (meta?.menuCount) return;
      if (!lists.every((part, i) => part === queryKey[i])) return;
      void refetch();
    });
  }, [queryClient, keys, resource, refetch, isFetching]);
}
