import { useCallback, useMemo, useState } from 'react';
import type { Column } from './resourceColumns';

/** Which columns a user shows, kept per user and resource in this browser. */
export function useColumnChoice(resource: string, userId: number | undefined, columns: Column[]) {
  const key = `stay.columns.${userId ?? 'anonymous'}.${resource}`;
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

  const [state, setState] = useState<{ key: string; visible: string[] }>(() => ({
    key,
    visible: read(),
  }));
  // A different user or resource starts from its own stored choice.
  const visible = state.key === key ? state.visible : read();

  const toggle = (name: string, show: boolean) => {
    const next = show ? [...visible, name] : visible.filter((item) => item !== name);
    localStorage.setItem(key, JSON.stringify(next));
    setState({ key, visible: next });
  };
  /** Shows exactly these columns (a saved view's), known ones only. */
  const choose = (names: readonly string[]) => {
    const next = names.filter((name) => columns.some((column) => column.name === name));
    localStorage.setItem(key, JSON.stringify(next));
    setState({ key, visible: next });
  };
  // One Set per choice: the list's columns are memoized on it.
  const shown = useMemo(() => new Set(visible), [visible]);
  return { visible: shown, toggle, choose };
}
