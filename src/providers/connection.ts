import { useSyncExternalStore } from 'react';

/**
 * Whether the API answers: set while the session's check cannot reach it (no answer, or a 5xx
 * such as the 503 of a database that is down), cleared by its next answer. The shell shows it.
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

/** No answer (0) or the server's failure: nothing the user did, and it may pass. */
export const isTransient = (status: number | undefined): boolean =>
  status === 0 || (status !== undefined && status >= 500);
