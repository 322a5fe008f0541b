import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemsField } from '../../schema/fields';
import type { KindValueProps } from './types';
// The dispatcher renders nested values with their own kinds.
import { FieldValue } from './FieldValue';

/** Sub-records on a show page: a small table, each part shown by its own kind. */
export default function ItemsTable({
  field,
  rows,
  optionLabel,
  currency,
}: KindValueProps<ItemsField> & { rows: Record<string, unknown>[] }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(_, index) => String(index)}
      dataSource={rows}
      columns={Object.entries(field.of)
        .filter(([, sub]) => !sub.list?.none)
        .map(([name, sub]) => ({
          key: name,
          dataIndex: name,
          title: t(`crud.itemFields.${name}`, { defaultValue: name }),
          render: (cell: unknown) => (
            <FieldValue field={sub} value={cell} optionLabel={optionLabel} currency={currency} />
          ),
        }))}
    />
  );
}
