import { LoginOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../schema/user';
import { defineFeature } from '../types';
import { mayLogInAs } from './loginAs';
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

/**
 * "Log in as", drawn with its row: until its confirmation's code is there, the same button
 * stands in, so a row's actions do not come a moment after the row. A click on it is not lost:
 * the confirmation opens when it comes.
 */
function LoginAs({ record, withText }: { record: User; withText?: boolean }) {
  const { t } = useTranslation();
  const { data: actor } = useGetIdentity<User>();
  const [clicked, setClicked] = useState(false);
  if (!mayLogInAs(actor, record)) return null;
  const standIn = (
    <Button
      type={withText ? 'default' : 'text'}
      icon={<LoginOutlined />}
      aria-label={t('loginAs.actionFor', { name: record.name })}
      onClick={() => setClicked(true)}
    >
      {withText && t('loginAs.action')}
    </Button>
  );
  return (
    <Suspense fallback={standIn}>
      <LoginAsAction record={record} withText={withText} asking={clicked} />
    </Suspense>
  );
}

const loginAs = (record: Record<string, unknown>, withText?: boolean) => (
  <LoginAs record={record as unknown as User} withText={withText} />
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
