import { Col, Empty, Row, Statistic, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitStats } from '../../schema/user';
import { formatDate, formatNumber } from '../../schema/format';
import { CHART_HEIGHT } from './chartScale';

// The chart is drawn after the figures are there: its code stays off the overview's first load.
const VisitsChart = lazy(() => import('./VisitsChart'));

/** The statistics' figures and the visitors-per-day chart (a hotel's overview and the admins'). */
export function VisitFigures({ stats, empty }: { stats: VisitStats; empty: string }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  if (stats.totalVisitors === 0) return <Empty description={empty} />;
  const last7 = stats.daily.slice(-7).reduce((sum, day) => sum + day.visitors, 0);
  const busiest = stats.daily.reduce<VisitStats['daily'][number] | null>(
    (best, day) => (!best || day.visitors > best.visitors ? day : best),
    null,
  );
  return (
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
      {/* As tall as the chart: nothing below moves when it is drawn. */}
      <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
        <VisitsChart daily={stats.daily} />
      </Suspense>
    </>
  );
}
