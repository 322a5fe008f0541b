import { useQueryClient, type QueryCache } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { recordName } from '../crud/recordName';
import { resources } from '../resources';
import { referenceLabel } from '../schema/fields';

type Row = Record<string, unknown>;

/** Rows a cached answer holds: Refine's `{ data }` of one or many, or a plain array. */
function rowsOf(data: unknown): Row[] {
  const inner = (data as { data?: unknown } | undefined)?.data ?? data;
  if (Array.isArray(inner)) return inner.filter((row): row is Row => typeof row === 'object');
  return typeof inner === 'object' && inner !== null ? [inner as Row] : [];
}

/** A record of `resource` that some cached query already holds. */
function cachedRecord(
  cache: QueryCache,
  resource: string,
  id: number,
  kind?: string,
): Row | undefined {
  for (const query of cache.findAll()) {
    const key = query.queryKey.map(String);
    if (!key.includes(resource) || (kind && !key.includes(kind))) continue;
    const found = rowsOf(query.state.data).find((row) => row.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * A record's name where the path has its id (breadcrumb, tab title), read from what the page
 * itself loaded (Refine's cached "one" query of that resource and id, whatever its meta; a
 * referenced record's label from any cached answer): the trail never asks the API itself, so a
 * record is asked for once. Undefined while loading, and for a record with no name.
 */
export function useRecordName(record?: { resource: string; id: number }): string | undefined {
  const { i18n } = useTranslation();
  const cache = useQueryClient().getQueryCache();
  const language = i18n.language;
  const subscribe = useCallback((changed: () => void) => cache.subscribe(changed), [cache]);
  return useSyncExternalStore(subscribe, () => {
    const declared = record && resources.find((candidate) => candidate.name === record.resource);
    if (!declared) return undefined;
    return recordName(declared, cachedRecord(cache, declared.name, record.id, 'one'), {
      language,
      referenceLabel: (field, id) => {
        const row = cachedRecord(cache, field.resource, id);
        return row && referenceLabel(field, row);
      },
    });
  });
}
