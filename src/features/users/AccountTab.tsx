import { MailOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { Button, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl, http } from '../../providers/http';
import { users } from '../../resources/users';
import { isLocked } from '../../schema/resource';
import type { User } from '../../schema/user';
import HotelOffboarding from '../offboarding/HotelOffboarding';
import { TemporaryPassword } from './TemporaryPassword';
import { useToasts } from '../../providers/toasts';

/**
 * A hotel's account tab, beside its role: an administrator sends the hotel a link to set a new
 * password (the reset flow), after confirming.
 */
export function SendResetLink({ email }: { email: string }) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await http.post(apiUrl('/auth/forgot-password'), { email });
      notification.success({ message: t('userTabs.resetSent', { email }) });
    } catch (error) {
      notification.error({
        message: t('userTabs.resetFailed'),
        description: (error as { message?: string }).message,
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <section aria-labelledby="reset-link" style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id="reset-link" style={{ fontSize: 16 }}>
        {t('userTabs.resetTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('userTabs.resetHelp', { email })}
      </Typography.Paragraph>
      <Popconfirm
        title={t('userTabs.resetConfirm', { email })}
        okText={t('userTabs.resetSend')}
        cancelText={t('crud.cancel')}
        onConfirm={() => void send()}
      >
        <Button icon={<MailOutlined />} loading={sending}>
          {t('userTabs.resetSend')}
        </Button>
      </Popconfirm>
    </section>
  );
}

/**
 * A hotel's account tab beside its role: the reset mail, the temporary password and offboarding
 * (archive, export, delete). Loaded with the tab (its form rules stay off the first load).
 */
export default function AccountTab({ record }: { record: Record<string, unknown> }) {
  const { data: actor } = useGetIdentity<User>();
  // An account the actor may not change gets no temporary password (the API would refuse it).
  const locked = isLocked(users.lock?.({ actor: actor ?? null, record }));
  return (
    <>
      <SendResetLink email={String(record.email)} />
      {actor && !locked && <TemporaryPassword id={Number(record.id)} name={String(record.name)} />}
      <HotelOffboarding record={record} />
    </>
  );
}
