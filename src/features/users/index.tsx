import type { User } from '../../schema/user';
import { defineFeature } from '../types';
import { lazy, Suspense } from 'react';
import { LazyPart } from '../../crud/LazyPart';
import { ImpersonationBanner } from './ImpersonationBanner';

const AccountTab = lazy(() => import('./AccountTab'));
// Its confirmation (antd Popconfirm) loads with the users' pages, not with every page.
const LoginAsAction = lazy(() =>
  import('./LoginAsAction').then((module) => ({ default: module.LoginAsAction })),
);
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
