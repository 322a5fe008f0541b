import { useGetIdentity } from '@refinedev/core';
import { Alert, Button, Card, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../crud/PageHeader';
import { QueryState } from '../../crud/QueryState';
import { apps } from '../../resources/apps';
import { can, isAdministrator } from '../../schema/resource';
import type { User } from '../../schema/user';
import { AppsGrid } from './AppsGrid';
import { useAppsChanged, useHotelApps, type HotelScope } from './useHotelApps';
import { useOAuthReturn } from './useOAuthReturn';

/** Where super administrators keep the catalogue (the declaration's generic pages). */
export const CATALOGUE_PATH = `/dashboard/${apps.route}/list`;

/**
 * /dashboard/user/apps: the catalogue as the signed-in hotel sees it — connect, disconnect and
 * customize its apps. Administrators own no hotel: they browse the catalogue here (super
 * administrators also reach its management) and act for a hotel on its page.
 */
export default function AppsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user, isLoading } = useGetIdentity<User>();
  const admin = isAdministrator(user ?? null);
  const scope = useMemo<HotelScope | undefined>(
    () =>
      user && !admin
        ? { id: user.id, name: user.company || user.name, onBehalf: false }
        : undefined,
    [user, admin],
  );
  const data = useHotelApps(scope);
  const changed = useAppsChanged(scope);
  const catalogue = useMemo(() => data.entries.map((entry) => entry.app), [data.entries]);
  const onConnected = useCallback(() => void changed(), [changed]);
  useOAuthReturn(catalogue, !data.isLoading, onConnected);
  const mayManage = Boolean(user) && can(apps, 'create', user ?? null);

  return (
    <Card>
      <PageHeader
        title={t('apps.title')}
        extra={
          mayManage ? (
            <Button onClick={() => navigate(CATALOGUE_PATH)}>{t('apps.manageCatalogue')}</Button>
          ) : null
        }
      />
      <QueryState isLoading={isLoading} isError={false} failed={t('apps.loadError')} framed={false}>
        {admin ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('apps.adminHint')}
            action={<Link to="/dashboard/user/list">{t('resources.users.menu.list')}</Link>}
          />
        ) : (
          <Typography.Paragraph type="secondary">{t('apps.intro')}</Typography.Paragraph>
        )}
        <AppsGrid data={data} scope={scope} />
      </QueryState>
    </Card>
  );
}
