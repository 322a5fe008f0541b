import { useSelect } from '@refinedev/antd';
import { Select } from 'antd';
import { lazy, Suspense, type ComponentProps } from 'react';
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

// The date picker (rc-picker and its locales) loads with the first date filter shown, not with
// every list.
const LazyDateRangeFilter = lazy(() => import('./DateRangeFilter'));

/** A from–to filter on a date or date-time field (DateRangeFilter.tsx). */
export function DateRangeFilter(props: ComponentProps<typeof LazyDateRangeFilter>) {
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: 256, height: 32 }} />}>
      <LazyDateRangeFilter {...props} />
    </Suspense>
  );
}
