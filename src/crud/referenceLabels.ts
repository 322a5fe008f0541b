import { useDataProvider, type BaseRecord, type DataProvider } from '@refinedev/core';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { referenceLabel, type ReferenceField } from '../schema/fields';
import type { ChainMeta } from './list/chain';

/** field name -> referenced id -> label */
export type ReferenceLabels = Record<string, Record<string, string>>;

// The same empty answer every time: the list's columns are memoized on the labels.
const NO_LABELS: ReferenceLabels = {};

/**
 * Records by id, through the query cache: a list's labels and its translation status both want
 * the rows' hotels, and ask the API once between them.
 */
export function getManyOnce(
  queryClient: QueryClient,
  dataProvider: DataProvider,
  resource: string,
  ids: number[],
  meta?: ChainMeta,
): Promise<BaseRecord[]> {
  return queryClient.fetchQuery({
    queryKey: ['records-by-id', resource, ids, meta],
    queryFn: async () => (await dataProvider.getMany!({ resource, ids, meta })).data,
    // Long enough for the other to ask (the translation status asks after its own first query).
    staleTime: 5_000,
  });
}

/**
 * Labels of the records that the reference fields of `records` point at: one getMany per
 * referenced resource, in one query, so a list page shows "Wellness" rather than "#3".
 */
export function useReferenceLabels(
  fields: [string, ReferenceField][],
  records: Record<string, unknown>[],
  /** "All my hotels" (list/chain.tsx): the records of each row's hotel. */
  meta?: ChainMeta,
): ReferenceLabels {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const wanted = fields
    .map(([name, field]) => ({
      name,
      field,
      ids: [
        ...new Set(
          records
            .map((record) => record[name])
            .filter((id): id is number => typeof id === 'number'),
        ),
      ].sort((a, b) => a - b),
    }))
    .filter((entry) => entry.ids.length > 0);

  const { data } = useQuery({
    queryKey: [
      'reference-labels',
      wanted.map(({ name, field, ids }) => [name, field.resource, ids]),
      meta,
    ],
    enabled: wanted.length > 0,
    queryFn: async () => {
      const labels: ReferenceLabels = {};
      for (const { name, field, ids } of wanted) {
        const rows = await getManyOnce(queryClient, dataProvider(), field.resource, ids, meta);
        labels[name] = Object.fromEntries(
          rows.map((row) => [String(row.id), referenceLabel(field, row)]),
        );
      }
      return labels;
    },
  });
  return data ?? NO_LABELS;
}
