import { useCustom, useGetIdentity } from '@refinedev/core';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../providers/http';
import type { User, VisitStats } from '../../schema/user';
import { TodayPanel } from './TodayPanel';
import { VisitsChart } from './VisitsChart';
import { formatDate, formatNumber } from '../../schema/format';

/** /dashboard/app: welcome text and the statistics panel with total visitors (spec §1, §2). */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const { data: user } = useGetIdentity<User>();
  const { query } = useCustom<VisitStats>({
    url: apiUrl('/stats'),
    method: 'get',
    errorNotification: false,
  });
  const stats = query.data?.data;
  const number = (value: number) => formatNumber(value, i18n.language);
  const isAdmin = user?.isAdmin || user?.isSuperAdmin;
  const last7 = stats?.daily.slice(-7).reduce((sum, day) => sum + day.visitors, 0) ?? 0;
  const busiest = stats?.daily.reduce<VisitStats['daily'][number] | null>(
    (best, day) => (!best || day.visitors > best.visitors ? day : best),
    null,
  );

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
      {user && !isAdmin ? <TodayPanel /> : null}
      <Card
        title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('home.statistics')}</h2>}
        aria-busy={query.isLoading}
      >
        {query.isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : query.isError || !stats ? (
          <Alert
            type="error"
            showIcon
            message={t('home.loadError')}
            action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
          />
        ) : stats.totalVisitors === 0 ? (
          <Empty description={t('home.noVisits')} />
        ) : (
          <>
            <Row gutter={[24, 24]}>
              <Col xs={24} md={8}>
                <Statistic
                  title={t('home.totalVisitors')}
                  value={number(stats.totalVisitors)}
                  suffix={
                    <Typography.Text type="secondary" style={{ fontSize: 14 }}>
                      {t('home.period', { count: stats.daily.length })}
                    </Typography.Text>
                  }
                />
              </Col>
              <Col xs={12} md={8}>
                <Statistic title={t('home.last7')} value={number(last7)} />
              </Col>
              <Col xs={12} md={8}>
                <Statistic
                  title={t('home.busiestDay')}
                  value={
                    busiest
                      ? formatDate(new Date(`${busiest.date}T00:00:00Z`), i18n.language, {
                          dateStyle: 'medium',
                          timeZone: 'UTC',
                        })
                      : '—'
                  }
                />
              </Col>
            </Row>
            <Typography.Title level={3} style={{ fontSize: 14, marginTop: 24 }}>
              {t('home.visitorsPerDay')}
            </Typography.Title>
            <VisitsChart daily={stats.daily} />
          </>
        )}
      </Card>
    </>
  );
}
