import { lazy, Suspense } from 'react';
import type { ErrorStatus } from './errorTexts';

import { loadErrorPage } from './errorPageChunk';

const ErrorPage = lazy(loadErrorPage);

const Lazy = (props: { status: ErrorStatus; onRetry?: () => void }) => (
  <Suspense fallback={null}>
    <ErrorPage {...props} />
  </Suspense>
);

export const ForbiddenPage = () => <Lazy status={403} />;
export const NotFoundPage = () => <Lazy status={404} />;
export const ServerErrorPage = ({ onRetry }: { onRetry?: () => void }) => (
  <Lazy status={500} onRetry={onRetry} />
);
