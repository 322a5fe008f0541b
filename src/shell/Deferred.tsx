import type { ReactNode } from 'react';
import { useDeferredReady } from './useDeferredReady';

/** Its children, mounted in a deferred render (see useDeferredReady); `fallback` before. */
export function Deferred({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useDeferredReady(true) ? children : fallback;
}
