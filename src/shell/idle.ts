/** How long after the page's load event the browser's idle time counts as settled. */
const SETTLE_MS = 2000;

/**
 * Runs `task` once the page has settled: loaded, a moment later, and idle. What can wait (the
 * toasts' and the error pages' code, a form's rules) then does not share a slow link, or the
 * main thread, with what the first screen needs (its rows, its fonts).
 */
export function whenIdle(task: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 3000 });
    else task();
  };
  const settle = () => setTimeout(idle, SETTLE_MS);
  if (document.readyState === 'complete') settle();
  else addEventListener('load', settle, { once: true });
}
