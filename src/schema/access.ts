/**
 * Who may do what (DESIGN §7): access is a function per operation that answers `true` (allowed),
 * `false` (refused) or a filter (allowed on the records that match it). A filter is how tenancy
 * composes: `owner()` answers `{ ownerId: <me> }`, and the server applies that one filter to every
 * list, record, total, Sync and reorder. Pure TypeScript: the dashboard asks the same functions
 * to decide which menu entries and buttons to show.
 */

/** The slice of a user the access rules look at; null when nobody is signed in. */
export type Actor = {
  id: number;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  /** Keys of the apps the user's hotel has connected (they open areas such as Hotek). */
  connectedApps?: readonly string[];
  /**
   * A hotel's member acting for it (issue 40): `id` is the hotel they act for (so `owner()` and
   * every `ownerId` stay the hotel's), `personId` the person's own account and `hotelRole` their
   * role in that hotel. A hotel's own login is its first manager (personId = id).
   */
  personId?: number;
  hotelRole?: HotelRole;
  /**
   * A person's hotels with their role in each, and whether this request reads "all my hotels"
   * (`X-Hotel: all`): `hotels()` then reads each hotel's records under its own role.
   */
  memberships?: readonly { id: number; role: HotelRole; connectedApps?: readonly string[] }[];
  allHotels?: boolean;
} | null;

/** A member's role in a hotel: managers do everything the hotel may; staff the day's work. */
export const HOTEL_ROLES = ['manager', 'staff'] as const;
export type HotelRole = (typeof HOTEL_ROLES)[number];

export type Operation = 'read' | 'create' | 'update' | 'delete';
export const OPERATIONS: readonly Operation[] = ['read', 'create', 'update', 'delete'];

/** A stored value a condition compares with. */
export type Scalar = string | number | boolean | null;

/**
 * What one stored field must satisfy: equal a value (strictly: `1` is not `'1'`, and `null` is a
 * stored null, not a missing field), be one of several (`in`), differ (`ne`), compare with a
 * number or text of its own type (`lt` … `gte`), or equal a text ignoring case (`caseless`).
 */
export type Condition =
  | Scalar
  | { in: readonly Scalar[] }
  | { ne: Scalar }
  | { lt: string | number }
  | { lte: string | number }
  | { gt: string | number }
  | { gte: string | number }
  | { caseless: string };

/**
 * Conditions on stored fields, all of which must hold (Payload's `Where`); `or` holds when any of
 * its filters does. Queries as data: the JSON store tests them in memory, PostgreSQL in SQL.
 */
export type Where = { readonly [field: string]: Condition | readonly Where[] | undefined };

export interface AccessArgs {
  actor: Actor;
  operation: Operation;
}
export interface AccessFn {
  (args: AccessArgs): boolean | Where;
  /** The 403's message when it refuses a signed-in user (see `denied`). */
  denied?: string;
}
export type ResourceAccess = Readonly<Record<Operation, AccessFn>>;

/** One function for every operation, or some operations (the rest: nobody). */
export type AccessInput = AccessFn | Partial<Record<Operation, AccessFn>>;

export const isAdministrator = (actor: Actor): boolean =>
  Boolean(actor && (actor.isAdmin || actor.isSuperAdmin));

/** The field that ties a tenant-owned record to its tenant. */
export const OWNER_FIELD = 'ownerId';

// Presets: each declaration's access stays one line.
/** Signed-in users on their own records; administrators on every tenant's. */
export const owner =
  (): AccessFn =>
  ({ actor }) =>
    actor === null ? false : isAdministrator(actor) ? true : { [OWNER_FIELD]: actor.id };
/** Whether the actor is a hotel's staff member (not a manager, not an administrator). */
export const isStaff = (actor: Actor): boolean =>
  Boolean(actor && !isAdministrator(actor) && actor.hotelRole === 'staff');

/** The 403 staff get for a manager's part of the hotel (branding, apps, members…): a code. */
export const MANAGERS_ONLY = 'apiErrors.managersOnly';

/**
 * A hotel's managers (and administrators) under `rule` (their own records by default); its staff
 * are refused with {@link MANAGERS_ONLY}. Used on what the issue keeps from staff: branding, apps,
 * members and the hotel's settings.
 */
export const manager = (rule: AccessFn = owner()): AccessFn =>
  denied((args) => (isStaff(args.actor) ? false : rule(args)), MANAGERS_ONLY);

/** Marks the rules made by {@link hotels}. */
const ALL_HOTELS_RULE = Symbol('hotels()');

/**
 * `rule` in the hotel the request acts for; a read of "all my hotels" (`X-Hotel: all`, see
 * mock-server/auth/session.ts) is `rule` in each of the person's hotels, under their role and
 * with the apps connected there, joined with `or`: reads use `in` the person's hotels. For lists
 * where a chain makes sense (requests, bookings, transactions); the dashboard offers "All my
 * hotels" on the lists whose read is declared with it ({@link readsAllHotels}).
 */
