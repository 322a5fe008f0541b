import { useSelect } from '@refinedev/antd';
import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { referenceLabel, type ReferenceField } from '../schema/fields';
import { filterOptions } from './filterOptions';
import type { Column } from './resourceColumns';

interface Props {
  column: Column;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  optionLabel: (value: string) => string;
}

function ReferenceFilter({
  field,
  ...props
}: Omit<Props, 'column' | 'optionLabel'> & { field: ReferenceField }) {
  const { t } = useTranslation();
  const { selectProps } = useSelect({
    resource: field.resource,
    optionLabel: (row: Record<string, unknown>) => referenceLabel(field, row),
    optionValue: 'id' as never,
    pagination: { pageSize: 100, mode: 'server' },
    sorters: [{ field: field.labelField, order: 'asc' }],
    filters: Object.entries(field.where ?? {}).map(([name, value]) => ({
      field: name,
      operator: 'eq' as const,
      value,
    })),
  });
  const options = (selectProps.options ?? []).map((option) => ({
    value: String(option.value),
    label: option.label,
  }));
  return (
    <Select
      aria-label={props.label}
      placeholder={props.label}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={selectProps.loading}
      style={{ minWidth: 180 }}
      value={props.value}
      onChange={(value) => props.onChange(value ?? undefined)}
      options={options}
      notFoundContent={t('crud.noOptions')}
    />
  );
}

/** One filter of the list's filter bar; values are strings, as they travel in the URL. */
export function ListFilter({ column, label, value, onChange, optionLabel }: Props) {
  const { t } = useTranslation();
  if (column.field.kind === 'reference') {
    return <ReferenceFilter field={column.field} label={label} value={value} onChange={onChange} />;
  }
  const options = filterOptions(column.field, optionLabel, t)?.map((option) => ({
    ...option,
    value: String(option.value),
  }));
  if (!options) return null;
  return (
    <Select
      aria-label={label}
      placeholder={label}
      allowClear
      style={{ minWidth: 140 }}
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      options={options}
    />
  );
}

/**
 * A from–to filter on a date or date-time field. Days are whole UTC days, as the API stores
 * times in UTC: a day's filter is [D 00:00:00.000Z, D 23:59:59.999Z].
 */
export function DateRangeFilter({
  label,
  withTime,
  from,
  to,
  onChange,
}: {
  label: string;
  withTime: boolean;
  from?: string;
  to?: string;
  onChange: (range: [string, string] | null) => void;
}) {
  const { t } = useTranslation();
  const day = (value?: string) => (value ? dayjs(value.slice(0, 10)) : null);
  return (
    <DatePicker.RangePicker
      aria-label={label}
      placeholder={[t('crud.rangeFrom', { field: label }), t('crud.rangeTo', { field: label })]}
      allowEmpty={[true, true]}
      value={from || to ? [day(from), day(to)] : null}
      onChange={(range) => {
        const [start, end] = range ?? [];
        if (!start && !end) return onChange(null);
        const first = start?.format('YYYY-MM-DD') ?? '';
        const last = end?.format('YYYY-MM-DD') ?? '';
        onChange(
          withTime
            ? [first && `${first}T00:00:00.000Z`, last && `${last}T23:59:59.999Z`]
            : [first, last],
        );
      }}
    />
  );
}
