import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Grid, Layout, Menu, theme } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { AccountMenu } from './AccountMenu';
import { Breadcrumbs } from './Breadcrumbs';
import { ErrorBoundary } from './ErrorBoundary';
import { ICONS } from './icons';
import { LanguageMenu } from './LanguageMenu';
import { buildNavigation } from './navigation';
import { RouteProgress } from './RouteProgress';
import { SessionExpiryWatcher } from './SessionExpiryWatcher';
import { SettingsDrawer } from './settings/SettingsDrawer';
import { useSettings } from './settings/useSettings';
import { SIZES } from './theme';

function Brand({ mini }: { mini: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/dashboard/app"
      aria-label={t('app.name')}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        height: SIZES.headerDashboard,
        padding: mini ? 0 : '0 24px',
        justifyContent: mini ? 'center' : 'flex-start',
        fontWeight: 700,
        fontSize: 18,
        color: 'inherit',
      }}
    >
      <span
        aria-hidden
        style={{
          width: 36,
          height: 36,
          borderRadius: SIZES.radius,
          background: 'var(--stay-primary)',
          color: '#fff',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        S
      </span>
      {!mini && t('app.name')}
    </Link>
  );
}

/** The dashboard shell: side menu from the registry, header, content, settings. */
export default function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const { settings, update } = useSettings();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const mini = settings.themeLayout === 'mini' || mobile;

  const menuItems = useMemo(
    () =>
      buildNavigation().map((group) => ({
        type: 'group' as const,
        key: group.key,
        label: mini ? null : t(group.label),
        children: group.items.map((item) => {
          const Icon = ICONS[item.icon];
          return {
            key: item.path,
            icon: <Icon />,
            label: <Link to={item.path}>{t(item.label)}</Link>,
            title: t(item.label),
          };
        }),
      })),
    [mini, t],
  );
  const selected = menuItems
    .flatMap((group) => group.children)
    .filter((item) => pathname.startsWith(item.key))
    .map((item) => item.key);

  return (
    <Layout style={{ minHeight: '100vh' }} hasSider>
      <Layout.Sider
        width={SIZES.siderWidth}
        collapsedWidth={SIZES.siderMiniWidth}
        collapsed={mini}
        trigger={null}
        theme={settings.themeMode}
        style={{
          borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          position: 'sticky',
          top: 0,
          height: '100vh',
          overflow: 'auto',
        }}
      >
        <Brand mini={mini} />
        <nav aria-label={t('nav.mainMenu')}>
          <Menu
            mode="inline"
            items={menuItems}
            selectedKeys={selected}
            style={{ borderInlineEnd: 'none', paddingInline: 8 }}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            height: mobile ? SIZES.headerMobile : SIZES.headerDashboard,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          {!mobile && (
            <Button
              type="text"
              aria-label={t(mini ? 'nav.expand' : 'nav.collapse')}
              icon={mini ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => update('themeLayout', mini ? 'vertical' : 'mini')}
            />
          )}
          <div style={{ flex: 1, minWidth: 0 }}>
            <Breadcrumbs />
          </div>
          <LanguageMenu />
          <AccountMenu />
        </Layout.Header>
        <Layout.Content style={{ padding: mobile ? 16 : 24 }}>
          <main
            style={{
              maxWidth: settings.themeStretch ? undefined : SIZES.contentMaxWidth,
              margin: '0 auto',
            }}
          >
            <ErrorBoundary resetKey={pathname}>
              <Suspense fallback={<RouteProgress />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
        </Layout.Content>
      </Layout>
      <SettingsDrawer />
      <SessionExpiryWatcher />
    </Layout>
  );
}
