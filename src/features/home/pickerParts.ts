import type { CSSProperties } from 'react';
import type { User } from '../../schema/user';

// What the administrators' pickers share with their light placeholders (AdminStatistics.tsx):
// in a module of its own, so that the placeholders do not bring the pickers' chunk.

/** The hotel picker's value for every hotel together. */
export const ALL = 'all';
export const DAY = 'YYYY-MM-DD';

/** A hotel as the picker names it: its company, else its contact's name. */
export const hotelName = (user: Pick<User, 'company' | 'name'>) => user.company || user.name;

/** The pickers' widths, the placeholders' too: nothing moves when the real ones arrive. */
export const PICKER_WIDTHS: Record<'hotel' | 'dates', CSSProperties> = {
  hotel: { minWidth: 240, flex: '1 1 240px', maxWidth: 360 },
  dates: { flex: '1 1 240px', maxWidth: 320 },
};

/**
 * What a placeholder saw before the real picker arrived, for the picker to take over: which one
 * had the focus, whether it was asked to open (a click, Enter, Space, an arrow key), and the
 * characters typed into it (the hotel picker's search).
 */
export interface Handover {
  focus?: 'hotel' | 'dates';
  open: boolean;
  typed: string;
}

/** A day of the reader's calendar (its own time zone), as YYYY-MM-DD. */
export const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
