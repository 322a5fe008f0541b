import type { ZodMiniType } from 'zod/mini';
import {
  normalizeAccess,
  permits,
  type AccessFn,
  type AccessInput,
  type Actor,
  type Operation,
  type ResourceAccess,
  type Where,
} from './access';
import { locale, number, type Field, type LocaleField, type NumberField } from './fields';
import type { Reader, StoredRecord, Writer } from './store';

export { isAdministrator, type Actor } from './access';

/**
 * The vocabulary of a resource declaration (DESIGN §1–§3). Pure TypeScript: the dashboard and
 * the bundled API import the same declarations, so pages, validation and access rules agree.
 */
export type MenuGroup = 'general' | 'management';

/** Icon names the shell knows how to draw (a declaration stays free of React). */
export type IconName =
  | 'dashboard'
  | 'users'
  | 'tags'
  | 'environment'
  | 'file'
  | 'form'
  | 'bell'
  | 'notificationEdit'
  | 'shop'
  | 'calendar'
  | 'brush'
  | 'apps'
  | 'inbox';

export interface ResourceMenu {
  group: MenuGroup;
  icon: IconName;
  /**
   * Which of the resource's pages get a menu entry, in this order: the list, the create page,
   * or a variant's own create route (`new-pdf`); labelled `resources.<name>.menu.<item>`.
   */
  items: ('list' | 'create' | `new-${string}`)[];
  /**
   * Resources with the same parent share one submenu (label `nav.<parent>`), e.g. the point of
   * sale's categories, products and transactions.
   */
  parent?: string;
}

export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete';

/** A rule run by the API around a write; may change `data` or throw an ApiError. */
export interface WriteHookArgs {
  operation: 'create' | 'update';
  actor: Actor;
  /** The record as it will be stored (on update: the stored record with the changes). */
  data: Record<string, unknown>;
  /** The stored record, on update. */
  existing?: StoredRecord;
  /** Reads other records (of any collection) for rules across records. */
  store: Reader;
  /** Milliseconds since the epoch (the server's clock; tests move it). */
  now: number;
  /**
   * The record's own account changing itself through the declaration's `self` fields (its
   * profile), not an edit by someone who manages it.
   */
  self?: boolean;
}

/**
 * The server's rules that fields cannot say, declared with the resource (Payload's hooks):
 * `beforeValidate` runs on the validated body before the record rules, references and
 * uniqueness are checked; `beforeChange` after them, just before the write; `afterChange` in
 * the same transaction as the write; `beforeDelete` before a record is removed.
 */
export interface ResourceHooks {
  beforeValidate?: (args: WriteHookArgs) => void | Promise<void>;
  beforeChange?: (args: WriteHookArgs) => void | Promise<void>;
  afterChange?: (
    args: WriteHookArgs & { record: StoredRecord; store: Writer },
  ) => void | Promise<void>;
  /** In the delete's transaction: may refuse, or write what goes with it (ending sessions). */
  beforeDelete?: (args: {
    actor: Actor;
    existing: StoredRecord;
    store: Writer;
  }) => void | Promise<void>;
}

export interface ActionArgs<I> {
  actor: Actor;
  /** The input, already validated by the action's schema. */
  input: I;
  /** The record a record action runs on, already checked to be the actor's. */
  record?: StoredRecord;
  /** Reads and writes, all in one transaction: everything or nothing is stored. */
  store: Writer;
  now: number;
  /**
   * Tells the run's audit entry what it did, beyond the record (which app, which value): kept
   * in the entry's `details`, each key worded `resources.<name>.actions.<action>.<key>`.
   */
  note: (details: ActionDetails) => void;
}

/** What an action's audit entry says it did: short values by key (a label, a flag, a count). */
export type ActionDetails = Readonly<Record<string, string | number | boolean | null>>;

/**
 * A named command on a resource (refund a sale, sync a language, reorder a list): its input
 * schema is shared by the dashboard and the API. `record` actions answer
 * `POST /<name>/:id/<action>`, `collection` actions `POST /<name>/<action>`.
 */
