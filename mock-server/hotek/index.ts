export { hotekPublicRoutes } from './public';
export { buildHotekSeed, nearlyFullDate } from './seed';
import { defineServerFeature } from '../feature';
import { hotekPublicRoutes } from './public';

/** Hotek, the timeslot app: guests book timeslots. */
export const hotekServer = defineServerFeature({
  name: 'hotek',
  publicRoutes: [hotekPublicRoutes],
});
