import type { ComponentType } from 'react';
import type { ErrorStatus } from './errorTexts';
import { PlainErrorPage } from './PlainErrorPage';

type ErrorPageModule = {
  default: ComponentType<{ status: ErrorStatus; onRetry?: () => void }>;
};

/**
 * antd's Result brings all three of its illustrations (~10 kB gzip), which no page needs until
 * it shows an error: they come with the first error page shown, not with every page. When that
 * chunk cannot be fetched (offline, or a new deploy replaced it), the page's words still show.
 */
export const loadErrorPage = (): Promise<ErrorPageModule> =>
  import('./ErrorPage').catch(() => ({ default: PlainErrorPage }));