export interface ActionDeclaration<I = unknown> {
  on: 'record' | 'collection';
  /**
   * The input's zod schema, loaded when the action first runs: the registry is on every page,
   * zod only on those that run an action.
   */
  input: () => Promise<ZodMiniType<I>>;
  /** Who may run it (a filter answer limits the records); default: the resource's update rule. */
  access?: AccessFn;
  /** The server's work. The engine runs its own actions (sync, reorder), which have none. */
  run?: (args: ActionArgs<I>) => Promise<unknown>;
  /**
   * An action that is an edit (disable an account): the changes it makes to the record, applied
   * through the update pipeline (access, locks, validation, hooks, one audit entry named after
   * the action) instead of a run.
   */
  changes?: (input: I, record: Readonly<StoredRecord>) => Record<string, unknown>;
  /**
   * A record action offered on a list's selected rows: `POST /<name>/bulk/<action>` with
   * `{ ids, input }` runs it once per record, each in its own transaction, and answers each
   * record's result. Labelled `resources.<name>.actions.<action>.label`, asked about with
   * `….confirm` (`{{count}}` records) before it runs.
   */
  bulk?: boolean | { danger?: boolean };
}

/** Whether an actor may run a declared action at all (records aside). */
export const mayRun = (resource: Resource, name: string, actor: Actor): boolean => {
  const action = resource.actions[name];
  if (!action) return false;
  return permits((action.access ?? resource.access.update)({ actor, operation: 'update' }));
};

/** The bulk-capable actions of a resource an actor may run, by name. */
export const bulkActions = (resource: Resource, actor: Actor): string[] =>
  Object.entries(resource.actions)
    .filter(
      ([name, action]) => action.bulk && action.on === 'record' && mayRun(resource, name, actor),
    )
    .map(([name]) => name);

/** Declares an action, keeping its input type inside and erasing it for the registry. */
export const defineAction = <I>(action: ActionDeclaration<I>): ActionDeclaration =>
  action as unknown as ActionDeclaration;

