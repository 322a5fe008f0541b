import { useCustom, useGetIdentity } from '@refinedev/core';
import { Card, Col, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hotelPath } from '../../providers/hotel';
import { apiUrl } from '../../providers/http';
import { HOME_PATH } from '../../providers/paths';
import type { TodaySummary } from '../../schema/today';
import { HOTEL_HEADER, type HotelMembership, type User } from '../../schema/user';
import { localDay } from './pickerParts';

/** One hotel's Today figures, asked for that hotel (`X-Hotel`); its name opens it. */
function HotelToday({ hotel, day, here }: { hotel: HotelMembership; day: string; here: boolean }) {
  const { t } = useTranslation();
  const { query } = useCustom<TodaySummary>({
    url: apiUrl(`/today?date=${day}`),
    method: 'get',
    config: { headers: { [HOTEL_HEADER]: String(hotel.id) } },
    errorNotification: false,
  });
  const today = query.data?.data;
  const figures = today
    ? [
        today.newRequests === null ? null : [t('home.today.newRequests'), today.newRequests],
        today.pendingOrders ? [t('home.today.pendingOrders'), today.pendingOrders.count] : null,
        today.bookings ? [t('home.today.bookingsToday'), today.bookings.today.length] : null,
      ].filter((figure): figure is [string, number] => figure !== null)
    : [];
  return (
    <section aria-label={hotel.name}>
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        {/* Another hotel opens as the switcher does: a new page in that hotel. */}
        <a href={hotelPath(hotel.id, HOME_PATH)}>{hotel.name}</a>{' '}
        <Tag>{t(`resources.members.options.role.${hotel.role}`)}</Tag>
        {here ? <Tag color="processing">{t('home.yourHotelsHere')}</Tag> : null}
      </Typography.Title>
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : query.isError ? (
        <Typography.Text type="danger">{t('home.today.loadError')}</Typography.Text>
      ) : (
        <Row gutter={[16, 8]}>
          {figures.map(([title, value]) => (
            <Col key={title} xs={12} sm={8}>
              <Statistic title={title} value={value} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}

/**
 * "Your hotels" on the overview of a person of several hotels (issue 40): each hotel's Today
 * figures side by side. Nothing for anyone else.
 */
export function YourHotels() {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<User>();
  const [day] = useState(() => localDay(new Date()));
  const hotels = me?.hotels ?? [];
  if (!me || hotels.length < 2) return null;
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('home.yourHotels')}</h2>}
      style={{ marginBottom: 24 }}
    >
      <Row gutter={[24, 24]}>
        {hotels.map((hotel) => (
          <Col key={hotel.id} xs={24} lg={12}>
            <HotelToday hotel={hotel} day={day} here={hotel.id === me.id} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
