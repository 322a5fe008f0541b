import type { Resource } from '../schema/resource';
import { lazyModule } from './lazyModule';

// The parts of a list page that only some lists show, each loaded with the lists that want it
// (ResourceList waits for them; preloadResourcePage starts them with the page's chunk).

/**
 * dnd-kit (~15 kB gzip): an ordered list's, when one of its drag handles is first pointed at,
 * focused or pressed (./dragHandle); someone who only reads the list never fetches it.
 */
export const sortableRows = lazyModule(() => import('./sortable'));
/** The totals (antd's Statistic): the lists that declare them. */
export const listSummary = lazyModule(() => import('./ListSummary'));
/** The content-language switch and Sync (antd's Segmented): localized lists. */
export const localizedToolbar = lazyModule(() => import('./localizedToolbar'));

/** Which of them a resource's list shows. */
export const listPartsOf = (resource: Resource) => ({
  sortable: Boolean(resource.orderable),
  summary: Boolean(resource.summary),
  localized: Boolean(resource.localized),
});

/** Starts loading the parts a resource's list shows (with the list's own chunk). */
export function preloadListParts(resource: Resource): void {
  const wanted = listPartsOf(resource);
  if (wanted.summary) void listSummary.preload();
  if (wanted.localized) void localizedToolbar.preload();
}
