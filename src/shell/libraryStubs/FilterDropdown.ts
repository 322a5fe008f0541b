/**
 * Stands in for antd's table column-filter dropdown (antd/es/table/hooks/useFilter/FilterDropdown,
 * see vite.config.ts): no column sets `filters` or `filterDropdown` (the lists filter in their
 * toolbar), and the real one brings antd's Tree and rc-tree into every list's first load.
 */
import type { ReactNode } from 'react';

interface FilterItem {
  value: unknown;
  children?: FilterItem[];
}

/** As antd's: the values of filter items, nested ones included. */
export function flattenKeys(filters?: FilterItem[]): unknown[] {
  return (filters ?? []).flatMap(({ value, children }) => [value, ...flattenKeys(children)]);
}

/** Reached only for a column with filters: says so instead of silently dropping them. */
export default function FilterDropdown(_props: { children?: ReactNode }): never {
  throw new Error('Table column filters are stubbed out (vite.config.ts, libraryStubs)');
}
