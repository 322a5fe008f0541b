import { act, render } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { PROGRESS_DELAY_MS, RouteProgress } from '../../src/shell/RouteProgress';

afterEach(() => vi.useRealTimers());

// axe failed the page editor once the bar showed: nprogress's own markup says role="bar".
test('a slow route shows the progress bar, hidden from assistive technology and with no made-up role', () => {
  vi.useFakeTimers();
  const { unmount } = render(<RouteProgress />);
  expect(document.querySelector('#nprogress')).toBeNull();
  act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS + 10));
  const bar = document.querySelector('#nprogress .bar');
  expect(bar).not.toBeNull();
  expect(bar?.getAttribute('aria-hidden')).toBe('true');
  expect(document.querySelectorAll('#nprogress [role]')).toHaveLength(0);
  // It moves: nprogress found the bar through our selector and positions it.
  expect((bar as HTMLElement).style.transform).toMatch(/translate/);
  unmount();
});
