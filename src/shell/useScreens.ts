import { theme } from 'antd';
import { useMemo, useSyncExternalStore } from 'react';

const BREAKPOINTS = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
type Breakpoint = (typeof BREAKPOINTS)[number];
/** The theme's tokens of the breakpoints from sm up (xs is what lies below sm). */
const MIN_WIDTHS = ['screenSM', 'screenMD', 'screenLG', 'screenXL', 'screenXXL'] as const;
/** Which of the theme's breakpoints the window matches (xs: below sm; the others: at least). */
export type Screens = Readonly<Record<Breakpoint, boolean>>;

/**
 * antd's Grid.useBreakpoint, right from the first render. antd's answers `{}` first and the
 * breakpoints in a second, synchronous render: a phone drew the wide layout (side menu, every
 * column) and at once drew it again as a phone's.
 */
export function useScreens(): Screens {
  const { token } = theme.useToken();
  // One string of the six queries: the same breakpoints give the same store.
  const queries = [
    `(max-width: ${token.screenXSMax}px)`,
    ...MIN_WIDTHS.map((key) => `(min-width: ${token[key]}px)`),
  ].join('\n');
  const store = useMemo(() => {
    const lists = queries.split('\n').map((query) => window.matchMedia(query));
    return {
      subscribe: (changed: () => void) => {
        for (const list of lists) list.addEventListener('change', changed);
        return () => {
          for (const list of lists) list.removeEventListener('change', changed);
        };
      },
      // A string: the same matches give the same snapshot.
      matches: () => lists.map((list) => (list.matches ? '1' : '0')).join(''),
    };
  }, [queries]);
  const matches = useSyncExternalStore(store.subscribe, store.matches);
  return useMemo(
    () => Object.fromEntries(BREAKPOINTS.map((name, i) => [name, matches[i] === '1'])) as Screens,
    [matches],
  );
}
