import {
  useTable,
  type BaseRecord,
  type CrudSort,
  type HttpError,
  type useTableProps,
} from '@refinedev/core';
import type { TablePaginationConfig, TableProps } from 'antd';
import { Children, isValidElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useScreens } from '../../shell/useScreens';

type OnChange<T> = NonNullable<TableProps<T>['onChange']>;
type Sorter<T> = Parameters<OnChange<T>>[2];

/** antd's sort state (one column, or several with `multiple`) in Refine's words. */
export function toCrudSorting<T>(sorter: Sorter<T>): CrudSort[] {
  const all = Array.isArray(sorter) ? sorter : [sorter];
  const weight = (item: (typeof all)[number]) =>
    (item.column?.sorter as { multiple?: number } | undefined)?.multiple ?? 0;
  return [...all]
    .sort((a, b) => (weight(a) < weight(b) ? -1 : 0))
    .flatMap((item) => {
      if (!item.field || !item.order) return [];
      const field = Array.isArray(item.field) ? item.field.join('.') : String(item.field);
      const order: CrudSort['order'] = item.order === 'ascend' ? 'asc' : 'desc';
      return [{ field: String(item.columnKey ?? field), order }];
    });
}

/** A pagination item as a real link to its page (middle-click opens it), paged by the table. */
function pageLink(to: string, element: ReactNode): ReactNode {
  // The table changes the page (onChange); the link only gives the item its address.
  return (
    <Link to={to} onClick={(event) => event.preventDefault()}>
      {element}
    </Link>
  );
}

/**
 * Refine's useTable with the props of antd's <Table>, as @refinedev/antd's useTable made them
 * (without its package, which brought Table, Tree and Radio into every page's first load):
 * header sorting and the pager change the sorters and page kept in the URL.
 */
export function useAntdTable<TData extends BaseRecord>(
  props: useTableProps<TData, HttpError, TData>,
) {
  const table = useTable<TData, HttpError, TData>(props);
  const { tableQuery, currentPage, pageSize, sorters, filters } = table;
  const { setCurrentPage, setPageSize, setSorters, createLinkForSyncWithLocation } = table;
  const breakpoint = useScreens();
  const paged = props.pagination?.mode !== 'off';

  // The table reports no filters: the lists' filters live in the toolbar, not in the columns.
  // A clicked column is the sort; the declared default only while the user has chosen none
  // (a third click on a column clears its sort).
  const onChange: OnChange<TData> = (pagination, _filters, sorter) => {
    if (sorter && Object.keys(sorter).length > 0) {
      const chosen = toCrudSorting(sorter);
      setSorters(chosen.length > 0 ? chosen : (props.sorters?.initial ?? []));
    }
    if (paged) {
      setCurrentPage(pagination.current || 1);
      setPageSize(pagination.pageSize || 10);
    }
  };

  const pagination: false | TablePaginationConfig = paged && {
    itemRender: (page, type, element) => {
      const to = createLinkForSyncWithLocation({
        pagination: { pageSize, currentPage: page },
        sorters,
        filters,
      });
      if (type === 'page') return pageLink(to, `${page}`);
      if (type === 'next' || type === 'prev') return pageLink(to, element);
      if (type === 'jump-next' || type === 'jump-prev') {
        const children: ReactNode = isValidElement<{ children?: ReactNode }>(element)
          ? element.props.children
          : undefined;
        return pageLink(to, Children.count(children) > 1 ? <>{children}</> : children);
      }
      return element;
    },
    pageSize,
    current: currentPage,
    simple: !breakpoint.sm,
    position: !breakpoint.sm ? ['bottomCenter'] : ['bottomRight'],
    total: tableQuery.data?.total,
  };

  const tableProps: TableProps<TData> = {
    dataSource: tableQuery.data?.data,
    // Without live updates: loading until the first answer; later pages keep the rows shown.
    loading: !tableQuery.isFetched,
    onChange,
    pagination,
    scroll: { x: true },
  };
  return { ...table, tableProps };
}
