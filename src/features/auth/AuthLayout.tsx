import { Card, Layout, Typography } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageMenu } from '../../shell/LanguageMenu';
import { RouteProgress } from '../../shell/RouteProgress';
import { SettingsButton } from '../../shell/settings/SettingsButton';

/** The auth area: a centred card, the language selector and the settings button. */
export default function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <header
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          padding: '16px 24px',
        }}
      >
        <Typography.Text strong style={{ fontSize: 18 }}>
          {t('app.name')}
        </Typography.Text>
        <LanguageMenu />
      </header>
      <main style={{ flex: 1, display: 'grid', placeItems: 'center', padding: 16 }}>
        <Suspense fallback={<RouteProgress />}>
          <Outlet />
        </Suspense>
      </main>
      <SettingsButton />
    </Layout>
  );
}

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Card style={{ width: '100%', maxWidth: 420 }} styles={{ body: { padding: 32 } }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
      {children}
    </Card>
  );
}
