import type { IconName, MenuGroup, ResourceDeclaration } from '../schema/resource';
import { resources } from '../resources';

export interface NavItem {
  key: string;
  /** i18n key of the label. */
  label: string;
  /** Where the entry leads; a submenu has children instead. */
  path?: string;
  icon?: IconName;
  /** The Refine resource and action whose access decides whether the entry shows. */
  access?: { resource: string; action: 'list' | 'create' };
  children?: NavItem[];
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

/** A resource's menu entry: one link, or a submenu when it asks for several pages. */
function resourceEntry(resource: ResourceDeclaration): NavItem | null {
  const menu = resource.menu;
  if (!menu) return null;
  const links = menu.items.map((page) => ({
    key: `/dashboard/${resource.route}/${page === 'create' ? 'new' : 'list'}`,
    label: `resources.${resource.name}.menu.${page}`,
    path: `/dashboard/${resource.route}/${page === 'create' ? 'new' : 'list'}`,
    access: { resource: resource.name, action: page },
  }));
  if (links.length === 1) return { ...links[0]!, icon: menu.icon };
  return {
    key: resource.name,
    label: `resources.${resource.name}.menu.title`,
    icon: menu.icon,
    children: links,
  };
}

/** The side menu: the fixed screens, then the declared resources in registry order. */
export function buildNavigation(): NavGroup[] {
  const groups: NavGroup[] = [
    { key: 'general', label: 'nav.general', items: [] },
    { key: 'management', label: 'nav.management', items: [] },
  ];
  const add = (group: MenuGroup, item: NavItem) =>
    groups.find((g) => g.key === group)!.items.push(item);
  for (const { group, ...item } of screens) add(group, item);
  for (const resource of resources) {
    const entry = resourceEntry(resource);
    if (entry && resource.menu) add(resource.menu.group, entry);
  }
  return groups.filter((group) => group.items.length > 0);
}
