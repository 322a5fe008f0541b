import { lazy } from 'react';
import { defineFeature } from '../types';

const HomePage = lazy(() => import('./HomePage'));

/** The dashboard's home: visits and what needs attention. */
export const home = defineFeature({
  name: 'home',
  routes: [{ path: '/dashboard/app', element: <HomePage /> }],
  screens: [
    {
      key: 'dashboard',
      label: 'nav.dashboard',
      path: '/dashboard/app',
      icon: 'dashboard',
      group: 'general',
    },
  ],
});
