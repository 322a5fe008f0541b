import type { ResourceGuard } from '../resources/guards';
import { checkBooking } from './rules';

export { hotekPublicRoutes } from './public';
export { buildHotekSeed, nearlyFullDate } from './seed';

/**
 * Hotek timeslots on the server: the booking rules (active timeslot, offered weekday, capacity)
 * for every write through the generic resource routes; the guest route applies the same rules.
 */
export const hotekGuards: Record<string, ResourceGuard> = {
  bookings: {
    beforeWrite: (_actor, existing, next, stored, store) =>
      checkBooking(store, existing, next, stored),
  },
};
