import { useInvalidate } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { isLocale, type Locale } from '../../schema/locales';
import type { Resource } from '../../schema/resource';
import type { User } from '../../schema/user';
import { useAction } from '../useAction';
import type { useResourceText } from '../useResourceText';
import { filterValue, SEARCH } from './filters';
import { initialFilters, initialSorters, PAGE_SIZE } from './firstPage';
import { useToasts } from '../../providers/toasts';
import { useAntdTable } from './useAntdTable';

export type Row = Record<string, unknown> & { id: number };

/**
 * A list's records and what changes them: server-side pages, sort and filters kept in the URL,
 * the content language, and drag ordering that shows at once and is saved through `reorder`.
 */
export function useListRecords(
  resource: Resource,
  user: User,
  text: ReturnType<typeof useResourceText>,
) {
  const { t } = text;
  const { notification } = useToasts();
  const invalidate = useInvalidate();
  const table = useAntdTable<Row>({
    resource: resource.name,
    syncWithLocation: true,
    // What the first request asks for is also asked for early (firstPage.ts).
    pagination: { pageSize: PAGE_SIZE },
    sorters: { initial: initialSorters(resource) },
    filters: { initial: initialFilters(resource, user) },
    errorNotification: false,
    // The list draws again only when what it shows changes, not when a fetch starts: the
    // query's store is rendered synchronously, and its start came right after the list's mount.
    queryOptions: {
      notifyOnChangeProps: ['data', 'error', 'isError', 'isFetched', 'dataUpdatedAt'],
    },
  });
  const { tableProps, filters, setFilters, sorters } = table;
  const fetched = useMemo(() => (tableProps.dataSource ?? []) as Row[], [tableProps.dataSource]);
  // A drag shows its new order at once; a fresh answer from the server replaces it.
  const [moved, setMoved] = useState<{ base: Row[]; ids: number[] } | null>(null);
  const records = useMemo(
    () =>
      moved && moved.base === fetched
        ? moved.ids.map((id) => fetched.find((row) => row.id === id)!).filter(Boolean)
        : fetched,
    [moved, fetched],
  );
  const asked = filterValue(filters, 'locale');
  const contentLocale: Locale = isLocale(asked) ? asked : user.sourceLocale;
  const sortedByPosition =
    sorters.length === 0 ||
    (sorters.length === 1 && sorters[0]!.field === 'position' && sorters[0]!.order === 'asc');
  const reorderable = Boolean(
    resource.orderable && sortedByPosition && !filterValue(filters, SEARCH),
  );
  const reorder = useAction(resource, 'reorder');
  const saveOrder = (ids: number[]) => {
    setMoved({ base: fetched, ids });
    reorder.run(
      { ids },
      {
        onSuccess: () => {
          notification.success({ message: t('reorder.saved') });
          void invalidate({ resource: resource.name, invalidates: ['list'] });
        },
        onError: (error) => {
          setMoved(null);
          notification.error({ message: t('reorder.failed'), description: error.message });
        },
      },
    );
  };
  const setFilter = (field: string, value: string | undefined) =>
    setFilters([{ field, operator: 'eq', value: value ?? '' }], 'merge');
  const setRange = (field: string, range: [string, string] | null) =>
    setFilters(
      [
        { field, operator: 'gte', value: range?.[0] ?? '' },
        { field, operator: 'lte', value: range?.[1] ?? '' },
      ],
      'merge',
    );
  return {
    ...table,
    records,
    contentLocale,
    reorderable,
    saveOrder,
    setFilter,
    setRange,
    valueOf: (field: string, operator?: Parameters<typeof filterValue>[2]) =>
      filterValue(filters, field, operator),
  };
}
