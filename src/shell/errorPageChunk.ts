import { whenIdle } from './idle';

// antd's Result brings all three of its illustrations (~10 kB gzip), which no page needs on a
// first load: they come with the first error page, or when the browser is idle after the layout.
export const loadErrorPage = () => import('./ErrorPage');

/** Loads the error pages once the browser is idle: one then shows at once, even offline. */
export function preloadErrorPagesWhenIdle(): void {
  whenIdle(() => void loadErrorPage());
}
