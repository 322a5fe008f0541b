/** Content pages for guest apps: the public menu and page routes (the resource is declared). */
export { guestView, pagePublicRoutes } from './public';
export type { PublicPage, PublicPageItem, PublicSubpage } from './public';
import { defineServerFeature } from '../feature';
import { pagePublicRoutes } from './public';

/** Content pages as guest apps read them. */
export const pagesServer = defineServerFeature({ name: 'pages', publicRoutes: [pagePublicRoutes] });
