import { formatDate, isCalendarDate } from '../format';
import { message } from '../messages';
import { asString, typeError } from './common';
import { defineKind } from './types';
import type { DateField } from '../fields';

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A calendar day: the same day everywhere. */
export const date = defineKind<DateField>({
  rule: (_field, { z }) =>
    z.string({ error: typeError }).refine(isCalendarDate, message('validation.date')),
  empty: () => '',
  stringLike: true,
  rangeFilter: true,
  text: (_field, value, { language }) =>
    formatDate(new Date(`${asString(value)}T00:00:00Z`), language, {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }),
});

/** A moment: shown in the user's own time zone. */
export const dateTime = defineKind<DateField>({
  // zod's ISO pattern already checks the calendar (no Feb 30) and the clock (no 24:00).
  rule: (_field, { z }) => z.iso.datetime({ offset: true, error: message('validation.date') }),
  empty: () => '',
  stringLike: true,
  rangeFilter: true,
  text: (_field, value, { language }) =>
    formatDate(new Date(asString(value)), language, { dateStyle: 'medium', timeStyle: 'short' }),
});

export const time = defineKind<DateField>({
  rule: (_field, { z }) =>
    z.string({ error: typeError }).regex(TIME_PATTERN, message('validation.time')),
  empty: () => '',
  stringLike: true,
  text: (_field, value) => asString(value),
});
