import '@fontsource/public-sans/latin-400.css';
import '@fontsource/public-sans/latin-500.css';
import '@fontsource/public-sans/latin-600.css';
import '@fontsource/public-sans/latin-700.css';
import './shell/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Continue } from './features/auth/light/LightLogin';
import { initI18n } from './i18n';
import { signedInUser } from './providers/authProvider';
import { LOGIN_PATH } from './providers/paths';
import { getToken, isTokenLive } from './providers/session';
import { loadAntdStaticStyles } from './shell/antdStyles';
import { requestSettingsOpen } from './shell/settings/openRequest';
import { SplashMark } from './shell/SplashMark';

/** The dashboard: its own chunk, so a first visit to the sign-in page does not download it. */
const loadApp = () => import('./App');
/** The dashboard's code and, with the default theme, antd's prebuilt styles (see antdStyles.ts). */
const loadDashboard = () => Promise.all([loadApp(), loadAntdStaticStyles()]);
const light = location.pathname === LOGIN_PATH && !isTokenLive(getToken());
// The light page is a chunk of its own too (the dashboard's routes do not fetch it); either
// downloads while the interface language loads.
const lightLogin = light ? import('./features/auth/light/LightLogin') : undefined;
if (!light) {
  // The session check (GET /users/me) goes with the dashboard's code, not after it: a page's
  // data waits on it.
  void signedInUser();
  void loadDashboard();
}

void initI18n().then(async () => {
  const root = createRoot(document.getElementById('root')!);
  const showApp = async () => {
    const [{ App }] = await loadDashboard();
    // A transition: React renders the dashboard in slices and lets the browser in between,
    // instead of one long task that keeps a phone from answering.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  };
  // A first visit to the sign-in page without a session gets the light page; the dashboard
  // loads behind it once the user starts typing, and takes over after signing in.
  if (lightLogin) {
    const { LightLogin } = await lightLogin;
    let preloaded = false;
    const preload = () => {
      if (preloaded) return;
      preloaded = true;
      void loadDashboard();
    };
    const onContinue: Continue = ({ to, openSettings } = {}) => {
      if (openSettings) requestSettingsOpen();
      if (to) history.pushState(null, '', to);
      // The light page goes at once (nothing on it may be typed into while the dashboard
      // loads); the brand's mark holds the place, not an empty page.
      root.render(<SplashMark />);
      void showApp();
    };
    root.render(
      <StrictMode>
        <LightLogin onContinue={onContinue} preload={preload} />
      </StrictMode>,
    );
  } else {
    void showApp();
  }
});