export interface ResourceDeclaration {
  /** API collection and Refine resource name, e.g. `amenity-categories`. */
  name: string;
  /** Path segment under /dashboard, e.g. `amenity-categories` or `user`. */
  route: string;
  menu?: ResourceMenu;
  /** Tenant-owned: records carry `ownerId`, and the server scopes every call to it. */
  owned?: boolean;
  /**
   * Records belong to the user who makes them, administrators included (a saved view): the API
   * sets `ownerId` to the actor on create, and nobody names another owner. Needs `owned`.
   */
  personal?: boolean;
  /**
   * Who may read, create, update and delete: a function per operation (`owner()`, `admin()`,
   * …from schema/access) or one for all. Operations left out are refused to everyone.
   */
  access: AccessInput;
  fields: Record<string, Field>;
  /** The field that names a record (references, titles, confirmations). */
  labelField: string;
  /** Server-kept `createdAt` and `updatedAt`. */
  timestamps?: boolean;
  /** Timestamp columns the list shows before the person changes the column choice. */
  listTimestamps?: readonly ('createdAt' | 'updatedAt')[];
  /** Timestamps the list can be filtered on (a date range), e.g. when an account was created. */
  filterTimestamps?: readonly ('createdAt' | 'updatedAt')[];
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Server rules around writes (schema: ResourceHooks). */
  hooks?: ResourceHooks;
  /** Named commands (schema: ActionDeclaration); Sync and reorder are added by the engine. */
  actions?: Record<string, ActionDeclaration>;
  /**
   * Exactly one record per tenant (e.g. branding): `GET /<name>` answers it (created from the
   * defaults on first read), PUT and PATCH change it, POST and DELETE are refused.
   */
  singleton?: 'perOwner';
  /**
   * A child collection, e.g. a form's submissions: records carry `field` (the parent's id) and
   * are also served at `/<parent>/:id/<name>`, visible to whoever may read the parent. `count`
   * names a read-only number field of the parent that the API fills with how many children each
   * parent record has (a form's submissions count), counted when the parent is read.
   */
  parent?: { resource: string; field: string; count?: string };
  /**
   * Exists per content language: records carry `locale` and a `groupId` shared by the
   * translations of one item; lists get a language switch and Sync.
   */
  localized?: boolean;
  /**
   * The boolean field that shows a record to guests (a page's `published`, an amenity's
   * `active`). Sync without a translation service turns it off on its copies: an untranslated
   * copy arrives as a draft marked "Needs translation", not in front of the guests.
   */
  shownToGuests?: string;
  /** Kept in a chosen order: records carry `position`; lists reorder by dragging. */
  orderable?: boolean;
  /** Rules across fields, checked on client and server alike. */
  rules?: readonly RecordRule[];
  /**
   * What an actor may not change of a stored record (whatever its fields' own access says): the
   * API's hooks refuse such a change with the lock's message, and the edit page shows those
   * fields read-only — the whole record, without Save, when the lock names no fields.
   */
  lock?: (args: { actor: Actor; record: Readonly<Record<string, unknown>> }) => RecordLock | null;
  /**
   * A change of consequence the edit page asks about before saving (a ban, a role change): the
   * i18n key of its question, or null to save at once.
   */
  confirmChange?: (
    before: Readonly<Record<string, unknown>>,
    after: Readonly<Record<string, unknown>>,
  ) => string | null;
  /**
   * What a record's own account may change of itself (a user's profile, `PATCH /users/me`): each
   * a declared field, restated as the own form holds it (an address given whole). The engine
   * writes it through the same pipeline as any update (ResourceService.updateSelf); changing any
   * other field is refused.
   */
  self?: { fields: Readonly<Record<string, Field>> };
  /** Tabs and steps of the generic pages (schema: Layout). */
  layout?: Layout;
  /** Kinds of record with their own fields and create routes (schema: Variants). */
  variants?: Variants;
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

/** A tab of the edit and show pages, or a step of the create flow: a titled set of fields. */
export interface Section {
  /** Labelled `resources.<name>.<tabs|steps>.<key>` (or `crud.<tabs|steps>.<key>`). */
  key: string;
  /** The fields it shows, in order. A step without fields is the summary before Create. */
  fields: readonly string[];
}

/** How the generic pages lay a resource's fields out (one grid when unset). */
export interface Layout {
  /** Edit and show pages in tabs; fields no tab names go in the first. */
  tabs?: readonly Section[];
  /** The create page as steps: Next checks the step's fields, Back and visited steps jump. */
  steps?: readonly Section[];
}

/**
 * Kinds of one resource told apart by a select field (a content, PDF or iframe page): each
 * option has its own create route and the fields only it has, shown and validated only for it.
 */
export interface Variants {
  /** The select field whose value picks the variant. */
  field: string;
  of: Record<
    string,
    {
      /** The create route's last segment, e.g. `new-pdf` for `/dashboard/page/new-pdf`. */
      route: string;
      fields: readonly string[];
    }
  >;
}

/** Why a record, or some of its fields, may not be changed by an actor (ResourceDeclaration.lock). */
export interface RecordLock {
  /** i18n key of the message: the API's 403 (coded) and the edit page's note. */
  key: string;
  /** The fields locked; none: the whole record. */
  fields?: readonly string[];
}

/** Whether a lock keeps the actor from changing `field` (or, with no field, the whole record). */
export const isLocked = (lock: RecordLock | null | undefined, field?: string): boolean =>
  Boolean(lock && (!lock.fields || (field !== undefined && lock.fields.includes(field))));

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

/** The fields one item shares across its languages (`shared: true`), by name. */
export const sharedFields = (resource: Pick<ResourceDeclaration, 'fields'>): string[] =>
  Object.entries(resource.fields)
    .filter(([, field]) => field.shared)
    .map(([name]) => name);

/** Fields the engine adds for `localized` and `orderable`; their labels come from `crud.*`. */
export const ENGINE_FIELDS: readonly string[] = ['locale', 'position'];

/** A declaration after defineResource: access normalized, engine fields and actions added. */
export type Resource = Omit<ResourceDeclaration, 'access'> & {
  access: ResourceAccess;
  actions: Record<string, ActionDeclaration>;
};

/** The actions a declaration has: its own and the engine's (`sync`, `reorder`), by name. */
type ActionsOf<T extends ResourceDeclaration> = {
  [
    K in
      | (keyof NonNullable<T['actions']> & string)
      | (T['localized'] extends true ? 'sync' : never)
      | (T['orderable'] extends true ? 'reorder' : never)
  ]: ActionDeclaration;
};

/** The action names of a declaration (any string for a resource whose type is not known). */
export type ActionName<R extends Resource> = keyof R['actions'] & string;

type WithEngineFields<T extends ResourceDeclaration> = Omit<T, 'access' | 'actions'> & {
  access: ResourceAccess;
  actions: ActionsOf<T>;
  defaultSort: ResourceDeclaration['defaultSort'];
  fields: T['fields'] &
    (T['localized'] extends true ? { locale: LocaleField & { required: true } } : unknown) &
    (T['orderable'] extends true ? { position: NumberField } : unknown);
};

/**
 * Checks a declaration's shape, keeps its literal types, and adds the engine's fields:
 * `locale` for localized resources, `position` (server-kept) for orderable ones.
 */
export function defineResource<const T extends ResourceDeclaration>(
  declaration: T,
): WithEngineFields<T> {
  const fields: Record<string, Field> = { ...declaration.fields };
  // A variant's own fields exist only on records of the variants that name them.
  if (declaration.variants) {
    const { field: discriminator, of } = declaration.variants;
    for (const name of new Set(Object.values(of).flatMap((variant) => variant.fields))) {
      const field = fields[name];
      if (!field) throw new Error(`${declaration.name}: a variant names no field "${name}"`);
      const options = Object.keys(of).filter((option) => of[option]!.fields.includes(name));
      const own = field.condition;
      fields[name] = {
        ...field,
        condition: (record) =>
          options.includes(String(record[discriminator])) && (!own || own(record)),
      };
    }
  }
  for (const name of Object.keys(declaration.self?.fields ?? {})) {
    if (!fields[name])
      throw new Error(`${declaration.name}: a self field names no field "${name}"`);
  }
  if (declaration.personal && !declaration.owned) {
    throw new Error(`${declaration.name}: a personal resource must be owned`);
  }
  const shown = declaration.shownToGuests;
  if (shown !== undefined && (!declaration.localized || fields[shown]?.kind !== 'boolean')) {
    throw new Error(
      `${declaration.name}: shownToGuests must name a boolean field of a localized resource`,
    );
  }
  for (const [name, field] of Object.entries(fields)) {
    if (!field.shared) continue;
    // A shared text would overwrite the other languages' translations; a kept-by-server or
    // unstored field has no value to share.
    if (!declaration.localized || field.translatable || field.readOnly || field.transient) {
      throw new Error(
        `${declaration.name}: the field "${name}" can be shared only in a localized resource, and not when it is translatable, read-only or transient`,
      );
    }
  }
  if (declaration.localized) fields.locale = locale({ required: true, list: { none: true } });
  if (declaration.orderable) {
    fields.position = number({ readOnly: true, integer: true, list: { none: true } });
  }
  const defaultSort =
    declaration.defaultSort ??
    (declaration.orderable ? { field: 'position', order: 'asc' as const } : undefined);
  const actions: Record<string, ActionDeclaration> = { ...declaration.actions };
  for (const [name, action] of Object.entries(actions)) {
    // `/<name>/bulk/<action>` is the bulk route: no collection action may take its path.
    if (name === 'bulk') throw new Error(`${declaration.name}: no action may be named "bulk"`);
    if (action.bulk && action.on !== 'record') {
      throw new Error(`${declaration.name}: only a record action can be bulk ("${name}")`);
    }
    if (action.changes && action.run) {
      throw new Error(`${declaration.name}: the action "${name}" has changes and a run`);
    }
  }
  const access = normalizeAccess(declaration.access);
  if (declaration.localized)
    actions.sync = {
      on: 'collection',
      input: () => import('./actionInputs').then((inputs) => inputs.syncInput),
      access: access.create,
    };
  if (declaration.orderable) {
    actions.reorder = {
      on: 'collection',
      input: () => import('./actionInputs').then((inputs) => inputs.reorderInput),
      access: access.update,
    };
  }
  return { ...declaration, access, fields, defaultSort, actions } as unknown as WithEngineFields<T>;
}

const OPERATION_OF: Record<Action, Operation> = {
  list: 'read',
  show: 'read',
  create: 'create',
  edit: 'update',
  delete: 'delete',
};

/** What an actor's access function answers for a page action (a filter counts as allowed). */
export const decide = (resource: Resource, action: Action, actor: Actor): boolean | Where => {
  const operation = OPERATION_OF[action];
  return resource.access[operation]({ actor, operation });
};

/** Whether an actor may perform an action on a resource at all (records aside). */
export const can = (resource: Resource, action: Action, actor: Actor): boolean =>
  permits(decide(resource, action, actor));

const SOMEBODY: Actor = { id: 0, isAdmin: true, isSuperAdmin: true };
/** Whether anybody at all may do it (so the page and its route exist). */
export const offered = (resource: Resource, action: Action): boolean =>
  can(resource, action, SOMEBODY) || can(resource, action, null);
