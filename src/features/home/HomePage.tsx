import { useCustom, useGetIdentity } from '@refinedev/core';
import { Card, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../providers/http';
import type { User, VisitStats } from '../../schema/user';
import { PanelBody } from './PanelBody';
import { TodayPanel } from './TodayPanel';
import { YourHotels } from './YourHotels';
import { VisitFigures } from './VisitFigures';

// Administrators' statistics (a hotel picker, a date range, the top hotels): a chunk of their
// own, so that the hotels' overview (the landing page) loads no more than before.
const AdminStatistics = lazy(() => import('./AdminStatistics'));

type StatsQuery = ReturnType<typeof useCustom<VisitStats>>['query'];

/** A hotel's statistics: its visitors, all days stored (spec §1, §2). */
function HotelStatistics({ query }: { query: StatsQuery }) {
  const { t } = useTranslation();
  const stats = query.data?.data;
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('home.statistics')}</h2>}
      aria-busy={query.isLoading}
    >
      <PanelBody query={query} data={stats} rows={4} failed={t('home.loadError')}>
        {(data) => <VisitFigures stats={data} empty={t('home.noVisits')} />}
      </PanelBody>
    </Card>
  );
}

/**
 * A hotel's overview: "Today", then its statistics. Both requests start together; the statistics
 * show once "Today" has its answer, so that its panel, growing from a skeleton to its content,
 * pushes nothing down the page (a layout shift on the landing page).
 */
function HotelOverview() {
  const { query } = useCustom<VisitStats>({
    url: apiUrl('/stats'),
    method: 'get',
    errorNotification: false,
  });
  return (
    <>
      <YourHotels />
      <TodayPanel after={<HotelStatistics query={query} />} />
    </>
  );
}

/** /dashboard/app: welcome text and the statistics panel with total visitors (spec §1, §2). */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<User>();
  const isAdmin = user?.isAdmin || user?.isSuperAdmin;

  return (
    <>
      <Card style={{ marginBottom: 24 }}>
        <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
          {user ? t('home.welcome', { name: user.name }) : <Skeleton.Input active />}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t(isAdmin ? 'home.introAdmin' : 'home.intro')}
        </Typography.Paragraph>
      </Card>
      {!user ? (
        <Card>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : isAdmin ? (
        <Suspense
          fallback={
            <Card>
              <Skeleton active paragraph={{ rows: 4 }} />
            </Card>
          }
        >
          <AdminStatistics />
        </Suspense>
      ) : (
        <HotelOverview />
      )}
    </>
  );
}
