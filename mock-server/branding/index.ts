/** Branding for guest apps: the public branding route (the resource is declared). */
export { brandingPublicRoutes } from './public';
export type { PublicBranding } from './public';
