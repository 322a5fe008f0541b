import type { CrudFilter, LogicalFilter } from '@refinedev/core';

/** The list's free-text search parameter (json-server's `q`). */
export const SEARCH = 'q';

/** A filter's value as the URL holds it, or undefined when unset. */
export const filterValue = (
  filters: CrudFilter[],
  field: string,
  operator: LogicalFilter['operator'] = 'eq',
): string | undefined => {
  const filter = filters.find(
    (item): item is LogicalFilter =>
      'field' in item && item.field === field && item.operator === operator,
  );
  return filter?.value === undefined || filter.value === '' ? undefined : String(filter.value);
};

/** Whether the person narrowed the list (a content language alone does not count). */
export const isFiltered = (filters: CrudFilter[]) =>
  filters.some(
    (f) => 'field' in f && f.field !== 'locale' && f.value !== '' && f.value !== undefined,
  );
