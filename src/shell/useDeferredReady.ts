import { useDeferredValue } from 'react';

/**
 * True once `ready` is, in a deferred render: React renders what it shows in short slices and
 * lets the browser paint and answer in between. The answers that show a screen (the session, a
 * list's rows) come through stores that React renders synchronously, in one long task that kept
 * a phone from responding.
 */
export function useDeferredReady(ready: boolean): boolean {
  return useDeferredValue(ready, false) && ready;
}
