import { useSyncExternalStore } from 'react';

/**
 * Whether the API answers: set while the session's check, or a read the user waits for, cannot
 * reach it (no answer, the proxy's 502/504, the 503 of a database that is down), cleared by its
 * next answer. The shell shows it.
 */
let unreachable = false;
const listeners = new Set<() => void>();

export function setUnreachable(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useUnreachable = (): boolean => useSyncExternalStore(subscribe, () => unreachable);

/** The statuses that say the API cannot be reached now: no answer, or a proxy's or a database's. */
const UNREACHABLE = new Set([0, 502, 503, 504]);

/**
 * What a finished call (its status, 0 for no answer) tells of the API: reachable unless it says
 * otherwise. A write's 5xx may be its own failure (a translator that failed): only reads tell.
 */
export function noteCall(method: string, status: number): void {
  if (method.toUpperCase() === 'GET' || (status > 0 && status < 500))
    setUnreachable(UNREACHABLE.has(status));
}

/** No answer (0) or the server's failure: nothing the user did, and it may pass. */
export const isTransient = (status: number | undefined): boolean =>
  status === 0 || (status !== undefined && status >= 500);
