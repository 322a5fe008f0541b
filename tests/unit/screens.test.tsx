import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { DEFAULT_SETTINGS } from '../../src/shell/settings/settings';
import { buildTheme, SIZES } from '../../src/shell/theme';
import { useScreens } from '../../src/shell/useScreens';

/** A window `width` wide: matchMedia answers the min/max-width queries antd's breakpoints use. */
function windowOf(width: number) {
  const listeners = new Set<() => void>();
  const state = { width };
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width: (\d+)px/.exec(query);
    const max = /max-width: (\d+)px/.exec(query);
    return {
      get matches() {
        return min ? state.width >= Number(min[1]) : state.width <= Number(max![1]);
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    } as unknown as MediaQueryList;
  });
  return {
    resize(to: number) {
      state.width = to;
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => vi.restoreAllMocks());

/** The dashboard's theme: its breakpoints are the spec's (600, 900, 1200). */
const wrapper = ({ children }: { children: ReactNode }) => (
  <ConfigProvider theme={buildTheme(DEFAULT_SETTINGS)}>{children}</ConfigProvider>
);

describe('useScreens', () => {
  it("answers a phone's breakpoints on the first render", () => {
    windowOf(390);
    const renders: boolean[] = [];
    renderHook(() => renders.push(useScreens().md), { wrapper });
    expect(renders).toEqual([false]);
  });

  it('follows the window across the spec’s 900 px breakpoint', () => {
    const screen = windowOf(1440);
    const { result } = renderHook(() => useScreens(), { wrapper });
    expect(result.current).toMatchObject({ xs: false, sm: true, md: true, lg: true });
    act(() => screen.resize(SIZES.breakpoints.md - 1));
    expect(result.current).toMatchObject({ sm: true, md: false, lg: false });
  });
});
