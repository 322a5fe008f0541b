import type { RecordRow } from '../store/types';
import { isoDay, placesTaken, weekdayOf, type Weekday } from '../../src/resources/hotekRules';
import { mulberry32 } from '../seed/random';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Bookings are seeded from this many days before today to this many days after it. */
export const BOOKING_DAYS = 14;

const ALL_WEEK: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

const BREAKFAST: Record<string, string> = { nl: 'Ontbijt', de: 'Frühstück', es: 'Desayuno' };

interface SlotPlan {
  service: 'breakfast' | 'spa';
  weekdays: Weekday[];
  startTime: string;
  endTime: string;
  capacity: number;
  active: boolean;
}

/** The timeslots of the hotel at `index` among the hotels (capacities differ a little per hotel). */
function slotPlans(index: number): SlotPlan[] {
  const breakfast = [40, 36, 30][index % 3]!;
  const spa = [8, 6, 7][index % 3]!;
  return [
    {
      service: 'breakfast',
      weekdays: ALL_WEEK,
      startTime: '07:00',
      endTime: '08:00',
      capacity: breakfast - 6,
      active: true,
    },
    {
      service: 'breakfast',
      weekdays: ALL_WEEK,
      startTime: '08:00',
      endTime: '09:00',
      capacity: breakfast,
      active: true,
    },
    {
      service: 'breakfast',
      weekdays: ALL_WEEK,
      startTime: '09:00',
      endTime: '10:30',
      capacity: breakfast,
      active: true,
    },
    {
      service: 'spa',
      weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      startTime: '10:00',
      endTime: '12:00',
      capacity: spa,
      active: true,
    },
    {
      service: 'spa',
      weekdays: ['mon', 'wed', 'fri', 'sun'],
      startTime: '14:00',
      endTime: '16:00',
      capacity: spa,
      active: true,
    },
    {
      service: 'spa',
      weekdays: ['thu', 'fri', 'sat', 'sun'],
      startTime: '16:00',
      endTime: '18:00',
      capacity: spa - 1,
      active: true,
    },
    // Evening spa is paused: no bookings, not listed for guests, refused when booked.
    {
      service: 'spa',
      weekdays: ['fri', 'sat'],
      startTime: '19:00',
      endTime: '21:00',
      capacity: 6,
      active: false,
    },
  ];
}

const FIRST_NAMES = [
  'Emma',
  'Liam',
  'Sofia',
  'Noah',
  'Mia',
  'Lucas',
  'Olivia',
  'Mateo',
  'Yuki',
  'Hiroshi',
  'Aisha',
  'Omar',
  'Chloé',
  'Louis',
  'Giulia',
  'Marco',
  'Anna',
  'Jonas',
  'Priya',
  'Arjun',
  'Ingrid',
  'Lars',
  'Zoë',
  'Daan',
  'Fatima',
  'Mehmet',
  'Elena',
  'Pablo',
  'Grace',
  'Ethan',
  'Mei',
  'Wei',
  'Sarah',
  'David',
  'Camille',
  'Hugo',
  'Aoife',
  'Sean',
  'Nina',
  'Tomás',
];
const LAST_NAMES = [
  'Smith',
  'Jansen',
  'Müller',
  'García',
  'Rossi',
  'Dubois',
  'Tanaka',
  'Kim',
  'Nowak',
  'Silva',
  'Andersson',
  'Novak',
  'Ahmed',
  'Patel',
  'Yilmaz',
  'Murphy',
  'Fernández',
  'Schmidt',
  'de Vries',
  'Bakker',
  'Johansson',
  'Costa',
  'Lefèvre',
  'Chen',
  'Wang',
  'Kowalski',
  'Hansen',
  "O'Brien",
  'Martínez',
  'Becker',
  'Nakamura',
  'Santos',
  'Visser',
  'Brown',
  'Weber',
  'López',
];

/**
 * The nearly full timeslot-date the demo (and the e2e tests) can overbook: in the first hotel
 * (Amsterdam), the Spa 10:00–12:00 on the first day from tomorrow on that it is offered, with
 * all places but one taken.
 */
