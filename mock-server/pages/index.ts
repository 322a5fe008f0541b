/** Content pages for guest apps: the public menu and page routes (the resource is declared). */
export { guestView, pagePublicRoutes } from './public';
export type { PublicPage, PublicPageItem, PublicSubpage } from './public';
