import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { oauthReturn, type CatalogueApp } from './catalogue';
import { useToasts } from '../../providers/toasts';

/** Reports already made, by the address they came with (React may run an effect twice). */
const reported = new Set<string>();

/**
 * Back from an OAuth provider: the API's callback sent the browser here with
 * `oauth=connected|failed&app=<id>[&reason=…]`. Says how it went (the app by name once the
 * catalogue is there), refreshes what depends on it, then drops those parameters from the
 * address, adding `extra` (e.g. `tab=availableApps`).
 */
export function useOAuthReturn(
  apps: readonly CatalogueApp[],
  ready: boolean,
  onConnected: () => void,
  extra: Record<string, string> = {},
) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const [params, setParams] = useSearchParams();
  const outcome = useMemo(() => oauthReturn(params), [params]);
  const extraKey = JSON.stringify(extra);
  useEffect(() => {
    if (!outcome || !ready) return;
    const id = params.toString();
    if (!reported.has(id)) {
      reported.add(id);
      if (outcome.connected) {
        const name = apps.find((app) => app.id === outcome.appId)?.name ?? '';
        notification.success({ message: t('apps.connected', { name }) });
        onConnected();
      } else {
        notification.error({
          message: t('apps.connectFailed'),
          description: t(`apps.oauthReasons.${outcome.reason}`),
        });
      }
    }
    const next = new URLSearchParams(params);
    for (const key of ['oauth', 'app', 'reason']) next.delete(key);
    for (const [key, value] of Object.entries(JSON.parse(extraKey) as Record<string, string>))
      next.set(key, value);
    setParams(next, { replace: true });
    // Forget the report once the address no longer carries it: a second return reports again.
    setTimeout(() => reported.delete(id), 1000);
  }, [outcome, ready, params, setParams, apps, notification, t, onConnected, extraKey]);
}
