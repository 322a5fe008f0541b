import { ApiError, fieldError } from '../schema/errors';
import { message } from '../schema/messages';
import type { Reader } from '../schema/store';

/** Days a timeslot can be offered on. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

type Row = Record<string, unknown>;
export type Weekday = (typeof WEEKDAYS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Statuses whose party takes places in the timeslot; a cancelled booking frees them. */
export const COUNTING_STATUSES: readonly string[] = ['booked', 'attended'];

/** `YYYY-MM-DD` of a UTC day given in milliseconds. */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** UTC midnight of a `YYYY-MM-DD` date in milliseconds, or undefined for a date that does not exist. */
export function dayMs(date: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return isoDay(ms) === date ? ms : undefined;
}

/** The weekday (`mon` … `sun`) of a UTC day in milliseconds. */
export const weekdayOf = (ms: number): Weekday => WEEKDAYS[(new Date(ms).getUTCDay() + 6) % 7]!;

/** Today's UTC midnight in milliseconds. */
export const utcToday = (now: number): number => Math.floor(now / DAY_MS) * DAY_MS;

const counts = (row: Row) => COUNTING_STATUSES.includes(String(row.status));

/** `Spa 10:00-12:00`: how a message names a timeslot. */
export const slotName = (slot: Row): string =>
  `${String(slot.serviceName)} ${String(slot.startTime)}-${String(slot.endTime)}`;

/** Places taken in a timeslot on a date by bookings that count, leaving out `exceptId`. */
export function placesTaken(
  bookings: readonly Row[],
  timeslotId: unknown,
  date: string,
  exceptId?: unknown,
): number {
  return bookings
    .filter(
      (row) =>
        row.timeslotId === timeslotId &&
        row.date === date &&
        counts(row) &&
        (exceptId === undefined || row.id !== exceptId),
    )
    .reduce((sum, row) => sum + Number(row.partySize ?? 0), 0);
}

const invalid = fieldError;

/**
 * The booking rules a declaration cannot say, for a booking as it would be stored (`next`):
 * the timeslot must be active, offered on the date's weekday and have room for the party.
 * Checked when the booking takes places it did not take before (a new booking, another timeslot
 * or date, a larger party, or a cancelled booking made active again); cancelling, marking
 * attended, a smaller party or a new guest name are always accepted. A timeslot that is missing
 * or another hotel's is left to the reference check (422 on `timeslotId`).
 */
export async function checkBooking(
  store: Reader,
  existing: Row | undefined,
  next: Row,
): Promise<void> {
  if (!counts(next)) return;
  if (
    existing &&
    counts(existing) &&
    existing.timeslotId === next.timeslotId &&
    existing.date === next.date &&
    Number(next.partySize) <= Number(existing.partySize)
  ) {
    return;
  }
  const slot = await store.get('timeslots', Number(next.timeslotId));
  if (!slot || slot.ownerId !== next.ownerId) return;
  const date = String(next.date);
  const day = dayMs(date);
  if (day === undefined) throw invalid('date', 'Date must be a valid date');
  // Coded messages (schema/messages): the API words them in English, the dashboard in the
  // user's language.
  if (slot.active === false) {
    throw invalid('timeslotId', message('apiErrors.slotInactive', { slot: slotName(slot) }));
  }
  const weekdays = Array.isArray(slot.weekdays) ? (slot.weekdays as unknown[]) : [];
  const weekday = weekdayOf(day);
  if (!weekdays.includes(weekday)) {
    throw invalid(
      'date',
      message('apiErrors.slotNotOffered', {
        slot: slotName(slot),
        weekday,
        date,
        weekdays: WEEKDAYS.filter((day) => weekdays.includes(day)).join(','),
      }),
    );
  }
  const capacity = Number(slot.capacity);
  const bookings = await store.find('bookings', { timeslotId: slot.id, date });
  const left = Math.max(0, capacity - placesTaken(bookings, slot.id, date, existing?.id));
  if (Number(next.partySize) > left) {
    // "Full" only when no place is left; otherwise how many are, and that they are too few.
    const values = { slot: slotName(slot), date, left, capacity, party: Number(next.partySize) };
    throw new ApiError(
      409,
      message(left > 0 ? 'apiErrors.slotNotEnough' : 'apiErrors.slotFull', values),
    );
  }
}
