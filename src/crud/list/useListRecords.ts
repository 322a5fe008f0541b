import { useTable } from '@refinedev/antd';
import { type HttpError } from '@refinedev/core';
import type { TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { isLocale, type Locale } from '../../schema/locales';
import type { Resource } from '../../schema/resource';
import type { User } from '../../schema/user';
import { useAction } from '../useAction';
import type { useResourceText } from '../useResourceText';
import { filterValue, SEARCH } from './filters';
import { initialFilters, initialSorters, PAGE_SIZE } from './firstPage';
import { useToasts } from '../../providers/toasts';
import type { ChainMeta } from './chain';

export type Row = Record<string, unknown> & { id: number };

/**
 * A list's records and what changes them: server-side pages, sort and filters kept in the URL,
 * the content language, and drag ordering that shows at once and is saved through `reorder`.
 */
export function useListRecords(
  resource: Resource,
  user: User,
  text: ReturnType<typeof useResourceText>,
  /** The read's meta: "all my hotels" (chain.tsx). */
  meta?: ChainMeta,
) {
  const { t } = text;
  const { notification } = useToasts();
  // @refinedev/antd's useTable: Refine's pages, sorters and filters kept in the URL, as the
  // props of antd's <Table> (header sorting, a pager whose items are links to their pages).
  const table = useTable<Row, HttpError>({
    resource: resource.name,
    syncWithLocation: true,
    // What the first request asks for is also asked for early (firstPage.ts).
    pagination: { pageSize: PAGE_SIZE },
    sorters: { initial: initialSorters(resource) },
    filters: { initial: initialFilters(resource, user) },
    meta,
    errorNotification: false,
    // The list draws again only when what it shows changes, not when a fetch starts: the
    // query's store is rendered synchronously, and its start came right after the list's mount.
    queryOptions: {
      notifyOnChangeProps: ['data', 'error', 'isError', 'isFetched', 'dataUpdatedAt'],
    },
  });
  const { filters, setFilters, sorters, setSorters } = table;
  // A clicked column is the sort; the declared default while the user has chosen none (a third
  // click on a column clears its sort, which useTable would leave unsorted).
  const onChange: TableProps<Row>['onChange'] = (pagination, columnFilters, sorter, extra) => {
    table.tableProps.onChange?.(pagination, columnFilters, sorter, extra);
    const columns = Array.isArray(sorter) ? sorter : [sorter];
    const cleared = Object.keys(sorter).length > 0 && columns.every((column) => !column.order);
    if (cleared) setSorters(initialSorters(resource));
  };
  const tableProps: TableProps<Row> = { ...table.tableProps, onChange };
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
        // The action itself has the list ask again (useAction).
        onSuccess: () => notification.success({ message: t('reorder.saved') }),
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
    tableProps,
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
