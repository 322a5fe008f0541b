import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Each list's last query (filters, sort, page) in this tab, by the list's path. */
const searches = new Map<string, string>();

/** Keeps the list's query, so that a "Back to …" link returns to the list as it was left. */
export function useRememberListAddress(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    searches.set(pathname, search);
  }, [pathname, search]);
}

/** A list's address with the filters, sort and page it was left with (none on a first visit). */
export const listAddress = (path: string): string => path + (searches.get(path) ?? '');
