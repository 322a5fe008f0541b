import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Grid, Layout, Menu, theme, type MenuProps } from 'antd';
import { useGetIdentity } from '@refinedev/core';
import { Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { resourceByName } from '../resources';
import { can } from '../schema/resource';
import type { User } from '../schema/user';
import { AccountMenu } from './AccountMenu';
import { Breadcrumbs } from './Breadcrumbs';
import { ErrorBoundary } from './ErrorBoundary';
import { ICONS } from './icons';
import { LanguageMenu } from './LanguageMenu';
import { buildNavigation, type NavItem, type ScreenEntry } from './navigation';
import { RouteProgress } from './RouteProgress';
import { SessionExpiryWatcher } from './SessionExpiryWatcher';
import { SettingsButton } from './settings/SettingsButton';
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

type MenuItem = NonNullable<MenuProps['items']>[number];

/** What features add to the shell; the shell itself knows no feature. */
export interface ShellExtras {
  /** Shown above every page (e.g. "You are signed in as…"). */
  banner?: ReactNode;
  /** Menu entries of the features' own screens. */
  screens?: readonly ScreenEntry[];
  /** Paths of the features' own pages, linked in breadcrumbs. */
  pages?: readonly string[];
}

/** The dashboard shell: side menu from the registry and the features, header, content, settings. */
export default function AppLayout({ banner, screens: featureScreens = [], pages }: ShellExtras) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const { settings, update } = useSettings();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const mini = settings.themeLayout === 'mini' || mobile;

  const { data: user } = useGetIdentity<User>();
  const menuItems = useMemo(() => {
    const allowed = (item: NavItem) => {
      if (!item.access) return true;
      const resource = resourceByName(item.access.resource);
      return !resource || can(resource, item.access.action, user ?? null);
    };
    const toMenuItem = (item: NavItem): MenuItem | null => {
      const Icon = item.icon ? ICONS[item.icon] : undefined;
      const children = item.children
        ?.filter(allowed)
        .map(toMenuItem)
        .filter((child) => child !== null);
      if (item.children && !children?.length) return null;
      if (!allowed(item)) return null;
      const common = { key: item.path ?? item.key, icon: Icon ? <Icon /> : undefined };
      return children
        ? { ...common, label: t(item.label), children }
        : { ...common, title: t(item.label), label: <Link to={item.path!}>{t(item.label)}</Link> };
    };
    return buildNavigation(featureScreens)
      .map((group) => ({
        type: 'group' as const,
        key: group.key,
        label: mini ? null : t(group.label),
        children: group.items.map(toMenuItem).filter((item) => item !== null),
      }))
      .filter((group) => group.children.length > 0);
  }, [mini, t, user, featureScreens]);
  // The entry of the current page; a resource's other pages (show, edit) select its list.
  const entries = buildNavigation(featureScreens).flatMap((group) => group.items);
  const links = entries
    .flatMap((item) => [item, ...(item.children ?? [])])
    .filter((item) => item.path);
  const exact = links.filter((item) => item.path === pathname);
  // Otherwise the list of the resource whose pages these are: the longest matching base wins.
  const bases = links
    .filter(
      (item) =>
        item.path!.endsWith('/list') && pathname.startsWith(item.path!.slice(0, -'list'.length)),
    )
    .sort((a, b) => b.path!.length - a.path!.length);
  const selected = (exact.length ? exact : bases.slice(0, 1)).map((item) => item.path!);
  const openKeys = entries
    .filter((item) => item.children?.some((child) => selected.includes(child.path!)))
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
            defaultOpenKeys={openKeys}
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
            <Breadcrumbs pages={pages} />
          </div>
          <LanguageMenu />
          <AccountMenu />
        </Layout.Header>
        {banner}
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
      <SettingsButton />
      <SessionExpiryWatcher />
    </Layout>
  );
}
