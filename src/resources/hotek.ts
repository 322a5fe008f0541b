import {
  boolean,
  date,
  multiSelect,
  number,
  reference,
  select,
  text,
  time,
} from '../schema/fields';
import { connectedApp, hotels } from '../schema/access';
import { stayReference } from './stays';
import { defineResource } from '../schema/resource';
import { checkBooking, WEEKDAYS } from './hotekRules';

export { WEEKDAYS };

/**
 * The Hotek timeslot app (spec §2): services offered in timeslots, and guests' bookings. An app
 * of the catalogue: its pages open only for hotels that connected it (and administrators).
 */
const hotekArea = connectedApp('hotek', 'Connect the Hotek app to use this area');

export const BOOKING_STATUSES = ['booked', 'cancelled', 'attended'] as const;

export const timeslots = defineResource({
  name: 'timeslots',
  route: 'apps/hotek/timeslots',
  menu: { group: 'management', icon: 'calendar', items: ['list'], parent: 'hotek' },
  owned: true,
  // Read across a chain's hotels too: "all my hotels" of bookings names each one's timeslot.
  access: { read: hotels(hotekArea), create: hotekArea, update: hotekArea, delete: hotekArea },
  labelField: 'serviceName',
  timestamps: true,
  defaultSort: { field: 'serviceName', order: 'asc' },
  fields: {
    serviceName: text({ required: true, max: 80, list: { search: true, sort: true } }),
    weekdays: multiSelect({ required: true, options: WEEKDAYS }),
    startTime: time({ required: true, list: { sort: true } }),
    endTime: time({ required: true }),
    capacity: number({
      required: true,
      integer: true,
      min: 1,
      max: 1000,
      default: 10,
      list: { sort: true },
    }),
    active: boolean({ default: true, list: { filter: true, sort: true } }),
  },
  rules: [
    {
      path: 'endTime',
      message: 'validation.endTimeAfterStart',
      reads: ['startTime', 'endTime'],
      check: (slot) => String(slot.endTime) > String(slot.startTime),
    },
  ],
});

export const bookings = defineResource({
  name: 'bookings',
  route: 'apps/hotek',
  menu: { group: 'management', icon: 'calendar', items: ['list'], parent: 'hotek' },
  owned: true,
  // A chain's bookings read across its hotels (each one's, where Hotek is connected).
  access: { read: hotels(hotekArea), create: hotekArea, update: hotekArea, delete: hotekArea },
  labelField: 'guestName',
  timestamps: true,
  defaultSort: { field: 'date', order: 'desc' },
  // Active timeslot, offered weekday, capacity: for the dashboard and guest apps alike.
  hooks: { beforeChange: ({ store, existing, data }) => checkBooking(store, existing, data) },
  fields: {
    guestName: text({ required: true, max: 120, list: { search: true, sort: true } }),
    room: text({ max: 40, list: { search: true } }),
    timeslotId: reference({
      resource: 'timeslots',
      labelField: 'serviceName',
      labelTemplate: '{serviceName} {startTime}–{endTime}',
      required: true,
      sameOwner: true,
      onDelete: 'restrict',
      list: { filter: true },
    }),
    date: date({ required: true, list: { filter: true, sort: true } }),
    partySize: number({
      required: true,
      integer: true,
      min: 1,
      max: 100,
      default: 1,
      list: { sort: true },
    }),
    // Set when a guest booked with a guest session (see stays).
    stayId: stayReference(),
    status: select({
      required: true,
      options: BOOKING_STATUSES,
      default: 'booked',
      list: { filter: true, sort: true },
    }),
  },
});
