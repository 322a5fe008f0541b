import { useSelect } from '@refinedev/antd';
import { useEffect } from 'react';
import { referenceLabel, type ReferenceField } from '../../schema/fields';
import type { InputProps } from './types';

/** What the reference input's Select takes from @refinedev/antd's useSelect. */
export interface ReferenceChoice {
  options: { label: string; value: number }[];
  loading: boolean;
  onSearch: (value: string) => void;
}

const num = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * @refinedev/antd's useSelect for one reference input: the records it may point at, searched by
 * their label. Renders nothing; it hands the choices to the input's own Select (ReferenceInput),
 * which stays the same element, so focus and typed text survive its arrival.
 */
export default function ReferenceOptions({
  field,
  props,
  onChoice,
}: {
  field: ReferenceField;
  props: InputProps;
  onChoice: (choice: ReferenceChoice) => void;
}) {
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
  const { options, loading, onSearch } = selectProps;
  useEffect(() => {
    onChoice({
      options: (options ?? []) as ReferenceChoice['options'],
      loading: !!loading,
      onSearch: onSearch!,
    });
  }, [options, loading, onSearch, onChoice]);
  return null;
}
