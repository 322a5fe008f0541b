import {
  parseTableParams,
  setInitialFilters,
  setInitialSorters,
  unionFilters,
  unionSorters,
  type CrudFilter,
  type CrudSort,
} from '@refinedev/core';
import { config } from '../../config';
import { listAddress } from '../../providers/dataProvider';
import { fetchEarly } from '../../providers/http';
import type { Resource } from '../../schema/resource';
import type { User } from '../../schema/user';

/** Rows per page of a list, unless the address says otherwise. */
export const PAGE_SIZE = 10;

/** A list's sort before the user chooses one. */
export const initialSorters = (resource: Resource): CrudSort[] =>
  resource.defaultSort ? [resource.defaultSort] : [];

/** A list's filters before the user chooses: a localized list shows the user's own language. */
export const initialFilters = (resource: Resource, user: User): CrudFilter[] =>
  resource.localized ? [{ field: 'locale', operator: 'eq', value: user.sourceLocale }] : [];

/**
 * The address of the page of rows a list opened at `search` asks for first, read from the
 * address as Refine's useTable reads it (tests/unit/first-page.test.tsx compares the two).
 */
export function firstPageAddress(resource: Resource, user: User, search: string): string {
  const { parsedCurrentPage, parsedPageSize, parsedSorter, parsedFilters } =
    parseTableParams(search);
  const sorters = setInitialSorters(
    [],
    parsedSorter.length ? parsedSorter : initialSorters(resource),
  );
  const filters = setInitialFilters(
    [],
    parsedFilters.length ? parsedFilters : initialFilters(resource, user),
  );
  return listAddress(config.apiUrl, {
    resource: resource.name,
    pagination: { currentPage: parsedCurrentPage || 1, pageSize: parsedPageSize || PAGE_SIZE },
    filters: unionFilters([], filters),
    sorters: unionSorters([], sorters),
  });
}

/**
 * Asks now for a list's first page of rows, before its code has run and drawn it: the answer
 * is there when the list is. An address the list does not ask for is no harm: it asks anew.
 */
export function prefetchFirstPage(resource: Resource, user: User, search: string): void {
  fetchEarly(firstPageAddress(resource, user, search));
}
