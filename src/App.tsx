import '@ant-design/v5-patch-for-react-19';
import { StyleProvider } from '@ant-design/cssinjs';
import { Authenticated, CanAccess, keys, Refine } from '@refinedev/core';
import { CatchAllNavigate, UnsavedChangesNotifier } from '@refinedev/react-router';
import { QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { Fragment, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { config } from './config';
import { preloadResourcePage, resourceRoutes, refineResources } from './crud/resourceRoutes';
import { extensionOf, features } from './features';
import { accessControlProvider } from './providers/accessControlProvider';
import {
  authProvider,
  HOME_PATH,
  LOGIN_PATH,
  onSignIn,
  signedInUser,
} from './providers/authProvider';
import { resources } from './resources';
import { dataProvider } from './providers/dataProvider';
import { liveProvider } from './providers/liveProvider';
import { hotelBasename } from './providers/hotel';
import { safeReturnPath } from './providers/paths';
import { shouldRetry } from './providers/retry';
import { ConnectionNotice } from './shell/ConnectionNotice';
import { i18nProvider } from './providers/i18nProvider';
import { routerProvider } from './providers/routerProvider';
import { useNotificationProvider } from './providers/notificationProvider';
import { Deferred } from './shell/Deferred';
import { Splash } from './shell/Splash';
import { PasswordGate } from './shell/PasswordGate';
import { DocumentTitle } from './shell/DocumentTitle';
import { ForbiddenPage, NotFoundPage, ServerErrorPage } from './shell/ErrorPages';
import { RouteProgress } from './shell/RouteProgress';
import { COLOR_PRESETS } from './shell/settings/settings';
import { SettingsProvider } from './shell/settings/SettingsProvider';
import { useSettings } from './shell/settings/useSettings';
import { ThemeVariables } from './shell/ThemeVariables';
import { Toasts } from './shell/Toasts';
import { featurePlaces } from './shell/trail';
import { antdStyleContainer } from './shell/antdStyles';
import { preloadable } from './shell/preloadable';
import { buildTheme } from './shell/theme';
import { useAntdLabels } from './shell/useAntdLabels';
import { useAntdLocale } from './shell/useAntdLocale';

// Each screen is its own chunk: the sign-in page does not download the dashboard and vice versa.
const AppLayout = preloadable(() => import('./shell/AppLayout'));
const AuthLayout = lazy(() => import('./features/auth/AuthLayout'));
const LoginPage = lazy(() => import('./features/auth/LoginPage'));
const ResetPasswordPage = lazy(() => import('./features/auth/ResetPasswordPage'));
const NewPasswordPage = lazy(() => import('./features/auth/NewPasswordPage'));
const VerifyEmailPage = lazy(() => import('./features/auth/VerifyEmailPage'));
// A first load of a dashboard page starts the layout's chunk and the page's chunk together (the
// entry has started the session check): each used to wait for the one before it.
if (!location.pathname.startsWith('/auth')) {
  void AppLayout.preload();
  preloadResourcePage(location.pathname, resources, extensionOf, signedInUser());
}

/**
 * React Query's client: a 4xx is not retried (retry.ts), and the session's answers (who is
 * signed in) stay until Refine invalidates them (signing in or out, one's own profile saved) or
 * the page reloads ("log in as"). Stale, each screen asking for the identity fetched it again as
 * it mounted, and drew itself twice more, synchronously.
 */
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
queryClient.setQueryDefaults(keys().auth().get(), { staleTime: Infinity });
// A new session starts with none of the last one's data (nor its errors).
onSignIn(() =>
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== keys().auth().get()[0] }),
);
// The user the session check fetched is the identity query's answer from its first render:
// the layout, the account menu and a list no longer draw themselves again when it arrives.
void signedInUser().then((user) => {
  if (user) queryClient.setQueryData(keys().auth().action('identity').get(), user);
});

/** What the features add to the shell (the shell knows no feature by name). */
const shellExtras = {
  banner: features.map((feature) => <Fragment key={feature.name}>{feature.banner}</Fragment>),
  screens: features.flatMap((feature) => feature.screens ?? []),
  places: featurePlaces(features),
};

