import { useInvalidate, useList, type BaseRecord, type HttpError } from '@refinedev/core';
import {
  Card,
  Empty,
  Flex,
  Grid,
  Input,
  Switch,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../crud/PageHeader';
import { QueryState } from '../../crud/QueryState';
import { useDebounced } from '../../crud/useDebounced';
import { useStaleNotice } from '../../crud/useStaleNotice';
import { useToasts } from '../../providers/toasts';
import { appPermissionDefaults, appPermissions } from '../../resources/apps';
import type { User } from '../../schema/user';
import { AppImage } from './AppCard';
import type { AppPermission, CatalogueApp } from './catalogue';
import { useCatalogue } from './useHotelApps';
import { useSaveSwitch } from './saveSwitch';

const PAGE_SIZE = 20;
const quiet = { successNotification: false, errorNotification: false } as const;

interface AppDefault {
  id: number;
  appId: number;
  canSelfConnect: boolean;
}

type Hotel = Pick<User, 'id' | 'name' | 'company'>;
const hotelName = (hotel: Hotel) => hotel.company || hotel.name;

/**
 * /dashboard/apps/permissions (administrators, issue 28): which apps each hotel may connect
 * itself, as a grid of hotels × apps, 20 hotels a page and searchable, so 200 hotels and more
 * stay quick; and above it, per app, the default a hotel created later gets.
 */
export default function PermissionsGrid() {
  const { t } = useTranslation();
  const { notification } = useToasts();
  // A phone keeps the hotels' column narrow: the apps' switches need the room.
  const hotelWidth = Grid.useBreakpoint().md ? 220 : 130;
  const invalidate = useInvalidate();
  const save = useSaveSwitch();
  const stale = useStaleNotice();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const typed = useDebounced(search.trim(), 300);
  const catalogue = useCatalogue();
  const hotels = useList<Hotel>({
    resource: 'users',
    filters: [
      { field: 'role', operator: 'eq', value: 'operator' },
      ...(typed ? [{ field: 'q', operator: 'eq' as const, value: typed }] : []),
    ],
    sorters: [{ field: 'company', order: 'asc' }],
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    ...quiet,
  });
  const ids = hotels.result.data.map((hotel) => hotel.id);
  // The page's hotels' records only: `ownerId=1&ownerId=2…`.
  const permissions = useList<AppPermission>({
    resource: appPermissions.name,
    filters: [{ field: 'ownerId', operator: 'eq', value: ids }],
    pagination: { mode: 'off' },
    queryOptions: { enabled: ids.length > 0 },
    ...quiet,
  });
  const defaults = useList<AppDefault>({
    resource: appPermissionDefaults.name,
    pagination: { mode: 'off' },
    ...quiet,
  });
  /** Switches on their way to the API: their new value, by `<hotel>:<app>` (`new:<app>`). */
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const cellOf = useMemo(
    () =>
      new Map<string, AppPermission>(
        permissions.result.data.map((row) => [`${row.ownerId}:${row.appId}`, row]),
      ),
    [permissions.result.data],
  );
  const defaultOf = useMemo(
    () => new Map(defaults.result.data.map((row) => [row.appId, row] as const)),
    [defaults.result.data],
  );

  const toggle = async (key: string, value: boolean, run: () => Promise<void>, success: string) => {
    setPending((now) => ({ ...now, [key]: value }));
    const resource = key.startsWith('new:') ? appPermissionDefaults.name : appPermissions.name;
    try {
      await run();
      await invalidate({ resource, invalidates: ['list'] });
      notification.success({ message: success });
    } catch (failure) {
      if (stale(failure, { resource })) return;
      notification.error({
        message: t('apps.permissionFailed'),
        description: (failure as HttpError).message,
      });
    } finally {
      setPending(({ [key]: _, ...rest }) => rest);
    }
  };

  /** One switch: a stored permission (or default) of one app, saved when flipped. */
  const permissionSwitch = ({
    key,
    resource,
    record,
    create,
    fetching,
    label,
    said,
  }: {
    key: string;
    resource: string;
    record: (BaseRecord & { canSelfConnect?: boolean }) | undefined;
    create: Record<string, number>;
    fetching: boolean;
    label: string;
    said: (checked: boolean) => string;
  }) => {
    const saving = key in pending;
    const allowed = saving ? pending[key]! : (record?.canSelfConnect ?? true);
    return (
      <Switch
        size="small"
        checked={allowed}
        loading={saving}
        disabled={saving || fetching}
        aria-label={label}
        onChange={(checked) => {
          void toggle(
            key,
            checked,
            () => save(resource, record, { ...(record ? {} : create), canSelfConnect: checked }),
            said(checked),
          );
        }}
      />
    );
  };

  const cell = (hotel: Hotel, app: CatalogueApp) => {
    const key = `${hotel.id}:${app.id}`;
    const name = hotelName(hotel);
    return permissionSwitch({
      key,
      resource: appPermissions.name,
      record: cellOf.get(key),
      create: { ownerId: hotel.id, appId: app.id },
      fetching: permissions.query.isFetching,
      label: t('apps.selfConnect', { hotel: name, name: app.name }),
      said: (checked) =>
        t(checked ? 'apps.permissionOn' : 'apps.permissionOff', { hotel: name, name: app.name }),
    });
  };

  const presetSwitch = (app: CatalogueApp) =>
    permissionSwitch({
      key: `new:${app.id}`,
      resource: appPermissionDefaults.name,
      record: defaultOf.get(app.id),
      create: { appId: app.id },
      fetching: defaults.query.isFetching,
      label: t('apps.defaultSelfConnect', { name: app.name }),
      said: (checked) => t(checked ? 'apps.defaultOn' : 'apps.defaultOff', { name: app.name }),
    });

  const columns: TableColumnsType<Hotel> = [
    {
      key: 'hotel',
      title: t('apps.gridHotel'),
      fixed: 'left',
      width: hotelWidth,
      render: (_, hotel) => (
        <Link to={`/dashboard/user/${hotel.id}/edit?tab=appPermissions`}>{hotelName(hotel)}</Link>
      ),
    },
    ...catalogue.apps.map((app) => ({
      key: `app-${app.id}`,
      title: (
        <Flex vertical align="center" gap={4}>
          <AppImage src={app.image} name={app.name} size={28} />
          <span style={{ fontSize: 12, textAlign: 'center' }}>{app.name}</span>
        </Flex>
      ),
      align: 'center' as const,
      width: 120,
      render: (_: unknown, hotel: Hotel) => cell(hotel, app),
    })),
  ];

  const failed = [catalogue.query, hotels.query, permissions.query, defaults.query].find(
    (query) => query.isError,
  );
  const setPage = (next: number) => {
    const nextParams = new URLSearchParams(params);
    if (next > 1) nextParams.set('page', String(next));
    else nextParams.delete('page');
    setParams(nextParams, { replace: true });
  };

  return (
    <Card>
      <PageHeader title={t('resources.app-permissions.title')} />
      <Typography.Paragraph type="secondary">{t('apps.gridIntro')}</Typography.Paragraph>
      <Input.Search
        allowClear
        value={search}
        placeholder={t('apps.gridSearch')}
        aria-label={t('apps.gridSearch')}
        onChange={(event) => {
          setSearch(event.target.value);
          const nextParams = new URLSearchParams(params);
          nextParams.delete('page');
          if (event.target.value) nextParams.set('q', event.target.value);
          else nextParams.delete('q');
          setParams(nextParams, { replace: true });
        }}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      <QueryState
        isLoading={catalogue.query.isPending || hotels.query.isPending}
        isError={Boolean(failed)}
        error={failed?.error}
        failed={t('apps.loadError')}
        retry={() => {
          for (const query of [catalogue.query, hotels.query, permissions.query, defaults.query])
            void query.refetch();
        }}
        framed={false}
      >
        {catalogue.apps.length === 0 ? (
          <Empty description={t('apps.emptyCatalogue')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Table<Hotel>
            rowKey="id"
            size="small"
            bordered
            aria-label={t('resources.app-permissions.title')}
            columns={columns}
            dataSource={hotels.result.data}
            loading={hotels.query.isFetching && !hotels.query.isPending}
            // The body scrolls under the header and the defaults' row, which stay in view.
            scroll={{ x: hotelWidth + catalogue.apps.length * 120, y: '60vh' }}
            locale={{ emptyText: t('apps.gridNoHotels') }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: hotels.result.total ?? 0,
              showSizeChanger: false,
              onChange: setPage,
              showTotal: (total) => t('apps.gridTotal', { count: total }),
            }}
            summary={() => (
              <Table.Summary fixed="top">
                <Table.Summary.Row className="app-permission-defaults">
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('apps.gridDefaults')}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('apps.gridDefaultsHint')}
                    </Typography.Text>
                  </Table.Summary.Cell>
                  {catalogue.apps.map((app, index) => (
                    <Table.Summary.Cell key={app.id} index={index + 1} align="center">
                      {presetSwitch(app)}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            )}
          />
        )}
      </QueryState>
    </Card>
  );
}
