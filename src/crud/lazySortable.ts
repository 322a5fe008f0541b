import { lazyModule } from './lazyModule';

/** dnd-kit (~15 kB gzip) loads with the lists that can be ordered, not with every list. */
export const sortableRows = lazyModule(() => import('./sortable'));