export function nearlyFullDate(today: number): string {
  const weekdays = slotPlans(0)[3]!.weekdays;
  let day = today + DAY_MS;
  while (!weekdays.includes(weekdayOf(day))) day += DAY_MS;
  return isoDay(day);
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Demo timeslots and bookings per hotel, deterministic for a given `today` (UTC midnight, ms). */
export function buildHotekSeed(
  hotels: { id: number; slug: string; sourceLocale: string }[],
  today: number,
): { timeslots: RecordRow[]; bookings: RecordRow[] } {
  const timeslots: RecordRow[] = [];
  const bookings: RecordRow[] = [];
  const iso = (ms: number) => new Date(ms).toISOString();

  for (const [index, hotel] of hotels.entries()) {
    const random = mulberry32(0x40_7e_c0 + hotel.id * 7919);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
    const breakfast = BREAKFAST[hotel.sourceLocale] ?? 'Breakfast';
    const created = today - (60 + index * 7) * DAY_MS + 9 * HOUR_MS;

    const slots = slotPlans(index).map((plan, position) => {
      const row: RecordRow = {
        id: timeslots.length + 1,
        ownerId: hotel.id,
        serviceName: plan.service === 'breakfast' ? breakfast : 'Spa',
        weekdays: [...plan.weekdays],
        startTime: plan.startTime,
        endTime: plan.endTime,
        capacity: plan.capacity,
        active: plan.active,
        createdAt: iso(created + position * 60_000),
        updatedAt: iso(created + (plan.active ? position * 60_000 : 30 * DAY_MS)),
      };
      timeslots.push(row);
      return { plan, row };
    });
    const nearlyFull = index === 0 ? nearlyFullDate(today) : undefined;

    for (let offset = -BOOKING_DAYS; offset <= BOOKING_DAYS; offset++) {
      const day = today + offset * DAY_MS;
      const date = isoDay(day);
      for (const { plan, row } of slots) {
        if (!plan.active || !plan.weekdays.includes(weekdayOf(day))) continue;
        const capacity = plan.capacity;
        const full = nearlyFull === date && plan.service === 'spa' && plan.startTime === '10:00';
        // Busier in the past (walk-ins were booked on the day) than far ahead.
        const ahead = Math.max(0, offset);
        const fill =
          (plan.service === 'breakfast' ? 0.1 + random() * 0.2 : 0.25 + random() * 0.6) *
          (1 - ahead / (BOOKING_DAYS + 6));
        const target = full ? capacity - 1 : Math.min(capacity, Math.round(capacity * fill));
        const start = day + minutes(plan.startTime) * 60_000;
        const end = day + minutes(plan.endTime) * 60_000;
        let tries = 0;
        while (placesTaken(bookings, row.id, date) < target && tries++ < 200) {
          const left = target - placesTaken(bookings, row.id, date);
          const party = Math.min(
            left,
            plan.service === 'breakfast' ? pick([1, 1, 2, 2, 2, 3, 4]) : pick([1, 1, 2]),
          );
          const roll = random();
          // Past: mostly attended, some cancelled, the odd no-show left booked; ahead: booked.
          const status =
            offset < 0
              ? roll < 0.12
                ? 'cancelled'
                : roll < 0.16
                  ? 'booked'
                  : 'attended'
              : !full && roll < 0.06
                ? 'cancelled'
                : 'booked';
          // Booked one to ten days ahead, never later than the seed's own day.
          const createdAt = Math.min(
            start - between(1, 10) * DAY_MS - between(0, 10) * HOUR_MS,
            today - between(1, 36) * HOUR_MS,
          );
          const updatedAt =
            status === 'attended'
              ? end
              : status === 'cancelled'
                ? Math.min(createdAt + between(2, 48) * HOUR_MS, today - HOUR_MS)
                : createdAt;
          bookings.push({
            id: bookings.length + 1,
            ownerId: hotel.id,
            guestName: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
            room: `${between(1, 4)}${String(between(1, 20)).padStart(2, '0')}`,
            timeslotId: row.id,
            date,
            partySize: party,
            status,
            createdAt: iso(createdAt),
            updatedAt: iso(Math.max(updatedAt, createdAt)),
          });
        }
      }
    }
  }
  return { timeslots, bookings };
}
