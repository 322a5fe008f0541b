import { useList } from '@refinedev/core';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Row,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../crud/PageHeader';
import { QueryState } from '../../crud/QueryState';
import { MAX_PAGE_SIZE } from '../../schema/paging';
import { formatDate } from '../../schema/format';
import { COUNTING_STATUSES, dayMs, isoDay, weekdayOf } from '../../resources/hotekRules';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Slot {
  id: number;
  serviceName: string;
  weekdays: string[];
  startTime: string;
  endTime: string;
  capacity: number;
}
interface Booking {
  id: number;
  timeslotId: number;
  date: string;
  guestName: string;
  room?: string;
  partySize: number;
  status: string;
}

/** Today in the reader's own calendar, as YYYY-MM-DD. */
const localToday = () => dayjs().format('YYYY-MM-DD');
const shift = (date: string, days: number) => isoDay(dayMs(date)! + days * DAY_MS);
/** The Monday of the week holding `date`. */
const mondayOf = (date: string) => shift(date, -((new Date(dayMs(date)!).getUTCDay() + 6) % 7));

/** Places a slot has left on a day: its capacity less the parties of the bookings that count. */
const placesLeft = (slot: Slot, bookings: readonly Booking[]) =>
  slot.capacity -
  bookings
    .filter((booking) => COUNTING_STATUSES.includes(booking.status))
    .reduce((sum, booking) => sum + booking.partySize, 0);

/** Places left in a slot ("Full" when none); `short` in the week's narrow cells. */
function PlacesTag({ left, capacity, short }: { left: number; capacity: number; short?: boolean }) {
  const { t } = useTranslation();
  if (left <= 0) return <Tag color="red">{t('hotek.day.full')}</Tag>;
  const full = t('hotek.day.placesLeft', { count: left, capacity });
  return short ? (
    <Tag color="green" title={full} aria-label={full}>
      {t('hotek.day.placesLeftShort', { count: left })}
    </Tag>
  ) : (
    <Tag color="green">{full}</Tag>
  );
}

/**
 * /dashboard/apps/hotek/day: a day's timeslots with their bookings and places left, or a week's
 * places per slot and day; `?date=` and `?view=` keep it in the address (a reload or a shared
 * link shows the same day). "Book" opens the booking form for that slot and day; the server's
 * capacity rule decides, as for any booking.
 */
