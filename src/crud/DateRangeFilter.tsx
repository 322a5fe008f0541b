import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/**
 * A from–to filter on a date or date-time field. Days are whole UTC days, as the API stores
 * times in UTC: a day's filter is [D 00:00:00.000Z, D 23:59:59.999Z].
 */
export default function DateRangeFilter({
  label,
  withTime,
  from,
  to,
  onChange,
}: {
  label: string;
  withTime: boolean;
  from?: string;
  to?: string;
  onChange: (range: [string, string] | null) => void;
}) {
  const { t } = useTranslation();
  const day = (value?: string) => (value ? dayjs(value.slice(0, 10)) : null);
  return (
    <DatePicker.RangePicker
      aria-label={label}
      placeholder={[t('crud.rangeFrom', { field: label }), t('crud.rangeTo', { field: label })]}
      allowEmpty={[true, true]}
      value={from || to ? [day(from), day(to)] : null}
      onChange={(range) => {
        const [start, end] = range ?? [];
        if (!start && !end) return onChange(null);
        const first = start?.format('YYYY-MM-DD') ?? '';
        const last = end?.format('YYYY-MM-DD') ?? '';
        onChange(
          withTime
            ? [first && `${first}T00:00:00.000Z`, last && `${last}T23:59:59.999Z`]
            : [first, last],
        );
      }}
    />
  );
}
