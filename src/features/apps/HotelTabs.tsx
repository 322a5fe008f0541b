import { useInvalidate, useList, type HttpError } from '@refinedev/core';
import { Empty, Flex, Switch, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../crud/QueryState';
import { appPermissions } from '../../resources/apps';
import { AppImage } from './AppCard';
import { AppsGrid } from './AppsGrid';
import type { AppPermission } from './catalogue';
import { useAppsChanged, useCatalogue, useHotelApps, type HotelScope } from './useHotelApps';
import { useOAuthReturn } from './useOAuthReturn';
import { useSaveSwitch } from './saveSwitch';
import { useStaleNotice } from '../../crud/useStaleNotice';
import './apps.css';
import { useToasts } from '../../providers/toasts';

interface Hotel {
  id: number;
  name: string;
}

/** An administrator acting for the hotel (stable while the hotel's id and name are). */
function useScope({ id, name }: Hotel): HotelScope {
  return useMemo(() => ({ id, name, onBehalf: true }), [id, name]);
}

/** A hotel's connected apps (its edit page, administrators): disconnect or customize for it. */
export function HotelAppsTab({ hotel }: { hotel: Hotel }) {
  const scope = useScope(hotel);
  const data = useHotelApps(scope);
  return <AppsGrid data={data} scope={scope} connectedOnly actions={['disconnect', 'customize']} />;
}

/**
 * The catalogue for one hotel (its edit page, administrators): connect for it, also the apps
 * it may not connect itself. An OAuth connection started here comes back to this tab.
 */
export function AvailableAppsTab({ hotel }: { hotel: Hotel }) {
  const { t } = useTranslation();
  const scope = useScope(hotel);
  const data = useHotelApps(scope);
  const changed = useAppsChanged(scope);
  const catalogue = useMemo(() => data.entries.map((entry) => entry.app), [data.entries]);
  const onConnected = useCallback(() => void changed(), [changed]);
  useOAuthReturn(catalogue, !data.isLoading, onConnected, { tab: 'availableApps' });
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('apps.availableIntro', { hotel: hotel.name })}
      </Typography.Paragraph>
      <AppsGrid data={data} scope={scope} actions={['connect']} />
    </>
  );
}

/**
 * Which apps a hotel may connect itself (spec §6, administrators): one switch per app, saved
 * when toggled. The switch moves at once and moves back, with a toast, when the save fails.
 */
export function AppPermissionsTab({ hotel }: { hotel: Hotel }) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const catalogue = useCatalogue();
  const permissions = useList<AppPermission>({
    resource: appPermissions.name,
    filters: [{ field: 'ownerId', operator: 'eq', value: hotel.id }],
    pagination: { mode: 'off' },
    successNotification: false,
    errorNotification: false,
  });
  const save = useSaveSwitch();
  const stale = useStaleNotice();
  const invalidate = useInvalidate();
  /** Choices on their way to the API, by app id. */
  const [pending, setPending] = useState<Record<number, boolean>>({});
  const recordOf = useMemo(
    () => new Map(permissions.result.data.map((row) => [row.appId, row])),
    [permissions.result.data],
  );

  const toggle = async (appId: number, canSelfConnect: boolean) => {
    setPending((now) => ({ ...now, [appId]: canSelfConnect }));
    const record = recordOf.get(appId);
    try {
      await save(
        appPermissions.name,
        record,
        record ? { canSelfConnect } : { ownerId: hotel.id, appId, canSelfConnect },
      );
      await invalidate({ resource: appPermissions.name, invalidates: ['list'] });
      // Saved: said in words, as a failure is.
      const name = catalogue.apps.find((app) => app.id === appId)?.name ?? '';
      notification.success({
        message: t(canSelfConnect ? 'apps.permissionOn' : 'apps.permissionOff', {
          hotel: hotel.name,
          name,
        }),
      });
    } catch (failure) {
      if (stale(failure, { resource: appPermissions.name })) return;
      notification.error({
        message: t('apps.permissionFailed'),
        description: (failure as HttpError).message,
      });
    } finally {
      setPending(({ [appId]: _, ...rest }) => rest);
    }
  };

  const query = [catalogue.query, permissions.query].find((q) => q.isError);
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('apps.permissionsIntro', { hotel: hotel.name })}
      </Typography.Paragraph>
      <QueryState
        isLoading={catalogue.query.isPending || permissions.query.isPending}
        isError={Boolean(query)}
        error={query?.error}
        failed={t('apps.loadError')}
        retry={() => {
          void catalogue.query.refetch();
          void permissions.query.refetch();
        }}
        framed={false}
      >
        {catalogue.apps.length === 0 ? (
          <Empty description={t('apps.emptyCatalogue')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <ul className="app-permissions" aria-label={t('resources.app-permissions.title')}>
            {catalogue.apps.map((app) => {
              const saving = app.id in pending;
              const allowed = saving
                ? pending[app.id]!
                : (recordOf.get(app.id)?.canSelfConnect ?? true);
              const stateId = `app-permission-${app.id}-state`;
              return (
                <li key={app.id} className="app-permission-row">
                  <Flex align="center" gap={12} className="app-permission-app">
                    <AppImage src={app.image} name={app.name} size={40} />
                    <Typography.Text strong>{app.name}</Typography.Text>
                  </Flex>
                  <Flex align="center" gap={8} className="app-permission-choice">
                    <Typography.Text type="secondary" id={stateId}>
                      {allowed ? t('apps.hotelConnects') : t('apps.adminConnects')}
                    </Typography.Text>
                    <Switch
                      checked={allowed}
                      loading={saving}
                      disabled={saving}
                      aria-label={t('apps.selfConnect', { hotel: hotel.name, name: app.name })}
                      aria-describedby={stateId}
                      onChange={(checked) => void toggle(app.id, checked)}
                    />
                  </Flex>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </>
  );
}
