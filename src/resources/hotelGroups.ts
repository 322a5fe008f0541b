import { admin } from '../schema/access';
import { ApiError } from '../schema/errors';
import { json, text } from '../schema/fields';
import { message } from '../schema/messages';
import { defineAction, defineResource, type WriteHookArgs } from '../schema/resource';

/** A group's hotels: the ids of hotel accounts, at least one, each once. */
export const isHotelList = (value: unknown): value is number[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.length <= 500 &&
  value.every((id) => Number.isInteger(id) && (id as number) > 0) &&
  new Set(value).size === value.length;

/** Every hotel of the group is a hotel's account (not an administrator, not a person). */
async function existingHotels({ data, store }: WriteHookArgs): Promise<void> {
  const ids = data.hotels as number[];
  const found = await store.find('users', { id: { in: ids }, role: 'operator' });
  if (found.length !== ids.length) {
    throw new ApiError(422, message('resources.hotel-groups.hotelMissing'), {
      hotels: [message('resources.hotel-groups.hotelMissing')],
    });
  }
}

/**
 * Hotel groups (issue 40, chains): administrators name a set of hotels and add a person to all
 * of them at once (`POST /hotel-groups/:id/addMember`), through each hotel's own invitation (the
 * members' declaration and mock-server/members), in one transaction: everything or nothing.
 * Hotels and their members get 403 on every route.
 */
export const hotelGroups = defineResource({
  name: 'hotel-groups',
  route: 'hotel-groups',
  menu: { group: 'management', icon: 'users', items: ['list', 'create'] },
  access: admin(),
  labelField: 'name',
  timestamps: true,
  defaultSort: { field: 'name', order: 'asc' },
  fields: {
    name: text({ required: true, max: 120, unique: true, list: { search: true, sort: true } }),
    /** The hotels' account ids (a hotel that is deleted leaves its groups). */
    hotels: json({
      readOnly: false,
      required: true,
      default: [],
      ids: { resource: 'users', labelField: 'company', where: { role: 'operator' } },
      list: { none: true },
    }),
  },
  rules: [
    {
      path: 'hotels',
      message: 'validation.chooseHotels',
      reads: ['hotels'],
      check: (group) => isHotelList(group.hotels),
    },
  ],
  hooks: { beforeChange: existingHotels },
  actions: {
    /** Adds one person (email, name, role) to every hotel of the group; the API runs it. */
    addMember: defineAction({
      on: 'record',
      input: () => import('./hotelGroupInputs').then((inputs) => inputs.addMemberInput),
    }),
  },
});
