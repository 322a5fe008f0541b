import { LoginOutlined } from '@ant-design/icons';
import { useGetIdentity, type HttpError } from '@refinedev/core';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../schema/user';
import { logInAs, mayLogInAs } from './loginAs';
import { useToasts } from '../../providers/toasts';

/**
 * The users list's "Log in as" row action, with a confirmation (`asking`: open at once); on a
 * hotel's Members tab, as a member acting for that `hotel`.
 */
export function LoginAsAction({
  record,
  withText,
  asking: askingAtOnce = false,
  hotel,
}: {
  record: Pick<User, 'id' | 'name' | 'isAdmin' | 'isSuperAdmin' | 'status' | 'disabled'>;
  withText?: boolean;
  asking?: boolean;
  hotel?: number;
}) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const { data: actor } = useGetIdentity<User>();
  const [pending, setPending] = useState(false);
  // The tooltip hides while the question is open: on a phone the tap that opened it left it on
  // top of the question's buttons, and a tap on "Log in as" reached the tooltip instead.
  const [asking, setAsking] = useState(askingAtOnce);
  if (!mayLogInAs(actor, record)) return null;
  const label = t('loginAs.actionFor', { name: record.name });
  return (
    <Popconfirm
      title={t('loginAs.confirm', { name: record.name })}
      description={t('loginAs.confirmText')}
      okText={t('loginAs.action')}
      cancelText={t('crud.cancel')}
      open={asking}
      onOpenChange={setAsking}
      onConfirm={async () => {
        setPending(true);
        try {
          await logInAs(record.id, hotel);
        } catch (error) {
          setPending(false);
          notification.error({
            message: t('loginAs.failed'),
            description: (error as HttpError).message,
          });
        }
      }}
    >
      <Tooltip title={withText ? undefined : label} open={asking ? false : undefined}>
        <Button
          type={withText ? 'default' : 'text'}
          icon={<LoginOutlined />}
          aria-label={label}
          loading={pending}
        >
          {withText && t('loginAs.action')}
        </Button>
      </Tooltip>
    </Popconfirm>
  );
}
