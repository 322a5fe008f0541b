import { useCustom, type CrudFilter } from '@refinedev/core';
import { Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { generateFilter } from '../providers/dataProvider';
import { formatNumber } from '../schema/format';
import { apiUrl } from '../providers/http';
import type { Resource } from '../schema/resource';
import { FieldValue } from './widgets';

interface Summary {
  count: number;
  sums: Record<string, number>;
}

/** The totals of what the list's filter selects (count and declared sums), from the API. */
export function ListSummary({
  resource,
  filters,
  currency,
}: {
  resource: Resource;
  filters: CrudFilter[];
  /** The currency of the hotel the list shows (sums of money). */
  currency?: string;
}) {
  const { t, i18n } = useTranslation();
  const { query } = useCustom<Summary>({
    url: apiUrl(`/${resource.name}/summary`),
    method: 'get',
    // The same query language as the list, so the totals are the list's totals.
    config: { query: generateFilter(filters) },
    errorNotification: false,
  });
  const summary = query.data?.data;
  return (
    <Space
      size={48}
      wrap
      style={{ marginBottom: 16 }}
      aria-live="polite"
      aria-busy={query.isFetching}
    >
      <Statistic
        title={t(`resources.${resource.name}.summary.count`)}
        value={summary ? formatNumber(summary.count, i18n.language) : '…'}
        loading={query.isLoading}
      />
      {(resource.summary?.sum ?? []).map((field) => (
        <Statistic
          key={field}
          title={t(`resources.${resource.name}.summary.${field}`)}
          loading={query.isLoading}
          valueRender={() =>
            summary ? (
              <FieldValue
                field={resource.fields[field]!}
                value={summary.sums[field] ?? 0}
                optionLabel={(option) => option}
                currency={currency}
              />
            ) : (
              '…'
            )
          }
        />
      ))}
    </Space>
  );
}
