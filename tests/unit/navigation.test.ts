import { describe, expect, it } from 'vitest';
import { features } from '../../src/features';
import { buildNavigation, menuSelection } from '../../src/shell/navigation';

const groups = buildNavigation(features.flatMap((feature) => feature.screens ?? []));

describe('menu selection', () => {
  it('opens the Point of sale submenu on each of its pages, reached directly', () => {
    for (const path of [
      '/dashboard/pos/categories',
      '/dashboard/pos/categories/list',
      '/dashboard/pos/products/list',
      '/dashboard/pos/products/3/edit',
      '/dashboard/pos/transactions/list',
    ]) {
      expect(menuSelection(groups, path).open, path).toEqual(['pos']);
    }
  });

  it("selects a resource's list on its other pages, the longest base first", () => {
    expect(menuSelection(groups, '/dashboard/pos/products/3/show').selected).toEqual([
      '/dashboard/pos/products/list',
    ]);
    expect(menuSelection(groups, '/dashboard/apps/hotek/timeslots/2/edit').selected).toEqual([
      '/dashboard/apps/hotek/timeslots/list',
    ]);
    expect(menuSelection(groups, '/dashboard/app')).toEqual({
      selected: ['/dashboard/app'],
      open: [],
    });
  });

  it('gives Notifications and Manage notification icons of their own', () => {
    const items = groups.flatMap((group) => group.items);
    const icon = (path: string) => items.find((item) => item.path === path)?.icon;
    expect(icon('/dashboard/message')).toBeDefined();
    expect(icon('/dashboard/message')).not.toBe(icon('/dashboard/message/manage'));
  });
});
