import type { User } from '../../schema/user';
import { defineFeature } from '../types';
import { lazy, Suspense } from 'react';
import { LazyPart } from '../../crud/LazyPart';
import type { BulkInputProps } from '../../crud/extension';
import { ImpersonationBanner } from './ImpersonationBanner';

const AccountTab = lazy(() => import('./AccountTab'));
// Its confirmation (antd Popconfirm) loads with the users' pages, not with every page.
const LoginAsAction = lazy(() =>
  import('./LoginAsAction').then((module) => ({ default: module.LoginAsAction })),
);
// The bulk bar's app-permission input and the export's download load when they are used.
const AppPermissionInput = lazy(() => import('./AppPermissionInput'));
const bulk = {
  inputs: {
    setAppPermission: (props: BulkInputProps) => (
      <Suspense fallback={null}>
        <AppPermissionInput {...props} />
      </Suspense>
    ),
  },
  // Offboarding several hotels at once: `POST /users/bulk/archive` (mock-server/offboarding).
  routes: { archive: { danger: true } },
  tasks: {
    // One ZIP per selected hotel, from `GET /users/:id/export` (the offboarding work).
    exportData: {
      run: async (record: Record<string, unknown>) =>
        (await import('./exportData')).downloadHotelData(record),
    },
  },
};

const loginAs = (record: Record<string, unknown>, withText?: boolean) => (
  <Suspense fallback={null}>
    <LoginAsAction record={record as unknown as User} withText={withText} />
  </Suspense>
);

/** Hotels and staff: "Log in as" a hotel, and the banner while signed in as one. */
export const usersFeature = defineFeature({
  name: 'users',
  extend: {
    users: {
      rowActions: (record) => loginAs(record),
      bulk,
      showActions: (record) => loginAs(record, true),
      // The end of the creation wizard: sign in as the new hotel to look around.
      createdActions: (record) => loginAs(record, true),
      // The app tabs come with the apps feature, the social and metadata ones with branding.
      tabs: (record) => ({
        account: (
          <LazyPart>
            <AccountTab record={record} />
          </LazyPart>
        ),
      }),
    },
  },
  banner: <ImpersonationBanner />,
});
