import { locale, number, type Field } from './fields';
import type { User } from './user';

/**
 * The vocabulary of a resource declaration (DESIGN §1–§3). Pure TypeScript: the dashboard and
 * the bundled API import the same declarations, so pages, validation and access rules agree.
 */
export type MenuGroup = 'general' | 'management';

/** Icon names the shell knows how to draw (a declaration stays free of React). */
export type IconName =
  'dashboard' | 'users' | 'tags' | 'environment' | 'file' | 'form' | 'bell' | 'shop' | 'calendar';

export interface ResourceMenu {
  group: MenuGroup;
  icon: IconName;
  /** Which of the resource's pages get a menu entry, in this order. */
  items: ('list' | 'create')[];
  /**
   * Resources with the same parent share one submenu (label `nav.<parent>`), e.g. the point of
   * sale's categories, products and transactions.
   */
  parent?: string;
}

/**
 * Who may do something. 'owner': any signed-in user, on their own records only (administrators
 * on all); 'admin': administrators and super administrators; 'none': nobody through the API.
 */
export type AccessRule = 'public' | 'owner' | 'admin' | 'superAdmin' | 'none';
export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete';

export interface ResourceAccess {
  read: AccessRule;
  create: AccessRule;
  update: AccessRule;
  delete: AccessRule;
}

export interface ResourceDeclaration {
  /** API collection and Refine resource name, e.g. `amenity-categories`. */
  name: string;
  /** Path segment under /dashboard, e.g. `amenity-categories` or `user`. */
  route: string;
  menu?: ResourceMenu;
  /** Tenant-owned: records carry `ownerId`, and the server scopes every call to it. */
  owned?: boolean;
  access: ResourceAccess;
  fields: Record<string, Field>;
  /** The field that names a record (references, titles, confirmations). */
  labelField: string;
  /** Server-kept `createdAt` and `updatedAt`. */
  timestamps?: boolean;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Stored fields that never leave the server and cannot be filtered or sorted on. */
  secretFields?: readonly string[];
  /**
   * Exists per content language: records carry `locale` and a `groupId` shared by the
   * translations of one item; lists get a language switch and Sync.
   */
  localized?: boolean;
  /** Kept in a chosen order: records carry `position`; lists reorder by dragging. */
  orderable?: boolean;
  /** Rules across fields, checked on client and server alike. */
  rules?: readonly RecordRule[];
  /**
   * A totals panel over what the list's filter selects: the count and the sum of these (money or
   * number) fields, from `GET /<name>/summary`.
   */
  summary?: {
    sum: readonly string[];
    /** Records left out of the sums (not the count), e.g. refunded and void sales from revenue. */
    sumExcept?: Record<string, readonly string[]>;
  };
}

/** A rule about a whole record, e.g. an end date after the start date. */
export interface RecordRule {
  /** Field the message belongs under. */
  path: string;
  /** i18n key of the message. */
  message: string;
  /** Fields the rule reads; it is only checked when all of them have a value. */
  reads: readonly string[];
  /** True when the record is fine. */
  check: (record: Record<string, unknown>) => boolean;
}

/** Fields the engine adds for `localized` and `orderable`; their labels come from `crud.*`. */
export const ENGINE_FIELDS: readonly string[] = ['locale', 'position'];

type WithEngineFields<T extends ResourceDeclaration> = T & {
  defaultSort: ResourceDeclaration['defaultSort'];
  fields: T['fields'] &
    (T['localized'] extends true ? { locale: Field } : unknown) &
    (T['orderable'] extends true ? { position: Field } : unknown);
};

/**
 * Checks a declaration's shape, keeps its literal types, and adds the engine's fields:
 * `locale` for localized resources, `position` (server-kept) for orderable ones.
 */
export function defineResource<const T extends ResourceDeclaration>(
  declaration: T,
): WithEngineFields<T> {
  const fields: Record<string, Field> = { ...declaration.fields };
  if (declaration.localized) fields.locale = locale({ required: true, list: { none: true } });
  if (declaration.orderable) {
    fields.position = number({ readOnly: true, integer: true, list: { none: true } });
  }
  const defaultSort =
    declaration.defaultSort ??
    (declaration.orderable ? { field: 'position', order: 'asc' as const } : undefined);
  return { ...declaration, fields, defaultSort } as WithEngineFields<T>;
}

/** The slice of a user the access rules look at. */
export type Actor = Pick<User, 'id' | 'isAdmin' | 'isSuperAdmin'> | null;

export const isAdministrator = (actor: Actor): boolean =>
  Boolean(actor && (actor.isAdmin || actor.isSuperAdmin));

/** Whether an actor may perform an action on a resource at all (records aside). */
export function allows(rule: AccessRule, actor: Actor): boolean {
  switch (rule) {
    case 'public':
      return true;
    case 'owner':
      return actor !== null;
    case 'admin':
      return isAdministrator(actor);
    case 'superAdmin':
      return Boolean(actor?.isSuperAdmin);
    case 'none':
      return false;
  }
}

export const ruleFor = (resource: ResourceDeclaration, action: Action): AccessRule =>
  action === 'list' || action === 'show'
    ? resource.access.read
    : action === 'create'
      ? resource.access.create
      : action === 'edit'
        ? resource.access.update
        : resource.access.delete;

export const can = (resource: ResourceDeclaration, action: Action, actor: Actor): boolean =>
  allows(ruleFor(resource, action), actor);

/** Whether an actor sees only their own records of this resource. */
export const scopedToOwner = (resource: ResourceDeclaration, actor: Actor): boolean =>
  Boolean(resource.owned) && !isAdministrator(actor);
