import {
  useGetIdentity,
  useInvalidate,
  useInvalidateAuthStore,
  useList,
  type CrudFilter,
} from '@refinedev/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { appConnections, appCustomizations, appPermissions, apps } from '../../resources/apps';
import { apiUrl, http } from '../../providers/http';
import { rememberCurrentUser } from '../../providers/authProvider';
import { isAdministrator } from '../../schema/resource';
import type { User } from '../../schema/user';
import {
  appEntries,
  lockedKeys,
  type AppConnection,
  type AppCustomization,
  type AppEntry,
  type AppPermission,
  type CatalogueApp,
} from './catalogue';

/** The hotel the apps are shown for: the signed-in hotel, or one an administrator acts for. */
export interface HotelScope {
  /** The hotel's user id. */
  id: number;
  name: string;
  /** An administrator acts for the hotel: sends `hotelId` / `ownerId`, is never locked out. */
  onBehalf: boolean;
}

/** What each of the connect, disconnect and customize dialogs is opened with. */
export interface AppDialogProps {
  entry: AppEntry;
  scope: HotelScope;
  onClose: () => void;
}

const quiet = { successNotification: false, errorNotification: false } as const;

/** The catalogue (every signed-in user reads all of it). */
export function useCatalogue() {
  const { result, query } = useList<CatalogueApp>({
    resource: apps.name,
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
    ...quiet,
  });
  return { apps: result.data, query };
}

/**
 * The catalogue as one hotel sees it: its connections, customizations and which apps it may
 * not connect itself (its own `lockedApps`, or, for an administrator, its permission records).
 */
export function useHotelApps(scope: HotelScope | undefined) {
  const { i18n } = useTranslation();
  const { data: user } = useGetIdentity<User>();
  const catalogue = useCatalogue();
  const owned: CrudFilter[] = scope ? [{ field: 'ownerId', operator: 'eq', value: scope.id }] : [];
  const enabled = Boolean(scope);
  const connections = useList<AppConnection>({
    resource: appConnections.name,
    filters: owned,
    pagination: { mode: 'off' },
    queryOptions: { enabled },
    ...quiet,
  });
  const customizations = useList<AppCustomization>({
    resource: appCustomizations.name,
    filters: owned,
    pagination: { mode: 'off' },
    queryOptions: { enabled },
    ...quiet,
  });
  // Only administrators read permissions; a hotel learns its locks from its identity.
  const readsPermissions = enabled && Boolean(scope?.onBehalf) && isAdministrator(user ?? null);
  const permissions = useList<AppPermission>({
    resource: appPermissions.name,
    filters: owned,
    pagination: { mode: 'off' },
    queryOptions: { enabled: readsPermissions },
    ...quiet,
  });

  const locked = useMemo(
    () =>
      scope?.onBehalf
        ? lockedKeys(catalogue.apps, permissions.result.data)
        : (user?.lockedApps ?? []),
    [scope?.onBehalf, catalogue.apps, permissions.result.data, user?.lockedApps],
  );
  const entries = useMemo(
    () =>
      appEntries(
        catalogue.apps,
        connections.result.data,
        customizations.result.data,
        locked,
        i18n.language,
      ),
    [catalogue.apps, connections.result.data, customizations.result.data, locked, i18n.language],
  );
  const queries = [
    catalogue.query,
    ...(enabled ? [connections.query, customizations.query] : []),
    ...(readsPermissions ? [permissions.query] : []),
  ];
  const failed = queries.find((query) => query.isError);
  return {
    entries,
    isLoading: queries.some((query) => query.isPending),
    isError: Boolean(failed),
    error: failed?.error,
    retry: () => queries.forEach((query) => void query.refetch()),
  };
}

/**
 * After a connect, disconnect or customization: the lists again, and, for the signed-in hotel,
 * its identity (`connectedApps` opens areas such as Hotek in the menu without a reload).
 */
export function useAppsChanged(scope: HotelScope | undefined) {
  const invalidate = useInvalidate();
  const invalidateAuth = useInvalidateAuthStore();
  return useCallback(async () => {
    const lists = [appConnections.name, appCustomizations.name, appPermissions.name].map(
      (resource) => invalidate({ resource, invalidates: ['list', 'many', 'detail'] }),
    );
    await Promise.all(lists);
    if (scope && !scope.onBehalf) {
      try {
        const { data } = await http.get<User>(apiUrl('/users/me'));
        rememberCurrentUser(data);
        await invalidateAuth();
      } catch {
        // The menu follows at the next sign-in; the change itself is stored.
      }
    }
  }, [invalidate, invalidateAuth, scope]);
}
