import { HOTEL_HEADER } from '../schema/user';

/**
 * The hotel a person of several hotels works in (issue 40) is in the address: `/h/<id>` before
 * the dashboard's own paths, the router's basename, so links and reloads keep it. Every API call
 * names it (`X-Hotel`, docs/api.md); without it the API acts for the hotel last chosen.
 */
const HOTEL_PATH = /^\/h\/([1-9]\d{0,15})(?=\/|$)/;

/** The hotel an address names, if any. */
export function hotelInPath(path: string): number | undefined {
  const match = HOTEL_PATH.exec(path);
  return match ? Number(match[1]) : undefined;
}

/** An address without its hotel part. */
export const withoutHotel = (path: string): string => path.replace(HOTEL_PATH, '') || '/';

let chosen = hotelInPath(location.pathname);

/** The hotel this page works in, if the address names one. */
export const chosenHotel = (): number | undefined => chosen;

/** The router's basename: the hotel part of the address. */
export const hotelBasename = (): string | undefined =>
  chosen === undefined ? undefined : `/h/${chosen}`;

/** The header that names the chosen hotel on an API call (none without one). */
export const hotelHeaders = (): Record<string, string> =>
  chosen === undefined ? {} : { [HOTEL_HEADER]: String(chosen) };

/** A new sign-in (maybe someone else's) asks without the last session's hotel. */
export function forgetChosenHotel(): void {
  chosen = undefined;
}

/** The address of `path` (a dashboard path) in `hotel`. */
export const hotelPath = (hotel: number, path: string): string =>
  `/h/${hotel}${withoutHotel(path)}`;

/**
 * Opens `path` in another hotel: a new page, so nothing read for the other hotel stays on screen
 * or in a cache. A record's address (a number in it) is the other hotel's no longer: its start.
 */
export function openHotel(hotel: number, path: string, fallback: string): void {
  const own = withoutHotel(path);
  window.location.assign(hotelPath(hotel, /\/\d+(\/|$)/.test(own) ? fallback : own));
}

/** Set for the next page when an address named a hotel not the person's (HotelRefusedNotice). */
const REFUSED_KEY = 'stay.hotelRefused';

/** Remembers, for the page about to open, that the address's hotel was not the person's. */
export const noteRefusedHotel = (): void => sessionStorage.setItem(REFUSED_KEY, '1');

// Read once as the page opens: the note was for this page only.
const refused = sessionStorage.getItem(REFUSED_KEY) !== null;
sessionStorage.removeItem(REFUSED_KEY);

/** Whether the address this page came from named a hotel not the person's. */
export const hotelRefused = (): boolean => refused;

/**
 * The same page of `path` in another hotel: a record's address (a number in it) was the other
 * hotel's record, so its list (what comes before the number).
 */
export function samePageOf(path: string): string {
  const own = withoutHotel(path);
  const record = /\/\d+(\/|$)/.exec(own);
  return record ? own.slice(0, record.index) || '/' : own;
}
