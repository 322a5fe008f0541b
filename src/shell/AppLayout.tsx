import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, theme, type MenuProps } from 'antd';
import { useGetIdentity } from '@refinedev/core';
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { resourceByName } from '../resources';
import { can } from '../schema/resource';
import type { User } from '../schema/user';
import { AccountMenu } from './AccountMenu';
import { Breadcrumbs } from './Breadcrumbs';
import { ErrorBoundary } from './ErrorBoundary';
import { ICONS } from './icons';
import { MenuBadge } from './MenuBadge';
import { HotelSwitcher } from './HotelSwitcher';
import { HotelRefusedNotice } from './HotelRefusedNotice';
import { LanguageMenu } from './LanguageMenu';
import { buildNavigation, menuSelection, type NavItem, type ScreenEntry } from './navigation';
import { RouteProgress } from './RouteProgress';

import { SessionExpiryWatcher } from './SessionExpiryWatcher';
import { SettingsButton } from './settings/SettingsButton';
import { useSettings } from './settings/useSettings';
import { SIZES } from './theme';
import type { TrailPlaces } from './trail';
import { useScreens } from './useScreens';

// Phones only, and once its button is first pressed: a page's first load does not fetch it.
const loadMenuDrawer = () => import('./MenuDrawer');
const MenuDrawer = lazy(loadMenuDrawer);

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
  /** The features' pages, for the breadcrumbs (see trail.ts). */
  places?: TrailPlaces;
}

/** The dashboard shell: side menu from the registry and the features, header, content, settings. */
export default function AppLayout({ banner, screens: featureScreens = [], places }: ShellExtras) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const { settings, update } = useSettings();
  const screens = useScreens();
  // Below 900 px (spec §9) the menu is a drawer; above, a side menu, full or mini.
  const phone = !screens.md;
  const mini = settings.themeLayout === 'mini' && !phone;

  const { data: user } = useGetIdentity<User>();
  const navigation = useMemo(() => buildNavigation(featureScreens), [featureScreens]);
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
        : {
            ...common,
            title: t(item.label),
            label: (
              <Link to={item.path!}>
                {t(item.label)}
                {item.badge && <MenuBadge {...item.badge} />}
              </Link>
            ),
          };
    };
    return navigation
      .map((group) => ({
        type: 'group' as const,
        key: group.key,
        label: mini ? null : t(group.label),
        children: group.items.map(toMenuItem).filter((item) => item !== null),
      }))
      .filter((group) => group.children.length > 0);
  }, [mini, t, user, navigation]);

  const { selected, open } = menuSelection(navigation, pathname);
  // The submenu of the current page opens whenever the page is reached (a link, a reload, a
  // typed address); submenus the user opened stay open.
  const [openKeys, setOpenKeys] = useState<string[]>(open);
  const openOfPage = open.join(' ');
  const [openedFor, setOpenedFor] = useState(openOfPage);
  if (openedFor !== openOfPage) {
    setOpenedFor(openOfPage);
    setOpenKeys((keys) => [...new Set([...keys, ...open])]);
  }

  // Phones: the menu is a drawer behind a button, and it closes when a page is reached.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setDrawerOpen(false);
  }

  const menu = (
    <nav aria-label={t('nav.mainMenu')}>
      <Menu
        mode="inline"
        items={menuItems}
        selectedKeys={selected}
        // A mini menu opens its submenus as pop-ups on hover: it keeps no open submenus.
        {...(mini ? {} : { openKeys, onOpenChange: setOpenKeys })}
        style={{ borderInlineEnd: 'none', paddingInline: 8 }}
        // Only a mini menu's items need their name in a tooltip; antd would mount a closed one
        // around every item of a full menu (its one switch for this is marked internal).
        _internalDisableMenuItemTitleTooltip={!mini}
      />
    </nav>
  );

  return (
    <Layout style={{ minHeight: '100vh' }} hasSider={!phone}>
      {phone ? (
        drawerUsed && (
          <Suspense fallback={null}>
            <MenuDrawer
              id="stay-menu"
              label={t('nav.mainMenu')}
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              placement={settings.themeDirection === 'rtl' ? 'right' : 'left'}
              width={SIZES.siderWidth}
              returnFocus={menuButton}
            >
              <Brand mini={false} />
              {menu}
            </MenuDrawer>
          </Suspense>
        )
      ) : (
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
          {menu}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: phone ? 4 : 12,
            height: phone ? SIZES.headerMobile : SIZES.headerDashboard,
            paddingInline: phone ? 8 : 24,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          {phone ? (
            <Button
              ref={menuButton}
              type="text"
              aria-label={t('nav.openMenu')}
              aria-expanded={drawerOpen}
              aria-controls="stay-menu"
              icon={<MenuOutlined />}
              onPointerDown={() => void loadMenuDrawer()}
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
            />
          ) : (
            <Button
              type="text"
              aria-label={t(mini ? 'nav.expand' : 'nav.collapse')}
              icon={mini ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => update('themeLayout', mini ? 'vertical' : 'mini')}
            />
          )}
          <div style={{ flex: 1, minWidth: 0 }}>
            {/* On a phone the hotel switcher takes the breadcrumb's place (the page's heading
                says where one is); squeezed beside it, the trail read "/ Req..". */}
            {!(phone && (user?.hotels?.length ?? 0) > 1) && (
              <Breadcrumbs places={places} compact={phone} />
            )}
          </div>
          <HotelSwitcher compact={phone} />
          <LanguageMenu />
          {phone && <SettingsButton inline />}
          <AccountMenu />
        </Layout.Header>
        {banner}
        <Layout.Content style={{ padding: phone ? 12 : 24 }}>
          {/* Layout.Content is the page's <main>. */}
          <div
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
          </div>
        </Layout.Content>
      </Layout>
      {!phone && <SettingsButton />}
      <SessionExpiryWatcher />
      <HotelRefusedNotice />
    </Layout>
  );
}
