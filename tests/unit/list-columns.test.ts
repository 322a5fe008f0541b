import { describe, expect, it } from 'vitest';
import { splitColumns } from '../../src/crud/list/tableColumns';

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
