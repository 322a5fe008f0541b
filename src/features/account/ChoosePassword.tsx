import { useInvalidateAuthStore, useLogout } from '@refinedev/core';
import { Alert, Button, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { rememberCurrentUser } from '../../providers/authProvider';
import { apiUrl, http } from '../../providers/http';
import type { User } from '../../schema/user';
import { LanguageMenu } from '../../shell/LanguageMenu';
import { PasswordCard } from './AccountPage';

/**
 * What a user whose password an administrator set sees after signing in: the server answers
 * nothing else until they choose their own (requireOwnPassword), so neither does the dashboard.
 */
export default function ChoosePassword() {
  const { t } = useTranslation();
  const invalidateAuth = useInvalidateAuthStore();
  const { mutate: logout } = useLogout();

  // The account as it is now (no longer temporary): the dashboard opens where the user was going.
  const opened = async () => {
    const { data } = await http.get<User>(apiUrl('/users/me'));
    rememberCurrentUser(data);
    await invalidateAuth();
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <header
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 12,
          padding: '16px 24px',
        }}
      >
        <Typography.Text strong style={{ fontSize: 18 }}>
          {t('app.name')}
        </Typography.Text>
        <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <LanguageMenu />
          <Button onClick={() => logout()}>{t('header.logout')}</Button>
        </span>
      </header>
      <main style={{ flex: 1, display: 'grid', placeItems: 'center', padding: 16 }}>
        <div style={{ width: '100%', maxWidth: 460 }}>
          <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
            {t('account.choosePassword')}
          </Typography.Title>
          <Alert
            type="warning"
            showIcon
            message={t('account.temporaryPassword')}
            description={t('account.choosePasswordHelp')}
            style={{ marginBottom: 24 }}
          />
          <PasswordCard title={t('account.choosePassword')} onChanged={opened} />
        </div>
      </main>
    </Layout>
  );
}
