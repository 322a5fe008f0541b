import type { IconName, MenuGroup, Resource } from '../schema/resource';
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
  /**
   * A count beside the label: how many records of `resource` match `filter` (the New requests),
   * with the i18n key (plural by count) of its accessible name.
   */
  badge?: { resource: string; filter: Readonly<Record<string, string>>; label: string };
}

export interface NavGroup {
  key: MenuGroup;
  label: string;
  items: NavItem[];
}

/**
 * A menu entry for a screen that is not a resource's generic page (features bring them):
 * `parent` puts it last in the submenu resources share (Hotek's day view), `before` places it
 * ahead of a resource's entry, otherwise it comes first in its group.
 */
export interface ScreenEntry extends NavItem {
  group: MenuGroup;
  before?: string;
  parent?: string;
}

/** A resource's menu links, one per page it asks for. */
function resourceLinks(resource: Resource): NavItem[] {
  return (resource.menu?.items ?? []).map((page) => {
    const path = `/dashboard/${resource.route}/${page === 'create' ? 'new' : page}`;
    return {
      key: path,
      label: `resources.${resource.name}.menu.${page}`,
      path,
      access: { resource: resource.name, action: page === 'list' ? 'list' : 'create' },
    };
  });
}

/** A resource's menu entry: one link, or a submenu when it asks for several pages. */
function resourceEntry(resource: Resource): NavItem | null {
  const menu = resource.menu;
  if (!menu) return null;
  const links = resourceLinks(resource);
  if (links.length === 1) return { ...links[0]!, icon: menu.icon };
  return {
    key: resource.name,
    label: `resources.${resource.name}.menu.title`,
    icon: menu.icon,
    children: links,
  };
}

/** The side menu: the features' screens, then the declared resources in registry order. */
export function buildNavigation(screens: readonly ScreenEntry[] = []): NavGroup[] {
  const groups: NavGroup[] = [
    { key: 'general', label: 'nav.general', items: [] },
    { key: 'management', label: 'nav.management', items: [] },
  ];
  const add = (group: MenuGroup, item: NavItem) =>
    groups.find((g) => g.key === group)!.items.push(item);
  const placed = (before?: string) =>
    screens.filter((screen) => !screen.parent && screen.before === before);
  for (const { group, before: _, ...item } of placed(undefined)) add(group, item);
  const parents = new Map<string, NavItem>();
  for (const resource of resources) {
    for (const { group, before: _, ...item } of placed(resource.name)) add(group, item);
    const menu = resource.menu;
    if (!menu) continue;
    if (menu.parent) {
      // Resources that share a parent (the point of sale, Hotek) share one submenu.
      const parent = parents.get(menu.parent);
      if (parent) parent.children!.push(...resourceLinks(resource));
      else {
        const entry = {
          key: menu.parent,
          label: `nav.${menu.parent}`,
          icon: menu.icon,
          children: resourceLinks(resource),
        };
        parents.set(menu.parent, entry);
        add(menu.group, entry);
      }
      continue;
    }
    const entry = resourceEntry(resource);
    if (entry) add(menu.group, entry);
  }
  for (const { group: _, before: __, parent, ...item } of screens) {
    if (parent) parents.get(parent)?.children!.push(item);
  }
  return groups.filter((group) => group.items.length > 0);
}

/**
 * The menu entry of a page and the submenus that hold it. A page with an entry selects it; a
 * resource's other pages (its root, show, edit) select the resource's list: the longest base wins.
 */
export function menuSelection(
  groups: readonly NavGroup[],
  pathname: string,
): { selected: string[]; open: string[] } {
  const entries = groups.flatMap((group) => group.items);
  const links = entries
    .flatMap((item) => [item, ...(item.children ?? [])])
    .filter((item): item is NavItem & { path: string } => Boolean(item.path));
  const path = pathname.replace(/\/+$/, '');
  const exact = links.filter((item) => item.path === path);
  const bases = links
    .filter((item) => {
      if (!item.path.endsWith('/list')) return false;
      const base = item.path.slice(0, -'/list'.length);
      return path === base || path.startsWith(base + '/');
    })
    .sort((a, b) => b.path.length - a.path.length);
  const selected = (exact.length ? exact : bases.slice(0, 1)).map((item) => item.path);
  const open = entries
    .filter((item) => item.children?.some((child) => selected.includes(child.path!)))
    .map((item) => item.key);
  return { selected, open };
}
