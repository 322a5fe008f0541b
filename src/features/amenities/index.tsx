import { preloadable } from '../../shell/preloadable';
import { defineFeature } from '../types';

// The place search brings the Google Maps loader: only the amenity form downloads it (preloaded
// with the form's chunk, so it shows with the fields).
const PlaceSearch = preloadable(() => import('./PlaceSearch'));

/** Amenities: a Google place search that fills the address and the map position. */
export const amenitiesFeature = defineFeature({
  name: 'amenities',
  extend: { amenities: { formAddon: PlaceSearch } },
});
