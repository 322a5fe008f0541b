import { DatePicker, TimePicker } from 'antd';
import dayjs from 'dayjs';
import type { DateField } from '../../schema/fields';
import { a11y, str } from './inputProps';
import type { KindInputProps } from './types';

// The date and time pickers (~30 kB gzip): their own chunk, for the forms with a date field.

export function DateInput({ field, props }: KindInputProps<DateField>) {
  return (
    <DatePicker
      {...a11y(props)}
      showTime={field.kind === 'dateTime'}
      style={{ width: '100%' }}
      value={props.value ? dayjs(str(props.value)) : null}
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
