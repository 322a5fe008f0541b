import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, theme, type TableColumnType, type TableProps } from 'antd';
import { Fragment, type ReactNode } from 'react';
import type { TFunction } from 'i18next';

/**
 * A phone's rows (below 900 px), the same for every list: the key columns stay in the row and a
 * "Show details of …" button opens the other columns as labels and their values (plain markup:
 * a list's chunk does not grow by a component for it).
 */
export function usePhoneRows<T extends { id: number }>({
  rest,
  nameOf,
  t,
}: {
  /** The columns that move into the row's expanded part. */
  rest: TableColumnType<T>[];
  nameOf: (record: T) => string;
  t: TFunction;
}): TableProps<T>['expandable'] {
  const { token } = theme.useToken();
  if (rest.length === 0) return undefined;
  const details = (record: T) => (
    <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: 0 }}>
      {rest.map((column) => {
        const value =
          'dataIndex' in column && column.dataIndex
            ? (record as Record<string, unknown>)[String(column.dataIndex)]
            : undefined;
        return (
          <Fragment key={String(column.key)}>
            <dt style={{ color: token.colorTextSecondary }}>{column.title as ReactNode}</dt>
            <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
              {column.render ? (column.render(value, record, 0) as ReactNode) : String(value)}
            </dd>
          </Fragment>
        );
      })}
    </dl>
  );
  return {
    expandedRowRender: details,
    columnWidth: 32,
    expandIcon: ({ expanded, onExpand, record }) => (
      <Button
        type="text"
        size="small"
        aria-expanded={expanded}
        aria-label={t(expanded ? 'crud.hideDetails' : 'crud.showDetails', {
          name: nameOf(record),
        })}
        icon={expanded ? <MinusOutlined /> : <PlusOutlined />}
        onClick={(event) => onExpand(record, event)}
      />
    ),
  };
}
