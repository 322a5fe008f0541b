import type { IconName, MenuGroup } from '../schema/resource';
import { resources } from '../resources';

export interface NavItem {
  key: string;
  /** i18n key of the label. */
  label: string;
  path: string;
  icon: IconName;
}

export interface NavGroup {
  key: MenuGroup;
  label: string;
  items: NavItem[];
}

/** Screens that are not resources but live in the menu. */
const screens: (NavItem & { group: MenuGroup })[] = [
  {
    key: 'dashboard',
    label: 'nav.dashboard',
    path: '/dashboard/app',
    icon: 'dashboard',
    group: 'general',
  },
];

/** The side menu: the fixed screens, then one entry per page each declared resource asks for. */
export function buildNavigation(): NavGroup[] {
  const fromResources = resources.flatMap((resource) =>
    (resource.menu?.items ?? []).map((page) => ({
      key: `${resource.name}:${page}`,
      label: `resources.${resource.name}.menu.${page}`,
      path: `/dashboard/${resource.route}/${page === 'create' ? 'new' : 'list'}`,
      icon: resource.menu!.icon,
      group: resource.menu!.group,
    })),
  );
  const all = [...screens, ...fromResources];
  const groups: NavGroup[] = [
    { key: 'general', label: 'nav.general', items: [] },
    { key: 'management', label: 'nav.management', items: [] },
  ];
  for (const { group, ...item } of all) groups.find((g) => g.key === group)!.items.push(item);
  return groups.filter((group) => group.items.length > 0);
}