export default function DayView() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = asked && dayMs(asked) !== undefined ? asked : localToday();
  const view = params.get('view') === 'week' ? 'week' : 'day';
  const from = view === 'week' ? mondayOf(date) : date;
  const to = view === 'week' ? shift(from, 6) : date;
  const go = (next: { date?: string; view?: string }) =>
    setParams({ date: next.date ?? date, view: next.view ?? view }, { replace: true });

  const slots = useList<Slot>({
    resource: 'timeslots',
    filters: [{ field: 'active', operator: 'eq', value: true }],
    sorters: [{ field: 'startTime', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: MAX_PAGE_SIZE },
  });
  const bookings = useList<Booking>({
    resource: 'bookings',
    filters: [
      { field: 'date', operator: 'gte', value: from },
      { field: 'date', operator: 'lte', value: to },
      { field: 'status', operator: 'ne', value: 'cancelled' },
    ],
    pagination: { currentPage: 1, pageSize: MAX_PAGE_SIZE },
  });
  const allSlots = slots.result?.data ?? [];
  const allBookings = bookings.result?.data ?? [];
  const on = (slot: Slot, day: string) =>
    allBookings.filter((booking) => booking.timeslotId === slot.id && booking.date === day);
  const offered = (slot: Slot, day: string) => slot.weekdays.includes(weekdayOf(dayMs(day)!));
  const dayTitle = (day: string, style: 'full' | 'medium') =>
    formatDate(new Date(dayMs(day)!), i18n.language, {
      ...(style === 'full'
        ? { dateStyle: 'full' }
        : { weekday: 'short', day: 'numeric', month: 'short' }),
      timeZone: 'UTC',
    });

  const controls = (
    <Space wrap>
      <Segmented
        aria-label={t('hotek.day.title')}
        value={view}
        onChange={(value) => go({ view: String(value) })}
        options={[
          { value: 'day', label: t('hotek.day.day') },
          { value: 'week', label: t('hotek.day.week') },
        ]}
      />
      <Button onClick={() => go({ date: shift(date, view === 'week' ? -7 : -1) })}>
        {t(view === 'week' ? 'hotek.day.previousWeek' : 'hotek.day.previousDay')}
      </Button>
      <Button onClick={() => go({ date: localToday() })}>{t('hotek.day.today')}</Button>
      <Button onClick={() => go({ date: shift(date, view === 'week' ? 7 : 1) })}>
        {t(view === 'week' ? 'hotek.day.nextWeek' : 'hotek.day.nextDay')}
      </Button>
      <DatePicker
        aria-label={t('hotek.day.pickDate')}
        allowClear={false}
        value={dayjs(date)}
        onChange={(value) => value && go({ date: value.format('YYYY-MM-DD') })}
      />
    </Space>
  );

  const days = Array.from({ length: 7 }, (_, index) => shift(from, index));
  return (
    <>
      <PageHeader title={t('hotek.day.title')} extra={controls} />
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {view === 'week'
          ? t('hotek.day.weekOf', { from: dayTitle(from, 'medium'), to: dayTitle(to, 'medium') })
          : dayTitle(date, 'full')}
      </Typography.Title>
      <QueryState
        isLoading={slots.query.isLoading || bookings.query.isLoading}
        isError={slots.query.isError || bookings.query.isError}
        error={slots.query.error ?? bookings.query.error}
        failed={t('hotek.day.loadError')}
        retry={() => {
          void slots.query.refetch();
          void bookings.query.refetch();
        }}
      >
        {view === 'day' ? (
          allSlots.filter((slot) => offered(slot, date)).length === 0 ? (
            <Empty description={t('hotek.day.noSlots')} />
          ) : (
            <Row gutter={[16, 16]}>
              {allSlots
                .filter((slot) => offered(slot, date))
                .map((slot) => {
                  const booked = on(slot, date);
                  return (
                    <Col key={slot.id} xs={24} md={12} xl={8}>
                      <Card
                        title={`${slot.startTime}–${slot.endTime} ${slot.serviceName}`}
                        extra={
                          <PlacesTag left={placesLeft(slot, booked)} capacity={slot.capacity} />
                        }
                        actions={[
                          <Link
                            key="book"
                            to={`/dashboard/apps/hotek/new?timeslotId=${slot.id}&date=${date}`}
                          >
                            {t('hotek.day.book')}
                          </Link>,
                        ]}
                      >
                        {booked.length === 0 ? (
                          <Typography.Text type="secondary">
                            {t('hotek.day.noBookings')}
                          </Typography.Text>
                        ) : (
                          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                            {booked.map((booking) => (
                              <li key={booking.id}>
                                <Link to={`/dashboard/apps/hotek/${booking.id}/show`}>
                                  {booking.guestName}
                                </Link>{' '}
                                <Typography.Text type="secondary">
                                  {[
                                    booking.room
                                      ? t('home.today.room', { room: booking.room })
                                      : '',
                                    t('hotek.day.guests', { count: booking.partySize }),
                                  ]
                                    .filter(Boolean)
                                    .join(' · ')}
                                </Typography.Text>
                                {booking.status === 'attended' ? (
                                  <Tag style={{ marginInlineStart: 8 }}>
                                    {t('resources.bookings.options.status.attended')}
                                  </Tag>
                                ) : null}
                              </li>
                            ))}
                          </ul>
                        )}
                      </Card>
                    </Col>
                  );
                })}
            </Row>
          )
        ) : (
          <Table<Slot>
            rowKey="id"
            dataSource={allSlots}
            pagination={false}
            scroll={{ x: 900 }}
            locale={{ emptyText: t('hotek.day.noSlots') }}
            columns={[
              {
                key: 'slot',
                title: t('hotek.day.slot'),
                fixed: 'left',
                width: 180,
                render: (_, slot) => `${slot.startTime}–${slot.endTime} ${slot.serviceName}`,
              },
              ...days.map((day) => ({
                key: day,
                title: (
                  <Button
                    type="link"
                    style={{ padding: 0 }}
                    onClick={() => go({ date: day, view: 'day' })}
                  >
                    {dayTitle(day, 'medium')}
                  </Button>
                ),
                render: (_: unknown, slot: Slot) =>
                  offered(slot, day) ? (
                    <PlacesTag
                      left={placesLeft(slot, on(slot, day))}
                      capacity={slot.capacity}
                      short
                    />
                  ) : (
                    <Typography.Text type="secondary">—</Typography.Text>
                  ),
              })),
            ]}
          />
        )}
      </QueryState>
    </>
  );
}
