/**
 * The vocabulary of a resource declaration (DESIGN §1–§3). Pure TypeScript: imported by the
 * dashboard and by the bundled API alike. This is the part the shell needs today (menu place);
 * fields, access and locale behaviour join it with the resource engine.
 */
export type MenuGroup = 'general' | 'management';

/** Icon names the shell knows how to draw (a declaration stays free of React). */
export type IconName = 'dashboard' | 'users' | 'tags' | 'environment' | 'file' | 'form' | 'bell';

export interface ResourceMenu {
  group: MenuGroup;
  icon: IconName;
  /** Which of the resource's pages get a menu entry, in this order. */
  items: ('list' | 'create')[];
}

export interface ResourceDeclaration {
  /** API collection and Refine resource name, e.g. `amenity-categories`. */
  name: string;
  /** Path segment under /dashboard, e.g. `amenity-categories` or `user`. */
  route: string;
  menu?: ResourceMenu;
}

export const defineResource = <T extends ResourceDeclaration>(declaration: T): T => declaration;
