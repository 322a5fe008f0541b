import { owner } from '../schema/access';
import { date, reference, text } from '../schema/fields';
import { defineResource } from '../schema/resource';

/**
 * Guests' stays, as the hotel's front desk or property-management system knows them. A guest app
 * exchanges a stay's booking reference (or its room and surname) for a short-lived guest session
 * (`POST /public/<slug>/guest-session`); room charges and bookings made with it are bound to the
 * stay. Without one, nobody can charge a room.
 */
/** The stay a record was made under with a guest session (a sale, a booking); set by the server. */
export const stayReference = () =>
  reference({
    resource: 'stays',
    labelField: 'reference',
    readOnly: true,
    onDelete: 'setNull',
    list: { hidden: true },
  });

export const stays = defineResource({
  name: 'stays',
  route: 'pos/stays',
  menu: { group: 'management', icon: 'shop', items: ['list'], parent: 'pos' },
  owned: true,
  access: owner(),
  labelField: 'reference',
  timestamps: true,
  defaultSort: { field: 'arrival', order: 'desc' },
  fields: {
    reference: text({
      required: true,
      max: 40,
      unique: { per: ['ownerId'] },
      list: { search: true, sort: true },
    }),
    guestName: text({ required: true, max: 120, list: { search: true, sort: true } }),
    room: text({ required: true, max: 40, list: { search: true, sort: true } }),
    arrival: date({ required: true, list: { filter: true, sort: true } }),
    departure: date({ required: true, list: { sort: true } }),
  },
  rules: [
    {
      path: 'departure',
      message: 'validation.departureAfterArrival',
      reads: ['arrival', 'departure'],
      check: (stay) => String(stay.departure) > String(stay.arrival),
    },
  ],
});
