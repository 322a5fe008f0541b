/** Branding for guest apps: the public branding route (the resource is declared). */
export { brandingPublicRoutes } from './public';
export type { PublicBranding } from './public';
import { defineServerFeature } from '../feature';
import { brandingPublicRoutes } from './public';

/** A hotel's branding as guest apps read it. */
export const brandingServer = defineServerFeature({
  name: 'branding',
  publicRoutes: [brandingPublicRoutes],
});
