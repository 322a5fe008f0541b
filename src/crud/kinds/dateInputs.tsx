import { DatePicker, TimePicker } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateField } from '../../schema/fields';
import { a11y, str } from './inputProps';
import type { KindInputProps } from './types';

// The date and time pickers (~30 kB gzip): their own chunk, for the forms with a date field.

dayjs.extend(customParseFormat);

/** How each interface language writes a day; English keeps the ISO order it always showed. */
const DAY_FORMATS: Record<string, string> = {
  en: 'YYYY-MM-DD',
  nl: 'DD-MM-YYYY',
  de: 'DD.MM.YYYY',
  fr: 'DD/MM/YYYY',
  es: 'DD/MM/YYYY',
};
const ISO_DAY = 'YYYY-MM-DD';

/**
 * What a date picker reads from what is typed; the first is how it shows a value. The language's
 * own way comes first, and the ISO way is read in every language. A time is taken with or
 * without seconds ("10.12.2026 18:00" or "…18:00:00") and shown without them: the picker writes
 * a value it read back into the field as its first format, so no format may be shorter than
 * the first, or typing on after a time it read ("18:00", then ":00") would add to a rewritten
 * text ("2026-12-10 00:00:00 18:00:00" came from a day alone being read as its midnight).
 */
function typedFormats(kind: 'date' | 'dateTime', language: string): string[] {
  const day = DAY_FORMATS[language.slice(0, 2)] ?? ISO_DAY;
  const days = day === ISO_DAY ? [day] : [day, ISO_DAY];
  if (kind === 'date') return days;
  return days.flatMap((each) => [`${each} HH:mm`, `${each} HH:mm:ss`, `${each} H:mm`]);
}

export function DateInput({ field, props }: KindInputProps<DateField>) {
  const { i18n } = useTranslation();
  const kind = field.kind === 'date' ? 'date' : 'dateTime';
  const formats = typedFormats(kind, i18n.resolvedLanguage ?? i18n.language);
  const current = props.value
    ? kind === 'date'
      ? dayjs(str(props.value), ISO_DAY, true)
      : dayjs(str(props.value))
    : null;
  // Typed text the picker cannot read is not dropped (the picker would clear it and the form
  // say "required"): it becomes the value, which the field's rule refuses under the field.
  const keepUnreadable = (event: FocusEvent<HTMLElement>) => {
    const typed = (event.target as HTMLInputElement).value?.trim() ?? '';
    if (typed && !dayjs(typed, formats, true).isValid()) props.onChange(typed);
    props.onBlur();
  };
  return (
    <DatePicker
      {...a11y(props)}
      showTime={kind === 'dateTime' && { format: 'HH:mm' }}
      // What is typed is the value at once, without the panel's OK: Tab or a click elsewhere
      // keeps it (with OK to confirm, leaving the field threw the typed time away).
      needConfirm={false}
      format={formats}
      style={{ width: '100%' }}
      value={current?.isValid() ? current : null}
      onBlur={keepUnreadable}
      onChange={(value) =>
        props.onChange(
          value ? (kind === 'date' ? value.format(ISO_DAY) : value.toISOString()) : null,
        )
      }
    />
  );
}

export function TimeInput({ props }: KindInputProps<DateField>) {
  return (
    <TimePicker
      {...a11y(props)}
      format="HH:mm"
      style={{ width: '100%' }}
      value={props.value ? dayjs(`2000-01-01T${str(props.value)}`) : null}
      onChange={(value) => props.onChange(value ? value.format('HH:mm') : null)}
    />
  );
}
