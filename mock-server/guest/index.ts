import { defineServerFeature } from '../feature';
import { amenityPublicRoutes } from './amenities';
import { guestSessionRoutes } from './routes';

/**
 * Guests' stays (a guest proves a stay and gets a short-lived session for room charges) and the
 * hotel's amenities as guest apps list them.
 */
export const guestServer = defineServerFeature({
  name: 'guest',
  publicRoutes: [guestSessionRoutes, amenityPublicRoutes],
});
