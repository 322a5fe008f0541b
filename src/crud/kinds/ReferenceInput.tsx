import { useSelect } from '@refinedev/antd';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { referenceLabel, type ReferenceField } from '../../schema/fields';
import type { KindInputProps } from './types';

const num = (value: unknown) => (typeof value === 'number' ? value : null);

/** A searchable choice of the referenced records the record may point at. */
export function ReferenceInput({ field, props }: KindInputProps<ReferenceField>) {
  const { t } = useTranslation();
  const { selectProps } = useSelect({
    resource: field.resource,
    optionLabel: (row: Record<string, unknown>) => referenceLabel(field, row),
    optionValue: 'id' as never,
    filters: [
      ...Object.entries(field.where ?? {}).map(([name, value]) => ({
        field: name,
        operator: 'eq' as const,
        value,
      })),
      ...(field.match ?? [])
        .filter((key) => props.values?.[key] != null)
        .map((key) => ({ field: key, operator: 'eq' as const, value: props.values![key] })),
      ...(field.sameOwner && props.ownerId
        ? [{ field: 'ownerId', operator: 'eq' as const, value: props.ownerId }]
        : []),
    ],
    pagination: { pageSize: 100, mode: 'server' },
    defaultValue: num(props.value) ?? undefined,
    onSearch: (value) => [{ field: `${field.labelField}_like` as string, operator: 'eq', value }],
  });
  return (
    <Select<number | null>
      {...(selectProps as SelectProps<number | null>)}
      id={props.id}
      disabled={props.disabled}
      value={num(props.value)}
      onChange={(value) => props.onChange(value ?? null)}
      onBlur={props.onBlur}
      aria-invalid={props['aria-invalid']}
      aria-describedby={props['aria-describedby']}
      allowClear={!field.required}
      placeholder={t('crud.choose')}
    />
  );
}
