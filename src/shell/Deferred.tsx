import type { ReactNode } from 'react';
import { useDeferredReady } from './useDeferredReady';

/** Its children, mounted in a deferred render (see useDeferredReady); nothing before. */
export function Deferred({ children }: { children: ReactNode }) {
  return useDeferredReady(true) ? children : null;
}
