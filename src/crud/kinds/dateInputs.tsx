import { DatePicker, TimePicker } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { FocusEvent } from 'react';
import type { DateField } from '../../schema/fields';
import { a11y, str } from './inputProps';
import type { KindInputProps } from './types';

// The date and time pickers (~30 kB gzip): their own chunk, for the forms with a date field.

dayjs.extend(customParseFormat);

/**
 * What a date picker reads from what is typed; the first is how it shows a value. A time is
 * taken with or without seconds ("2026-11-20 08:00"), and a day alone means its midnight.
 */
const TYPED_FORMATS: Record<'date' | 'dateTime', string[]> = {
  date: ['YYYY-MM-DD'],
  dateTime: ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD H:mm', 'YYYY-MM-DD'],
};

export function DateInput({ field, props }: KindInputProps<DateField>) {
  const formats = TYPED_FORMATS[field.kind === 'date' ? 'date' : 'dateTime'];
  const current = props.value ? dayjs(str(props.value)) : null;
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
      showTime={field.kind === 'dateTime'}
      format={formats}
      style={{ width: '100%' }}
      value={current?.isValid() ? current : null}
      onBlur={keepUnreadable}
      onChange={(value) =>
        props.onChange(
          value ? (field.kind === 'date' ? value.format('YYYY-MM-DD') : value.toISOString()) : null,
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
