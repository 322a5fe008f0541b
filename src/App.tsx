import { Authenticated, CanAccess, Refine } from '@refinedev/core';
import routerProvider, {
  CatchAllNavigate,
  DocumentTitleHandler,
  UnsavedChangesNotifier,
} from '@refinedev/react-router';
import dataProvider from '@refinedev/simple-rest';
import { App as AntdApp, ConfigProvider } from 'antd';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { config } from './config';
import { resourceRoutes, refineResources, type ResourceExtension } from './crud/resourceRoutes';
import { ConfirmSaleAction } from './features/pos/ConfirmSaleAction';
import { RefundAction } from './features/pos/RefundAction';
import { ImpersonationBanner } from './features/users/ImpersonationBanner';
import { LoginAsAction } from './features/users/LoginAsAction';
import { accessControlProvider } from './providers/accessControlProvider';
import { authProvider, HOME_PATH, LOGIN_PATH } from './providers/authProvider';
import { resources } from './resources';
import type { User } from './schema/user';
import { http } from './providers/http';
import { i18nProvider } from './providers/i18nProvider';
import { TOAST_CONFIG, useNotificationProvider } from './providers/notificationProvider';
import { ForbiddenPage, NotFoundPage, ServerErrorPage } from './shell/ErrorPages';
import { RouteProgress } from './shell/RouteProgress';
import { COLOR_PRESETS } from './shell/settings/settings';
import { SettingsProvider } from './shell/settings/SettingsProvider';
import { useSettings } from './shell/settings/useSettings';
import { buildTheme } from './shell/theme';
import { useAntdLocale } from './shell/useAntdLocale';

// Each screen is its own chunk: the sign-in page does not download the dashboard and vice versa.
const AppLayout = lazy(() => import('./shell/AppLayout'));
const AuthLayout = lazy(() => import('./features/auth/AuthLayout'));
const LoginPage = lazy(() => import('./features/auth/LoginPage'));
const ResetPasswordPage = lazy(() => import('./features/auth/ResetPasswordPage'));
const NewPasswordPage = lazy(() => import('./features/auth/NewPasswordPage'));
const HomePage = lazy(() => import('./features/home/HomePage'));
// The amenity form's place search brings the Google Maps loader: only that form downloads it.
const PlaceSearch = lazy(() => import('./features/amenities/PlaceSearch'));
const NotificationPage = lazy(() => import('./features/notifications/NotificationPage'));
const ManageNotificationPage = lazy(
  () => import('./features/notifications/ManageNotificationPage'),
);

/** What features add to the generated resource pages. */
const extensions: Record<string, ResourceExtension> = {
  amenities: { formAddon: PlaceSearch },
  // /dashboard/message is the notification overview, not a redirect to the generic list.
  notifications: { indexElement: <NotificationPage /> },
  'pos-transactions': {
    rowActions: (record) => (
      <>
        <ConfirmSaleAction record={record} />
        <RefundAction record={record} />
      </>
    ),
    showActions: (record) => (
      <>
        <ConfirmSaleAction record={record} withText />
        <RefundAction record={record} withText />
      </>
    ),
  },
  users: {
    rowActions: (record) => <LoginAsAction record={record as unknown as User} />,
    showActions: (record) => <LoginAsAction record={record as unknown as User} withText />,
  },
};

/** antd theme, direction and locale from the settings; antd's App inside it so toasts follow. */
function ThemedApp({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const locale = useAntdLocale();
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--stay-primary', COLOR_PRESETS[settings.themeColorPresets]);
    root.dataset.theme = settings.themeMode;
    root.style.colorScheme = settings.themeMode;
  }, [settings.themeColorPresets, settings.themeMode]);
  return (
    <ConfigProvider
      theme={buildTheme(settings)}
      direction={settings.themeDirection}
      locale={locale}
    >
      <AntdApp notification={TOAST_CONFIG}>{children}</AntdApp>
    </ConfigProvider>
  );
}

function RefineApp() {
  const { t } = useTranslation();
  return (
    <Refine
      dataProvider={dataProvider(config.apiUrl, http)}
      routerProvider={routerProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      resources={refineResources(resources)}
      i18nProvider={i18nProvider}
      notificationProvider={useNotificationProvider}
      options={{
        disableTelemetry: true,
        syncWithLocation: true,
        warnWhenUnsavedChanges: true,
        mutationMode: 'pessimistic',
      }}
    >
      <Routes>
        <Route
          element={
            <Authenticated
              key="dashboard"
              fallback={<CatchAllNavigate to={LOGIN_PATH} />}
              loading={<RouteProgress />}
            >
              <AppLayout banner={<ImpersonationBanner />} />
            </Authenticated>
          }
        >
          <Route index element={<Navigate to={HOME_PATH} replace />} />
          <Route path="/dashboard" element={<Navigate to={HOME_PATH} replace />} />
          <Route path="/dashboard/app" element={<HomePage />} />
          {/* The point of sale's root is its categories (spec §2). */}
          <Route
            path="/dashboard/pos"
            element={<Navigate to="/dashboard/pos/categories" replace />}
          />
          <Route
            path="/dashboard/message/manage"
            element={
              <CanAccess resource="notifications" action="create" fallback={<ForbiddenPage />}>
                <ManageNotificationPage />
              </CanAccess>
            }
          />
          {resources.map((resource) => resourceRoutes(resource, extensions[resource.name]))}
          <Route path="/403" element={<ForbiddenPage />} />
          <Route path="/500" element={<ServerErrorPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route element={<AuthLayout />}>
          <Route
            path={LOGIN_PATH}
            element={
              <Authenticated key="login" fallback={<LoginPage />} loading={<RouteProgress />}>
                <Navigate to={HOME_PATH} replace />
              </Authenticated>
            }
          />
          {/* Reachable signed in or not: a reset link may be opened in a signed-in browser. */}
          <Route path="/auth/reset-password" element={<ResetPasswordPage />} />
          <Route path="/auth/new-password" element={<NewPasswordPage />} />
          <Route path="/auth" element={<Navigate to={LOGIN_PATH} replace />} />
        </Route>
      </Routes>
      <UnsavedChangesNotifier />
      <DocumentTitleHandler
        handler={({ resource, action }) =>
          [resource?.meta?.label, action, t('app.name')].filter(Boolean).join(' | ')
        }
      />
    </Refine>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <SettingsProvider>
        <ThemedApp>
          <Suspense fallback={<RouteProgress />}>
            <RefineApp />
          </Suspense>
        </ThemedApp>
      </SettingsProvider>
    </BrowserRouter>
  );
}
