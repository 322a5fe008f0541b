import { defineServerFeature } from '../feature';
import { guestSessionRoutes } from './routes';

/** Guests' stays: a guest proves a stay and gets a short-lived session (room charges). */
export const guestServer = defineServerFeature({
  name: 'guest',
  publicRoutes: [guestSessionRoutes],
});
