import type { StoredRecord } from '../../src/schema/store';
import { numberPrefix } from '../../src/resources/posRules';
import { mulberry32 } from '../seed/random';

const SEED = 4242;
const DAY_MS = 24 * 60 * 60 * 1000;
const SURNAMES = [
  'Jansen',
  'Müller',
  'García',
  'Dubois',
  'Smith',
  'Rossi',
  'Novak',
  'Andersson',
  'Kowalski',
  'Byrne',
  'Costa',
  'Yilmaz',
];

/**
 * Each hotel's guest stays around `today`: the first is always `<PREFIX>-1001` (e.g. AMS-1001,
 * Jansen, room 204), under way, so the guest session can be tried at once (README).
 */
export function buildStays(hotels: { id: number; slug: string }[], today: number): StoredRecord[] {
  const random = mulberry32(SEED);
  const day = (offset: number) => new Date(today + offset * DAY_MS).toISOString().slice(0, 10);
  const stays: StoredRecord[] = [];
  for (const hotel of hotels) {
    const prefix = numberPrefix(hotel.slug);
    for (let index = 0; index < 12; index += 1) {
      // Eight under way, two past, two to come.
      const start = index < 8 ? -Math.floor(random() * 4) : index < 10 ? -9 : 3;
      const nights = 1 + Math.floor(random() * 5);
      const first = index === 0;
      stays.push({
        id: stays.length + 1,
        ownerId: hotel.id,
        reference: `${prefix}-${1001 + index}`,
        guestName: first ? 'Jansen' : SURNAMES[Math.floor(random() * SURNAMES.length)]!,
        room: first ? '204' : String(100 * (1 + Math.floor(random() * 4)) + 1 + index),
        arrival: day(first ? -1 : start),
        departure: day(first ? 2 : start + nights),
        createdAt: new Date(today - 20 * DAY_MS).toISOString(),
        updatedAt: new Date(today - 20 * DAY_MS).toISOString(),
      });
    }
  }
  return stays;
}
