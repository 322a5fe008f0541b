import { parseTableParams, useList } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { COLUMNS_PARAM } from '../../providers/routerProvider';
import type { Resource } from '../../schema/resource';
import type { User } from '../../schema/user';
import { initialFilters, initialSorters, PAGE_SIZE } from './firstPage';
import type { useListRecords } from './useListRecords';

/**
 * Saved views (src/resources/savedViews.ts) as a list uses them: the views of one list, the
 * state a view keeps (the list's address query and its columns) and how one is applied. The
 * menu itself (SavedViewsMenu) loads when it is first opened.
 */
export const SAVED_VIEWS = 'saved-views';

export interface SavedView {
  id: number;
  ownerId: number;
  name: string;
  list: string;
  state: string;
  isDefault: boolean;
  shared: boolean;
}

/** The address keys that are a list's state (Refine's, and the shown columns). */
const STATE_KEY = new RegExp(
  `^(current|currentPage|pageSize|${COLUMNS_PARAM}|(sorters|filters)\\[)`,
);

/** Whether an address query already says what the list shows (so no default view applies). */
export const hasListState = (search: string): boolean =>
  [...new URLSearchParams(search).keys()].some((key) => STATE_KEY.test(key));

/** The state to save: the address's query without its page, and the shown columns. */
export function viewState(search: string, columns: Iterable<string>): string {
  const params = new URLSearchParams(search);
  for (const key of ['current', 'currentPage', COLUMNS_PARAM]) params.delete(key);
  params.set(COLUMNS_PARAM, [...columns].join(','));
  return params.toString();
}

/** The columns a view shows (none saved: the list's own choice stays). */
export const viewColumns = (state: string): string[] | undefined =>
  new URLSearchParams(state).get(COLUMNS_PARAM)?.split(',').filter(Boolean);

/** The views of one list the user may read: their own and, for administrators, shared ones. */
export const useSavedViews = (list: string, enabled: boolean) =>
  useList<SavedView>({
    resource: SAVED_VIEWS,
    filters: [{ field: 'list', operator: 'eq', value: list }],
    sorters: [{ field: 'name', order: 'asc' }],
    pagination: { mode: 'off' },
    errorNotification: false,
    queryOptions: { enabled },
  });

export interface ViewTarget {
  resource: Resource;
  user: User;
  list: ReturnType<typeof useListRecords>;
  /** Shows a view's columns. */
  chooseColumns: (names: string[]) => void;
}

/**
 * Shows what a view saved: its filters, sort and page size through the table (which writes them
 * to the address, as any change of the list), from its first page, and its columns.
 */
export function applyView({ resource, user, list, chooseColumns }: ViewTarget, state: string) {
  const { parsedFilters, parsedSorter, parsedPageSize } = parseTableParams(`?${state}`);
  list.setFilters(parsedFilters.length ? parsedFilters : initialFilters(resource, user), 'replace');
  list.setSorters(parsedSorter.length ? parsedSorter : initialSorters(resource));
  list.setPageSize(parsedPageSize || PAGE_SIZE);
  list.setCurrentPage(1);
  const columns = viewColumns(state);
  if (columns) chooseColumns(columns);
}

/**
 * A list opened without a state in its address (from the menu, a plain link) shows the user's
 * default view for it, once its views have arrived; otherwise the address decides.
 */
export function useDefaultView(target: ViewTarget) {
  const location = useLocation();
  const [plain] = useState(() => !hasListState(location.search));
  const { result, query } = useSavedViews(target.resource.name, plain);
  const done = useRef(!plain);
  // Refine answers an empty list until the query has answered: wait for the answer itself.
  const views = query.isSuccess ? result.data : undefined;
  useEffect(() => {
    if (done.current || !views) return;
    done.current = true;
    const view = views.find((row) => row.isDefault && row.ownerId === target.user.id);
    if (view) applyView(target, view.state);
  }, [views, target]);
}
