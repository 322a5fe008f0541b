import { useSelect } from '@refinedev/antd';
import { useMany } from '@refinedev/core';
import { Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JsonField } from '../../schema/fields';
import type { KindInputProps, KindValueProps } from './types';

type Ids = NonNullable<JsonField['ids']>;
type Row = Record<string, unknown>;

const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
const labelOf = (ids: Ids, row: Row) => String(row[ids.labelField] ?? row.id);

/** A choice of several records of another resource (a json field with `ids`), by their label. */
export default function IdsInput({ field, props }: KindInputProps<JsonField>) {
  const { t } = useTranslation();
  const ids = field.ids!;
  const value = idsOf(props.value);
  const { selectProps } = useSelect<Row>({
    resource: ids.resource,
    optionLabel: (row) => labelOf(ids, row),
    optionValue: 'id' as never,
    filters: Object.entries(ids.where ?? {}).map(([name, wanted]) => ({
      field: name,
      operator: 'eq' as const,
      value: wanted,
    })),
    pagination: { pageSize: 100, mode: 'server' },
    defaultValue: value,
    onSearch: (text) => [{ field: `${ids.labelField}_like`, operator: 'eq', value: text }],
  });
  const { options, loading, onSearch, filterOption } = selectProps;
  return (
    <Select<number[]>
      options={options as { label: string; value: number }[]}
      loading={loading}
      showSearch
      onSearch={onSearch}
      filterOption={filterOption}
      mode="multiple"
      id={props.id}
      disabled={props.disabled}
      value={value}
      onChange={(next) => props.onChange(next ?? [])}
      onBlur={props.onBlur}
      aria-invalid={props['aria-invalid']}
      aria-describedby={props['aria-describedby']}
      placeholder={t('crud.choose')}
    />
  );
}

/** The records a list of ids names, as tags with their labels. */
export function IdsValue({ field, value }: KindValueProps<JsonField>) {
  const ids = field.ids!;
  const wanted = idsOf(value);
  const { result } = useMany<Row>({ resource: ids.resource, ids: wanted, liveMode: 'off' });
  const rows = new Map((result.data ?? []).map((row) => [row.id as number, row]));
  return (
    <Space size={[4, 4]} wrap>
      {wanted.map((id) => (
        <Tag key={id}>{rows.has(id) ? labelOf(ids, rows.get(id)!) : `#${id}`}</Tag>
      ))}
    </Space>
  );
}
