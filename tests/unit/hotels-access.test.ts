import { describe, expect, it } from 'vitest';
import {
  connectedApp,
  hotels,
  manager,
  matchesWhere,
  owner,
  readsAllHotels,
  type Actor,
} from '../../src/schema/access';
import { registry } from '../../src/resources';

/** Issue 40: "all my hotels" reads each of the person's hotels under their role there. */
const person: Actor = {
  id: 1,
  isAdmin: false,
  isSuperAdmin: false,
  personId: 9,
  hotelRole: 'manager',
  memberships: [
    { id: 1, role: 'manager' },
    { id: 2, role: 'staff' },
  ],
};

describe('hotels()', () => {
  it('reads the hotel acted for, unless the request reads all the person’s hotels', () => {
    expect(hotels()({ actor: person, operation: 'read' })).toEqual({ ownerId: 1 });
    const all = hotels()({ actor: { ...person, allHotels: true }, operation: 'read' });
    expect(all).toEqual({ or: [{ ownerId: 1 }, { ownerId: 2 }] });
    expect(matchesWhere({ ownerId: 2 }, all)).toBe(true);
    expect(matchesWhere({ ownerId: 3 }, all)).toBe(false);
  });

  it('applies the role of each hotel: a manager’s rule reads only where they manage', () => {
    const rule = hotels(manager());
    expect(rule({ actor: { ...person, allHotels: true }, operation: 'read' })).toEqual({
      ownerId: 1,
    });
    const staffOnly = { ...person, allHotels: true, memberships: [{ id: 2, role: 'staff' }] };
    expect(rule({ actor: staffOnly as Actor, operation: 'read' })).toBe(false);
  });

  it('never widens a write, nor an administrator’s read', () => {
    const all = { ...person, allHotels: true };
    expect(hotels()({ actor: all, operation: 'update' })).toEqual({ ownerId: 1 });
    const admin: Actor = { id: 5, isAdmin: true, isSuperAdmin: false, allHotels: true };
    expect(hotels(owner())({ actor: admin, operation: 'read' })).toBe(true);
  });
});

describe('the lists that read "all my hotels"', () => {
  it('are the ones declared with hotels(): requests, bookings (their timeslots) and transactions', () => {
    const declared = registry
      .filter((resource) => readsAllHotels(resource.access.read))
      .map((resource) => resource.name)
      .sort();
    expect(declared).toEqual(['bookings', 'forms', 'pos-transactions', 'submissions', 'timeslots']);
  });

  it('apply an app area in each hotel where the app is connected, keeping its message', () => {
    const area = hotels(connectedApp('hotek', 'Connect Hotek'));
    expect(area.denied).toBe('Connect Hotek');
    const chain: Actor = {
      ...person,
      allHotels: true,
      memberships: [
        { id: 1, role: 'manager', connectedApps: ['hotek'] },
        { id: 2, role: 'staff', connectedApps: [] },
      ],
    };
    expect(area({ actor: chain, operation: 'read' })).toEqual({ ownerId: 1 });
  });
});
