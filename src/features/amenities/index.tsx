import { lazy } from 'react';
import { defineFeature } from '../types';

// The place search brings the Google Maps loader: only the amenity form downloads it.
const PlaceSearch = lazy(() => import('./PlaceSearch'));

/** Amenities: a Google place search that fills the address and the map position. */
export const amenitiesFeature = defineFeature({
  name: 'amenities',
  extend: { amenities: { formAddon: PlaceSearch } },
});
