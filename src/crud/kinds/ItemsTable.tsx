import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemsField } from '../../schema/fields';
import type { KindValueProps } from './types';

/** Sub-records on a show page: a small table, each part shown by its own kind. */
export default function ItemsTable({
  field,
  rows,
  optionLabel,
  currency,
  partView,
}: KindValueProps<ItemsField> & { rows: Record<string, unknown>[] }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(_, index) => String(index)}
      dataSource={rows}
      // Its columns as wide as their words: on a narrow screen it scrolls in its own box.
      scroll={{ x: 'max-content' }}
      columns={Object.entries(field.of)
        .filter(([, sub]) => !sub.list?.none)
        .map(([name, sub]) => ({
          key: name,
          dataIndex: name,
          title: t(`crud.itemFields.${name}`, { defaultValue: name }),
          render: (cell: unknown) => partView({ field: sub, value: cell, optionLabel, currency }),
        }))}
    />
  );
}
