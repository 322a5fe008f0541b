import { useList, useOne } from '@refinedev/core';
import { DatePicker, Select, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../crud/useDebounced';
import type { User } from '../../schema/user';
import { ALL, DAY, hotelName, PICKER_WIDTHS, type Handover } from './pickerParts';

/**
 * The hotel picker: every hotel, or one found by typing (searched by the API, 20 at a time, so
 * that 200 hotels and more stay quick). Takes over from its placeholder: its focus, an opening
 * asked for, and what was typed before this chunk arrived.
 */
export function HotelPicker({
  value,
  onChange,
  handover,
}: {
  value?: number;
  onChange: (id?: number) => void;
  handover: Handover;
}) {
  const { t } = useTranslation();
  const taken = handover.focus === 'hotel';
  const [search, setSearch] = useState(taken ? handover.typed : '');
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
      style={PICKER_WIDTHS.hotel}
      autoFocus={taken}
      defaultOpen={taken && (handover.open || handover.typed !== '')}
      value={value ?? ALL}
      options={options}
      filterOption={false}
      searchValue={search}
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

/** The period: from and to (either may stay empty), with 7/30/90-day presets. */
export function DateRange({
  from,
  to,
  onChange,
  handover,
}: {
  from?: string;
  to?: string;
  onChange: (range: { from: string; to: string }) => void;
  handover: Handover;
}) {
  const { t } = useTranslation();
  const taken = handover.focus === 'dates';
  const today = dayjs();
  const presets = [7, 30, 90].map((days) => ({
    label: t('home.period', { count: days }),
    value: [today.subtract(days - 1, 'day'), today] as [Dayjs, Dayjs],
  }));
  return (
    <DatePicker.RangePicker
      aria-label={t('home.dateRange')}
      placeholder={[t('home.from'), t('home.to')]}
      allowEmpty={[true, true]}
      presets={presets}
      autoFocus={taken}
      defaultOpen={taken && handover.open}
      disabledDate={(day) => day.isAfter(today, 'day')}
      value={from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null}
      onChange={(range) =>
        onChange({ from: range?.[0]?.format(DAY) ?? '', to: range?.[1]?.format(DAY) ?? '' })
      }
      style={PICKER_WIDTHS.dates}
    />
  );
}
