import { describe, expect, it } from 'vitest';
import { splitColumns } from '../../src/crud/list/tableColumns';
import { listColumns, showColumns } from '../../src/crud/resourceColumns';
import { amenities } from '../../src/resources/amenities';
import { members } from '../../src/resources/members';

const columns = (...keys: string[]) => keys.map((key) => ({ key, title: key }));
const keys = (list: { key?: unknown }[]) => list.map((column) => column.key);

describe("a phone's list columns", () => {
  it('keeps the drag handle, the name and the actions in the row; the rest expands', () => {
    const { key, rest } = splitColumns(
      columns('drag', 'name', 'translations', 'address', 'active', 'actions'),
      'name',
    );
    expect(keys(key)).toEqual(['drag', 'name', 'actions']);
    expect(keys(rest)).toEqual(['translations', 'address', 'active']);
  });

  it('keeps the first chosen column when the name column is hidden', () => {
    const { key, rest } = splitColumns(columns('email', 'role', 'actions'), 'name');
    expect(keys(key)).toEqual(['email', 'actions']);
    expect(keys(rest)).toEqual(['role']);
  });
});

describe("a record's show page", () => {
  const names = (list: { name: string }[]) => list.map((column) => column.name);
  const hotel = { id: 7, isAdmin: false, isSuperAdmin: false };

  it("shows a member's name, address, role and dates, not the account number behind them", () => {
    const shown = names(showColumns(members, hotel));
    expect(shown).toEqual(expect.arrayContaining(['name', 'email', 'role', 'invitation']));
    expect(shown).not.toContain('userId');
    expect(names(listColumns(members, hotel))).not.toContain('userId');
  });

  it('still shows fields that have no list column', () => {
    expect(names(showColumns(members, hotel))).toEqual(names(listColumns(members, hotel)));
    const withPosition = showColumns(amenities, hotel);
    expect(names(withPosition)).toContain('position');
  });
});
