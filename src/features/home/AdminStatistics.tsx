import { useCustom, useList, useOne } from '@refinedev/core';
import { Alert, Button, Card, DatePicker, Flex, Select, Skeleton, theme, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDebounced } from '../../crud/useDebounced';
import { apiUrl } from '../../providers/http';
import { formatNumber } from '../../schema/format';
import type { User, VisitStats } from '../../schema/user';
import { VisitFigures } from './VisitFigures';

/** The picker's value for every hotel together. */
const ALL = 'all';
const DAY = 'YYYY-MM-DD';

/** A hotel as the picker names it: its company, else its contact's name. */
const hotelName = (user: Pick<User, 'company' | 'name'>) => user.company || user.name;

/**
 * The hotel picker: every hotel, or one found by typing (searched by the API, 20 at a time, so
 * that 200 hotels and more stay quick).
 */
function HotelPicker({ value, onChange }: { value?: number; onChange: (id?: number) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const typed = useDebounced(search, 250);
  const { result, query } = useList<User>({
    resource: 'users',
    filters: [
      { field: 'role', operator: 'eq', value: 'operator' },
      ...(typed ? [{ field: 'q', operator: 'eq' as const, value: typed }] : []),
    ],
    sorters: [{ field: 'company', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 20 },
    errorNotification: false,
  });
  // The chosen hotel's name, also when it is not among the hotels listed (a link, a search).
  const { result: chosen } = useOne<User>({
    resource: 'users',
    id: value ?? 0,
    queryOptions: { enabled: value !== undefined },
    errorNotification: false,
  });
  const options = useMemo(() => {
    const hotels = result.data.map((hotel) => ({ value: hotel.id, label: hotelName(hotel) }));
    if (chosen && !hotels.some((hotel) => hotel.value === chosen.id)) {
      hotels.unshift({ value: chosen.id, label: hotelName(chosen) });
    }
    return [{ value: ALL, label: t('home.allHotels') }, ...hotels];
  }, [result.data, chosen, t]);
  return (
    <Select<number | typeof ALL>
      showSearch
      aria-label={t('home.hotel')}
      style={{ minWidth: 240, flex: '1 1 240px', maxWidth: 360 }}
      value={value ?? ALL}
      options={options}
      filterOption={false}
      onSearch={setSearch}
      loading={query.isFetching}
      notFoundContent={query.isFetching ? <Skeleton.Input active size="small" /> : undefined}
      onChange={(picked) => {
        setSearch('');
        onChange(picked === ALL ? undefined : picked);
      }}
    />
  );
}

/** The most visited hotels in the period; choosing one shows its figures. */
function TopHotels({
  hotels,
  onPick,
}: {
  hotels: NonNullable<VisitStats['topHotels']>;
  onPick: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const most = Math.max(1, ...hotels.map((hotel) => hotel.visitors));
  if (!hotels.length)
    return <Typography.Text type="secondary">{t('home.noVisitsAdmin')}</Typography.Text>;
  return (
    <ol aria-label={t('home.topHotels')} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {hotels.map((hotel, index) => (
        <li key={hotel.id} style={{ marginBottom: 12 }}>
          <Flex justify="space-between" gap={8} align="baseline">
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', textAlign: 'start', whiteSpace: 'normal' }}
              onClick={() => onPick(hotel.id)}
              aria-label={t('home.showHotel', { hotel: hotel.name })}
            >
              {index + 1}. {hotel.name}
            </Button>
            <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatNumber(hotel.visitors, i18n.language)}
            </Typography.Text>
          </Flex>
          <div
            aria-hidden
            style={{
              height: 4,
              marginTop: 4,
              borderRadius: 2,
              width: `${(hotel.visitors / most) * 100}%`,
              background: token.colorPrimary,
              opacity: 0.7,
            }}
          />
        </li>
      ))}
    </ol>
  );
}

/**
 * The administrators' statistics on the overview (issue 28): all hotels or one, over a date range
 * (both kept in the address: `?hotel=&from=&to=`), and the top hotels by visitors.
 */
export default function AdminStatistics() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const hotel = /^[1-9]\d*$/.test(params.get('hotel') ?? '')
    ? Number(params.get('hotel'))
    : undefined;
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const change = (next: { hotel?: number; from?: string; to?: string }) => {
    const merged = { hotel, from, to, ...next };
    setParams(
      Object.fromEntries(
        Object.entries(merged)
          .filter(([, value]) => value !== undefined && value !== '')
          .map(([key, value]) => [key, String(value)]),
      ),
      { replace: true },
    );
  };
  const query = new URLSearchParams(
    Object.entries({ ownerId: hotel, from, to })
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  ).toString();
  const { query: stats } = useCustom<VisitStats>({
    url: apiUrl(`/stats${query ? `?${query}` : ''}`),
    method: 'get',
    errorNotification: false,
  });
  const data = stats.data?.data;
  const today = dayjs();
  const presets = [7, 30, 90].map((days) => ({
    label: t('home.period', { count: days }),
    value: [today.subtract(days - 1, 'day'), today] as [Dayjs, Dayjs],
  }));

  const figures = stats.isLoading ? (
    <Skeleton active paragraph={{ rows: 4 }} />
  ) : stats.isError || !data ? (
    <Alert
      type="error"
      showIcon
      message={t('home.loadError')}
      action={<Button onClick={() => void stats.refetch()}>{t('common.retry')}</Button>}
    />
  ) : (
    <VisitFigures stats={data} empty={t('home.noVisitsAdmin')} />
  );

  return (
    <Flex vertical gap={24}>
      <Card
        title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('home.statistics')}</h2>}
        aria-busy={stats.isFetching}
      >
        <Flex wrap gap={12} style={{ marginBottom: 24 }}>
          <HotelPicker value={hotel} onChange={(id) => change({ hotel: id })} />
          <DatePicker.RangePicker
            aria-label={t('home.dateRange')}
            placeholder={[t('home.from'), t('home.to')]}
            allowEmpty={[true, true]}
            presets={presets}
            disabledDate={(day) => day.isAfter(today, 'day')}
            value={from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null}
            onChange={(range) =>
              change({ from: range?.[0]?.format(DAY) ?? '', to: range?.[1]?.format(DAY) ?? '' })
            }
            style={{ flex: '1 1 240px', maxWidth: 320 }}
          />
        </Flex>
        {figures}
      </Card>
      {/* All hotels: which are visited most (one hotel's page has no ranking). */}
      {hotel === undefined ? (
        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('home.topHotels')}</h2>}>
          {data?.topHotels ? (
            <TopHotels hotels={data.topHotels} onPick={(id) => change({ hotel: id })} />
          ) : stats.isError ? null : (
            <Skeleton active />
          )}
        </Card>
      ) : null}
    </Flex>
  );
}
