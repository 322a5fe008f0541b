import { lazy } from 'react';
import { defineFeature } from '../types';

const DayView = lazy(() => import('./DayView'));

export const HOTEK_DAY_PATH = '/dashboard/apps/hotek/day';

/** Hotek's day and week view: the timeslots of a day with their bookings and places left. */
export const hotekFeature = defineFeature({
  name: 'hotek',
  routes: [
    {
      path: HOTEK_DAY_PATH,
      element: <DayView />,
      access: { resource: 'bookings', action: 'list' },
    },
  ],
  screens: [
    {
      key: HOTEK_DAY_PATH,
      label: 'nav.hotekDay',
      path: HOTEK_DAY_PATH,
      group: 'management',
      parent: 'hotek',
      access: { resource: 'bookings', action: 'list' },
    },
  ],
  pages: [HOTEK_DAY_PATH],
});
