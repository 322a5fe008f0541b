import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';

/** Route changes that take longer than this show the slim progress bar (spec §2, §9). */
export const PROGRESS_DELAY_MS = 300;

// nprogress's own template gives the bar `role="bar"`, which is no ARIA role (axe: aria-roles);
// the bar is decoration beside the page's own loading states, so assistive technology skips it.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 120,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/**
 * Suspense fallback while a route's code or data loads: the bar appears only when the wait passes
 * the delay, so quick navigations stay calm.
 */
export function RouteProgress() {
  useEffect(() => {
    const timer = window.setTimeout(() => NProgress.start(), PROGRESS_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      NProgress.done();
    };
  }, []);
  return null;
}
