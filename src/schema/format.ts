/**
 * Numbers and dates in the reader's language. Each formatter is made once per language and
 * options: `toLocaleString` builds a new one on every call, a millisecond or more on a phone,
 * and a list page formats every date and count of every row on each render.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: 'number' | 'date',
  language: string | undefined,
  options: object,
  make: () => F,
): F {
  const key = `${kind}|${language ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as F;
}

/** As `value.toLocaleString(language, options)`. */
export const formatNumber = (
  value: number,
  language?: string,
  options: Intl.NumberFormatOptions = {},
): string =>
  cached('number', language, options, () => new Intl.NumberFormat(language, options)).format(value);

/** As `date.toLocaleString(language, options)` with date or time fields in the options. */
export const formatDate = (
  date: Date,
  language: string | undefined,
  options: Intl.DateTimeFormatOptions,
): string =>
  cached('date', language, options, () => new Intl.DateTimeFormat(language, options)).format(date);

/** A `YYYY-MM-DD` that names a day of the calendar: no 2026-02-30, no month 13. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, unlike Date.UTC, keeps years 0-99 as they are; overflow shows as a change.
  const probe = new Date(0);
  probe.setUTCFullYear(year, month - 1, day);
  return (
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day
  );
}
