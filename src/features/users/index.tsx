import type { User } from '../../schema/user';
import { defineFeature } from '../types';
import { lazy } from 'react';
import { LazyPart } from '../../crud/LazyPart';
import { ImpersonationBanner } from './ImpersonationBanner';
import { LoginAsAction } from './LoginAsAction';

const AccountTab = lazy(() => import('./AccountTab'));

/** Hotels and staff: "Log in as" a hotel, and the banner while signed in as one. */
export const usersFeature = defineFeature({
  name: 'users',
  extend: {
    users: {
      rowActions: (record) => <LoginAsAction record={record as unknown as User} />,
      showActions: (record) => <LoginAsAction record={record as unknown as User} withText />,
      // The end of the creation wizard: sign in as the new hotel to look around.
      createdActions: (record) => <LoginAsAction record={record as unknown as User} withText />,
      // The app tabs come with the apps feature, the social and metadata ones with branding.
      tabs: (record) => ({
        account: (
          <LazyPart>
            <AccountTab id={record.id} name={String(record.name)} email={String(record.email)} />
          </LazyPart>
        ),
      }),
    },
  },
  banner: <ImpersonationBanner />,
});
