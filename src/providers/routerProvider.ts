import {
  matchResourceFromRoute,
  QS_PARSE_DEPTH,
  ResourceContext,
  type IResourceItem,
  type ParseResponse,
  type RouterProvider,
} from '@refinedev/core';
import routerBindings from '@refinedev/react-router';
import qs from 'qs';
import { useCallback, useContext, useRef } from 'react';
import { matchPath, useLocation, useParams } from 'react-router';
import { safeReturnPath } from './paths';

/**
 * The address key of a list's shown columns (useColumnChoice). It is the page's own state, not a
 * query of data: Refine puts an address's other keys into every query's `meta`, so with it there
 * each column choice, and the list's first writing of it, fetched the list again.
 */
export const COLUMNS_PARAM = 'columns';

/**
 * The address key of an edit page's open tab (ResourceForm). Page state too: with it in `meta`,
 * each tab switch fetched the record again under a new key, and the form took the fetched values
 * over what was typed in the other tabs.
 */
export const TAB_PARAM = 'tab';

/** As @refinedev/react-router: a numeric query value becomes a number. */
const toNumber = (value: unknown) =>
  typeof value === 'string' && `${Number(value)}` === value ? Number(value) : value;

/** What Refine reads from an address, parsed as @refinedev/react-router parses it. */
function parseAddress(
  pathname: string,
  search: string,
  routeParams: Record<string, string | undefined>,
  resources: IResourceItem[],
): ParseResponse {
  const { resource, action, matchedRoute } = matchResourceFromRoute(pathname, resources);
  const params =
    Object.keys(routeParams).length === 0 && matchedRoute
      ? (matchPath(matchedRoute, pathname)?.params ?? {})
      : routeParams;
  const {
    [COLUMNS_PARAM]: _shownColumns,
    [TAB_PARAM]: _openTab,
    ...query
  } = qs.parse(search, {
    ignoreQueryPrefix: true,
    depth: QS_PARSE_DEPTH,
  });
  const combined: Record<string, unknown> = { ...params, ...query };
  return {
    ...(resource && { resource }),
    ...(action && { action }),
    ...(params.id && { id: decodeURIComponent(params.id) }),
    pathname,
    params: {
      ...combined,
      currentPage: toNumber(combined.currentPage),
      pageSize: toNumber(combined.pageSize),
      // Refine's sign-in follows `to` as it is: only a path of this site is passed on.
      to: safeReturnPath(combined.to) ?? undefined,
    } as ParseResponse['params'],
  };
}

/** The last addresses parsed, per resource list. */
const parsed = new WeakMap<IResourceItem[], Map<string, ParseResponse>>();
const KEPT = 20;

/**
 * Refine's router bindings with one parse per address. Each of Refine's hooks (a list has a few
 * dozen) parses the address for itself: it matches the path against every route of every
 * resource when it mounts and parses the query string whenever it is asked. Here the first asks
 * and the others read its answer (the same object, as long as the address is the same).
 */
function useParse() {
  const routeParams = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  return useCallback(() => {
    let answers = parsed.get(resources);
    if (!answers) parsed.set(resources, (answers = new Map()));
    const address = `${pathname}${search}`;
    let answer = answers.get(address);
    if (!answer) {
      answer = parseAddress(pathname, search, routeParams, resources);
      answers.set(address, answer);
      if (answers.size > KEPT) answers.delete(answers.keys().next().value!);
    }
    return answer;
  }, [resources, pathname, search, routeParams]);
}

/**
 * Whether the browser still shows the path this component was drawn at. While a lazily loaded
 * route comes, the last page stays on screen with its effects running after the address moved
 * on; a replace from there (Refine's list sync, the shown columns) put the old list's address
 * back over the new one. A memory router (tests) never shares the window's path: always here.
 */
export function useStillHere(): () => boolean {
  const { pathname } = useLocation();
  const browserRouted = useRef<boolean | null>(null);
  browserRouted.current ??= window.location.pathname === pathname;
  return useCallback(
    () => !browserRouted.current || window.location.pathname === pathname,
    [pathname],
  );
}

/** Refine's `go`, except that a page the browser has left no longer rewrites the address. */
function useGo(): ReturnType<NonNullable<RouterProvider['go']>> {
  const go = routerBindings.go!();
  const stillHere = useStillHere();
  return useCallback(
    (config) => (config.type === 'replace' && !config.to && !stillHere() ? undefined : go(config)),
    [go, stillHere],
  );
}

export const routerProvider: RouterProvider = { ...routerBindings, go: useGo, parse: useParse };
