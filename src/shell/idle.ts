/** Runs `task` once the browser is idle (or after 3 s where it cannot tell). */
export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(task);
  else setTimeout(task, 3000);
}
