import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { COLUMNS_PARAM, useStillHere } from '../providers/routerProvider';
import type { Column } from './resourceColumns';

/** The address's query with these columns, the rest of it as it was (Refine writes it unescaped). */
function withColumns(search: string, names: readonly string[]): string {
  const others = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part && !part.startsWith(`${COLUMNS_PARAM}=`));
  return `?${[...others, `${COLUMNS_PARAM}=${names.map(encodeURIComponent).join(',')}`].join('&')}`;
}

/**
 * Which columns a user shows. The address carries them (`columns=a,b`), so a link to a list or a
 * saved view's result shows the same columns; the last choice is also kept per user and resource
 * in this browser, for the list opened from the menu.
 */
export function useColumnChoice(resource: string, userId: number | undefined, columns: Column[]) {
  const key = `stay.columns.${userId ?? 'anonymous'}.${resource}`;
  const location = useLocation();
  const navigate = useNavigate();
  const addressed = new URLSearchParams(location.search).get(COLUMNS_PARAM);
  const known = useCallback(
    (names: readonly string[]) =>
      names.filter((name) => columns.some((column) => column.name === name)),
    [columns],
  );
  const read = useCallback((): string[] => {
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
      if (Array.isArray(stored))
        return stored.filter((name): name is string => typeof name === 'string');
    } catch {
      // a damaged entry falls back to the defaults
    }
    return columns.filter((column) => column.visibleByDefault).map((column) => column.name);
  }, [columns, key]);

  // A list opens with the columns its address names (a link, a saved view's result), else with
  // this user's stored choice; from then on the choice is this state, as Refine's own list state.
  const [state, setState] = useState<{ key: string; visible: string[] }>(() => ({
    key,
    visible: addressed !== null ? known(addressed.split(',').filter(Boolean)) : read(),
  }));
  // A different user or resource starts from its own stored choice.
  const visible = state.key === key ? state.visible : read();

  // The address and the stored choice follow what is shown. The address is read from the window
  // at this moment: Refine's own address update in the same render (its page, sort and filters)
  // has just happened and must stay.
  const { pathname, search: renderedSearch } = location;
  const stillHere = useStillHere();
  const writeAddress = useCallback(
    (names: readonly string[]) => {
      if (!stillHere()) return;
      // The browser's address when it is this router's (a memory router, in tests, has its own).
      const search =
        window.location.pathname === pathname ? window.location.search : renderedSearch;
      if (new URLSearchParams(search).get(COLUMNS_PARAM) === names.join(',')) return;
      navigate({ pathname, search: withColumns(search, names) }, { replace: true });
    },
    [navigate, pathname, renderedSearch, stillHere],
  );
  // Also when the address changed: an address update computed before ours landed drops ours.
  useEffect(() => {
    localStorage.setItem(key, JSON.stringify(visible));
    writeAddress(visible);
  }, [visible, addressed, key, writeAddress]);

  /** Shows exactly these columns (a choice in the menu, or a saved view's), known ones only. */
  const show = (names: readonly string[]) => setState({ key, visible: known(names) });
  const toggle = (name: string, on: boolean) =>
    show(on ? [...visible, name] : visible.filter((item) => item !== name));
  // One Set per choice: the list's columns are memoized on it.
  const shown = useMemo(() => new Set(visible), [visible]);
  return { visible: shown, toggle, choose: show };
}
