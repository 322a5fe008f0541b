import { useCustom } from '@refinedev/core';
import { useLiveRefetch } from '../../providers/useLiveRefetch';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiUrl } from '../../providers/http';
import { PanelBody } from './PanelBody';
import { localDay } from './pickerParts';
import { formatDate } from '../../schema/format';
import type { TodayBooking, TodaySummary } from '../../schema/today';

/** What "Today" is made of (mock-server/today): it is asked again when one of them changes. */
const TODAY_SOURCES = [
  'pos-transactions',
  'submissions',
  'bookings',
  'notifications',
  'pages',
  'amenities',
];

/** A generic list's address with one filter, as the list keeps its state in the URL. */
const filteredList = (path: string, field: string, value: string) =>
  `${path}?${new URLSearchParams({
    'filters[0][field]': field,
    'filters[0][operator]': 'eq',
    'filters[0][value]': value,
  })}`;

function Bookings({ title, rows, date }: { title: string; rows: TodayBooking[]; date: string }) {
  const { t } = useTranslation();
  return (
    <section aria-label={title}>
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        <Link to={filteredList('/dashboard/apps/hotek/list', 'date', date)}>
          {title} ({rows.length})
        </Link>
      </Typography.Title>
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{t('home.today.noBookings')}</Typography.Text>
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {rows.slice(0, 8).map((row) => (
            <li key={row.id}>
              <Link to={`/dashboard/apps/hotek/${row.id}/show`}>
                {t('home.today.booking', {
                  time: `${row.startTime}–${row.endTime}`,
                  service: row.service,
                  name: row.guestName,
                  count: row.partySize,
                })}
              </Link>
              {row.room ? (
                <Typography.Text type="secondary">
                  {' '}
                  · {t('home.today.room', { room: row.room })}
                </Typography.Text>
              ) : null}
            </li>
          ))}
          {rows.length > 8 ? (
            <li>
              <Link to={filteredList('/dashboard/apps/hotek/list', 'date', date)}>
                {t('home.today.more', { count: rows.length - 8 })}
              </Link>
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

/**
 * "Today" on a hotel's overview: what needs doing, from one request (GET /today), each part a
 * link to the list that holds it. `after` shows below it once it has its answer.
 */
export function TodayPanel({ after }: { after?: ReactNode }) {
  const { t, i18n } = useTranslation();
  // The reader's today and tomorrow, fixed for the life of the page.
  const [[day, tomorrow]] = useState(() => {
    const now = new Date();
    return [
      localDay(now),
      localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)),
    ];
  });
  const { query } = useCustom<TodaySummary>({
    url: apiUrl(`/today?date=${day}`),
    method: 'get',
    errorNotification: false,
  });
  useLiveRefetch(TODAY_SOURCES, query.refetch);
  const today = query.data?.data;
  const untranslated = today ? today.needsTranslation.pages + today.needsTranslation.amenities : 0;

  return (
    <>
      <Card
        title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('home.today.title')}</h2>}
        aria-busy={query.isLoading}
        style={{ marginBottom: 24 }}
      >
        <PanelBody query={query} data={today} rows={3} failed={t('home.today.loadError')}>
          {(today) => (
            <>
              <Row gutter={[24, 16]}>
                {today.pendingOrders ? (
                  <Col xs={12} md={6}>
                    <Link
                      to={filteredList('/dashboard/pos/transactions/list', 'status', 'pending')}
                    >
                      <Statistic
                        title={t('home.today.pendingOrders')}
                        value={today.pendingOrders.count}
                      />
                    </Link>
                  </Col>
                ) : null}
                {today.newRequests !== null ? (
                  <Col xs={12} md={6}>
                    <Link to="/dashboard/requests?status=new">
                      <Statistic title={t('home.today.newRequests')} value={today.newRequests} />
                    </Link>
                  </Col>
                ) : null}
                <Col xs={12} md={6}>
                  <Link to={filteredList('/dashboard/page/list', 'needsTranslation', 'true')}>
                    <Statistic title={t('home.today.needsTranslation')} value={untranslated} />
                  </Link>
                </Col>
                {today.notification ? (
                  <Col xs={12} md={6}>
                    <Link to="/dashboard/message">
                      <Statistic
                        title={t('home.today.notification')}
                        value={
                          today.notification.active
                            ? t('home.today.notificationUntil', {
                                date: formatDate(
                                  new Date(today.notification.active.endDate),
                                  i18n.language,
                                  {
                                    dateStyle: 'medium',
                                    timeStyle: 'short',
                                  },
                                ),
                              })
                            : t('home.today.noNotification')
                        }
                        valueStyle={{ fontSize: 16 }}
                      />
                    </Link>
                  </Col>
                ) : null}
              </Row>
              {today.bookings ? (
                <Row gutter={[24, 16]} style={{ marginTop: 16 }}>
                  <Col xs={24} md={12}>
                    <Bookings
                      title={t('home.today.bookingsToday')}
                      rows={today.bookings.today}
                      date={day}
                    />
                  </Col>
                  <Col xs={24} md={12}>
                    <Bookings
                      title={t('home.today.bookingsTomorrow')}
                      rows={today.bookings.tomorrow}
                      date={tomorrow}
                    />
                  </Col>
                </Row>
              ) : null}
            </>
          )}
        </PanelBody>
      </Card>
      {query.isLoading ? null : after}
    </>
  );
}
