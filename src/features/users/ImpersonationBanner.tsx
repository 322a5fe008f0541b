import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '../../schema/user';
import { isImpersonating, returnToOwnAccount } from './loginAs';
import { useToasts } from '../../providers/toasts';
import { LazyAlert } from '../../crud/LazyAlert';

/** Says whose account an administrator has opened, with the way back. */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const { data: user } = useGetIdentity<User>();
  const { mutate: logout } = useLogout();
  if (!user || !isImpersonating()) return null;
  return (
    <LazyAlert
      type="warning"
      showIcon
      banner
      role="status"
      message={t('loginAs.banner', { name: user.name, email: user.email })}
      action={
        <Button
          size="small"
          type="primary"
          onClick={() => {
            if (!returnToOwnAccount()) {
              notification.warning({ message: t('loginAs.returnFailed') });
              logout();
            }
          }}
        >
          {t('loginAs.return')}
        </Button>
      }
    />
  );
}
