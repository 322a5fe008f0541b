import { lazy } from 'react';
import { defineFeature } from '../types';

const AccountPage = lazy(() => import('./AccountPage'));

/** The own account (everyone): profile and change of password. */
export const ACCOUNT_PATH = '/dashboard/user/account';

export const accountFeature = defineFeature({
  name: 'account',
  routes: [{ path: ACCOUNT_PATH, element: <AccountPage /> }],
});