export const hotels = (rule: AccessFn = owner()): AccessFn =>
  Object.assign(
    (args: AccessArgs) => {
      const { actor, operation } = args;
      if (!actor?.allHotels || operation !== 'read' || isAdministrator(actor)) return rule(args);
      const branches: Where[] = [];
      for (const { id, role, connectedApps } of actor.memberships ?? []) {
        const member = { ...actor, id, hotelRole: role, connectedApps };
        const answer = rule({ actor: member, operation });
        if (answer === true) return true;
        if (answer !== false) branches.push(answer);
      }
      return branches.length === 0
        ? false
        : branches.length === 1
          ? branches[0]!
          : { or: branches };
    },
    // The rule's own refusal message stays (an app's area says which app to connect).
    { denied: rule.denied, [ALL_HOTELS_RULE]: true },
  );

/** Whether an access rule is {@link hotels}: its reads may span all of a person's hotels. */
export const readsAllHotels = (rule: AccessFn): boolean =>
  (rule as AccessFn & { [ALL_HOTELS_RULE]?: true })[ALL_HOTELS_RULE] === true;

/** Administrators and super administrators. */
export const admin =
  (): AccessFn =>
  ({ actor }) =>
    isAdministrator(actor);
export const superAdmin =
  (): AccessFn =>
  ({ actor }) =>
    Boolean(actor?.isSuperAdmin);
/** Anyone who is signed in, on every record. */
export const signedIn =
  (): AccessFn =>
  ({ actor }) =>
    actor !== null;
/** Nobody through the API (the server's own routes may still write). */
export const none = (): AccessFn => () => false;
/**
 * Guests without an account read what `where` selects (e.g. `{ published: true }`, or every
 * record when omitted); signed-in users follow `signedInRule` (their own records by default).
 */
export const publicRead =
  (where?: Where, signedInRule: AccessFn = owner()): AccessFn =>
  (args) =>
    args.actor === null ? (where ?? true) : signedInRule(args);

/** The same rule, refusing with its own message ('Only administrators can manage …'). */
export const denied = (rule: AccessFn, message: string): AccessFn =>
  Object.assign((args: AccessArgs) => rule(args), { denied: message });

/**
 * An app's area (the Hotek timeslot pages): hotels that connected the app `key`, on their own
 * records; administrators on every hotel's.
 */
export const connectedApp = (key: string, message: string): AccessFn =>
  denied(
    ({ actor }) =>
      actor === null
        ? false
        : isAdministrator(actor)
          ? true
          : actor.connectedApps?.includes(key)
            ? { [OWNER_FIELD]: actor.id }
            : false,
    message,
  );

/** Fills the operations a declaration leaves out with `none()`. */
export function normalizeAccess(input: AccessInput): ResourceAccess {
  if (typeof input === 'function') {
    return { read: input, create: input, update: input, delete: input };
  }
  const refuse = none();
  return {
    read: input.read ?? refuse,
    create: input.create ?? refuse,
    update: input.update ?? refuse,
    delete: input.delete ?? refuse,
  };
}

/** Whether an answer lets the actor do the operation on at least some records. */
export const permits = (decision: boolean | Where): boolean => decision !== false;

/** Whether a stored record satisfies a filter answer (`true` selects everything). */
export function matchesWhere(
  record: Readonly<Record<string, unknown>>,
  where: boolean | Where,
): boolean {
  if (where === true) return true;
  if (where === false) return false;
  return Object.entries(where).every(([field, condition]) =>
    field === 'or'
      ? (condition as readonly Where[]).some((branch) => matchesWhere(record, branch))
      : condition === undefined || holds(record[field], condition as Condition),
  );
}

/** Whether a stored value meets one condition (see {@link Condition}). */
export function holds(value: unknown, condition: Condition): boolean {
  if (condition === null || typeof condition !== 'object') return value === condition;
  if ('in' in condition) return condition.in.some((wanted) => wanted === value);
  if ('ne' in condition) return value !== condition.ne;
  if ('caseless' in condition) {
    return typeof value === 'string' && value.toLowerCase() === condition.caseless.toLowerCase();
  }
  const [op, bound] = Object.entries(condition)[0] as [
    'lt' | 'lte' | 'gt' | 'gte',
    string | number,
  ];
  // Only a value of the bound's own type compares (a number with a number, a text with a text).
  if (typeof value !== typeof bound) return false;
  const [a, b] = [value as string | number, bound];
  return op === 'lt' ? a < b : op === 'lte' ? a <= b : op === 'gt' ? a > b : a >= b;
}

/**
 * Field-level access: who may read or set one field. `who` names them (the API's docs);
 * `refusal` is the i18n key of the 403 an attempt to change the field gets ("Only a super
 * administrator can change the role"), worded with the field's label.
 */
export interface FieldAccessFn {
  (args: { actor: Actor; record?: Readonly<Record<string, unknown>> }): boolean;
  who?: string;
  refusal?: string;
}
export interface FieldAccess {
  read?: FieldAccessFn;
  /** Setting the field on create and changing it on update. */
  write?: FieldAccessFn;
}

const described = (who: string, refusal: string, fn: FieldAccessFn): FieldAccessFn =>
  Object.assign(fn, { who, refusal });
export const fieldAccess = {
  admin: described('an administrator', 'apiErrors.onlyAdminChanges', ({ actor }) =>
    isAdministrator(actor),
  ),
  superAdmin: described('a super administrator', 'apiErrors.onlySuperAdminChanges', ({ actor }) =>
    Boolean(actor?.isSuperAdmin),
  ),
} as const;