const styleContainer = antdStyleContainer();

/** antd theme, direction and locale from the settings; the toasts inside it so they follow. */
function ThemedApp({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const locale = useAntdLocale();
  useAntdLabels();
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--stay-primary', COLOR_PRESETS[settings.themeColorPresets]);
    root.dataset.theme = settings.themeMode;
    root.style.colorScheme = settings.themeMode;
  }, [settings.themeColorPresets, settings.themeMode]);
  return (
    <StyleProvider container={styleContainer}>
      <ConfigProvider
        theme={buildTheme(settings)}
        direction={settings.themeDirection}
        locale={locale}
      >
        <ThemeVariables />
        <Toasts>{children}</Toasts>
      </ConfigProvider>
    </StyleProvider>
  );
}

/**
 * Signed in on the sign-in page: to the page `?to=` names (a path of this site), else home. The
 * sign-in's own redirect does the same, but a page whose code still loads leaves this route on
 * screen, and it must not send the user home meanwhile.
 */
function ReturnAfterSignIn() {
  const { search } = useLocation();
  return (
    <Navigate to={safeReturnPath(new URLSearchParams(search).get('to')) ?? HOME_PATH} replace />
  );
}

function RefineApp() {
  return (
    <Refine
      dataProvider={dataProvider(config.apiUrl)}
      liveProvider={liveProvider}
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
        // Lists, show pages, menu counts, the inbox and the overview follow the API's live
        // events; edit forms are "manual" (useResourceForm).
        liveMode: 'auto',
        reactQuery: { clientConfig: queryClient },
      }}
    >
      <DocumentTitle places={shellExtras.places}>
        <Routes>
          <Route
            element={
              <Authenticated
                key="dashboard"
                fallback={<CatchAllNavigate to={LOGIN_PATH} />}
                loading={<Splash />}
              >
                <PasswordGate>
                  <Deferred fallback={<Splash />}>
                    <AppLayout {...shellExtras} />
                  </Deferred>
                </PasswordGate>
              </Authenticated>
            }
          >
            <Route index element={<Navigate to={HOME_PATH} replace />} />
            <Route path="/dashboard" element={<Navigate to={HOME_PATH} replace />} />
            {features.flatMap((feature) =>
              (feature.routes ?? []).map((route) => (
                <Route
                  key={route.path}
                  path={route.path}
                  element={
                    route.access ? (
                      <CanAccess {...route.access} fallback={<ForbiddenPage />}>
                        {route.element}
                      </CanAccess>
                    ) : (
                      route.element
                    )
                  }
                />
              )),
            )}
            {resources.map((resource) => resourceRoutes(resource, extensionOf(resource.name)))}
            <Route path="/403" element={<ForbiddenPage />} />
            <Route path="/500" element={<ServerErrorPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route element={<AuthLayout />}>
            <Route
              path={LOGIN_PATH}
              element={
                <Authenticated key="login" fallback={<LoginPage />} loading={<RouteProgress />}>
                  <ReturnAfterSignIn />
                </Authenticated>
              }
            />
            {/* Reachable signed in or not: a reset link may be opened in a signed-in browser. */}
            <Route path="/auth/reset-password" element={<ResetPasswordPage />} />
            <Route path="/auth/new-password" element={<NewPasswordPage />} />
            <Route path="/auth/verify-email" element={<VerifyEmailPage />} />
            <Route path="/auth" element={<Navigate to={LOGIN_PATH} replace />} />
          </Route>
        </Routes>
      </DocumentTitle>
      <UnsavedChangesNotifier />
      <ConnectionNotice />
    </Refine>
  );
}

export function App() {
  return (
    <BrowserRouter basename={hotelBasename()}>
      <SettingsProvider>
        <ThemedApp>
          <Suspense fallback={<Splash />}>
            <RefineApp />
          </Suspense>
        </ThemedApp>
      </SettingsProvider>
    </BrowserRouter>
  );
}
