import { useLogout } from '@refinedev/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loginPathReturningTo } from '../providers/paths';
import { getToken, markSessionExpired, tokenExpiry } from '../providers/session';
import { useToasts } from '../providers/toasts';

/** setTimeout cannot wait longer than this; longer sessions re-check when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * When the token expires while the app is open: the alert 'Token expired', the token removed,
 * and the sign-in page (spec §4). Also checked when the tab wakes up, since timers sleep with it.
 */
export function SessionExpiryWatcher() {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const { mutate: logout } = useLogout();

  useEffect(() => {
    let timer: number | undefined;
    const expire = () => {
      markSessionExpired();
      notification.warning({
        key: 'token-expired',
        message: t('auth.tokenExpired'),
        description: t('auth.tokenExpiredDetail'),
      });
      // Signing in again leads back here.
      logout({ redirectPath: loginPathReturningTo(location.pathname + location.search) });
    };
    const schedule = () => {
      window.clearTimeout(timer);
      const token = getToken();
      const exp = token ? tokenExpiry(token) : null;
      if (exp === null) return;
      const remaining = exp * 1000 - Date.now();
      if (remaining <= 0) return expire();
      timer = window.setTimeout(schedule, Math.min(remaining, MAX_TIMER_MS));
    };
    schedule();
    const onVisible = () => document.visibilityState === 'visible' && schedule();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [logout, notification, t]);

  return null;
}
