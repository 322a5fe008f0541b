import { Skeleton } from 'antd';
import { Suspense, type ReactNode } from 'react';

/** A part of a page that loads on its own (a lazy chunk): a skeleton until it is there. */
export function LazyPart({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton active />}>{children}</Suspense>;
}
