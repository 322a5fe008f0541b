import { HOTEL_ROLES, manager, type Actor } from '../schema/access';
import { ApiError } from '../schema/errors';
import { dateTime, email, number, select, text } from '../schema/fields';
import { message } from '../schema/messages';
import { defineResource, type RecordLock, type WriteHookArgs } from '../schema/resource';
import type { Reader } from '../schema/store';
import { sessionVersionOf } from '../schema/user';
import { INVITATION_STATES } from '../schema/user';

/**
 * A member's name and address are the person's own: they change them on their Account page once
 * they joined. Until then the manager may correct the invitation (a new address gets a new mail).
 */
const PERSONS_OWN: RecordLock = { key: 'resources.members.personsOwn', fields: ['email', 'name'] };

/** The hotel's managers other than the member `id` (the last one may not go). */
async function otherManagers(store: Reader, ownerId: unknown, id: number): Promise<number> {
  const managers = await store.find('members', { ownerId: ownerId as number, role: 'manager' });
  return managers.filter((row) => row.id !== id).length;
}

const LAST_MANAGER = 'resources.members.lastManager';

/** A hotel keeps at least one manager: nobody demotes the last one. */
async function keepAManager({ existing, data, store }: WriteHookArgs): Promise<void> {
  if (!existing) return;
  const changed = PERSONS_OWN.fields!.some((field) => data[field] !== existing[field]);
  if (changed && existing.invitation === 'accepted') {
    throw new ApiError(403, message(PERSONS_OWN.key));
  }
  if (existing.role !== 'manager' || data.role === 'manager') return;
  if ((await otherManagers(store, existing.ownerId, existing.id)) === 0) {
    throw new ApiError(409, message(LAST_MANAGER));
  }
}

/**
 * The people of a hotel (issue 40): each a person's account (`userId`, a `users` record of role
 * `member`, or the hotel's own login) with a role in this hotel. Managers (and administrators)
 * invite, change roles and remove; staff may not (403). Inviting an address without an account
 * makes one and mails the invitation (mock-server/members); the last manager cannot go. Removing
 * a member ends their sessions at once.
 */
export const members = defineResource({
  name: 'members',
  route: 'members',
  menu: { group: 'management', icon: 'users', items: ['list', 'create'] },
  owned: true,
  access: manager(),
  labelField: 'name',
  timestamps: true,
  defaultSort: { field: 'name', order: 'asc' },
  lock: ({ record }: { actor: Actor; record: Readonly<Record<string, unknown>> }) =>
    record.invitation === 'accepted' ? PERSONS_OWN : null,
  hooks: {
    beforeValidate: keepAManager,
    beforeDelete: async ({ existing, store }) => {
      // The hotel's own login is the hotel: it stays (an administrator disables a hotel).
      if (existing.userId === existing.ownerId) {
        throw new ApiError(409, message('resources.members.hotelAccount'));
      }
      if (
        existing.role === 'manager' &&
        (await otherManagers(store, existing.ownerId, existing.id)) === 0
      ) {
        throw new ApiError(409, message(LAST_MANAGER));
      }
      // Their token carries the session version: one more ends their sessions at once.
      const person = await store.get('users', existing.userId as number);
      if (person)
        await store.update('users', person.id, { sessionVersion: sessionVersionOf(person) + 1 });
    },
  },
  fields: {
    name: text({ required: true, max: 120, list: { search: true, sort: true } }),
    // One membership per person and hotel (an address names one person).
    email: email({
      required: true,
      unique: { per: ['ownerId'] },
      list: { search: true, sort: true },
    }),
    role: select({
      options: HOTEL_ROLES,
      required: true,
      default: 'staff',
      list: { filter: true },
    }),
    /** Pending until the person chose their password through the invitation, or signed in. */
    invitation: select({
      options: INVITATION_STATES,
      readOnly: true,
      hideInForm: true,
      list: { filter: true, sort: true },
    }),
    // Hidden by default: with the administrators' Owner column, the list passed 1280 px in Spanish.
    invitedAt: dateTime({ readOnly: true, hideInForm: true, list: { sort: true, hidden: true } }),
    joinedAt: dateTime({ readOnly: true, hideInForm: true, list: { sort: true, hidden: true } }),
    /** The person's account (set by the API). */
    userId: number({ readOnly: true, integer: true, internal: true }),
  },
});
