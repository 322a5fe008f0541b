import { lazy } from 'react';
import { LazyPart } from '../../crud/LazyPart';
import { appConnections, appPermissions } from '../../resources/apps';
import { defineFeature } from '../types';
import { StaffHasNoApps } from './StaffHasNoApps';

const AppsPage = lazy(() => import('./AppsPage'));
const PermissionsGrid = lazy(() => import('./PermissionsGrid'));
const HotelTabs = {
  apps: lazy(() => import('./HotelTabs').then((module) => ({ default: module.HotelAppsTab }))),
  availableApps: lazy(() =>
    import('./HotelTabs').then((module) => ({ default: module.AvailableAppsTab })),
  ),
  appPermissions: lazy(() =>
    import('./HotelTabs').then((module) => ({ default: module.AppPermissionsTab })),
  ),
};

/** The hotel's Apps page (spec §2 /dashboard/user/apps). */
export const APPS_PATH = '/dashboard/user/apps';
/** Administrators' grid of hotels × apps (issue 28): the app permissions' own index page. */
export const PERMISSIONS_PATH = `/dashboard/${appPermissions.route}`;

/**
 * Connectable apps (issue 13): the Apps page where a hotel connects, disconnects and customizes
 * the catalogue's apps, and on a hotel's edit page (administrators) its apps, its app
 * permissions and the catalogue to connect for it. The catalogue itself is the declaration's
 * generic pages at /dashboard/apps/catalogue (super administrators).
 */
export const appsFeature = defineFeature({
  name: 'apps',
  routes: [{ path: APPS_PATH, element: <AppsPage /> }],
  screens: [
    {
      key: APPS_PATH,
      label: 'nav.apps',
      path: APPS_PATH,
      icon: 'apps',
      group: 'management',
      before: 'amenities',
      // Everyone signed in reads connections (their own; administrators every hotel's).
      access: { resource: appConnections.name, action: 'list' },
    },
    {
      key: PERMISSIONS_PATH,
      label: 'nav.appPermissions',
      path: PERMISSIONS_PATH,
      icon: 'apps',
      group: 'management',
      before: 'amenities',
      // Administrators only: the declaration's access.
      access: { resource: appPermissions.name, action: 'list' },
    },
  ],
  extend: {
    'app-permissions': {
      indexElement: (
        <LazyPart>
          <PermissionsGrid />
        </LazyPart>
      ),
    },
    users: {
      tabs: (record) => {
        if (record.role !== 'operator')
          return {
            apps: <StaffHasNoApps />,
            availableApps: <StaffHasNoApps />,
            appPermissions: <StaffHasNoApps />,
          };
        const hotel = { id: record.id, name: String(record.company || record.name) };
        return {
          apps: (
            <LazyPart>
              <HotelTabs.apps hotel={hotel} />
            </LazyPart>
          ),
          availableApps: (
            <LazyPart>
              <HotelTabs.availableApps hotel={hotel} />
            </LazyPart>
          ),
          appPermissions: (
            <LazyPart>
              <HotelTabs.appPermissions hotel={hotel} />
            </LazyPart>
          ),
        };
      },
    },
  },
});
