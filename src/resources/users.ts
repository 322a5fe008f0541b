import { admin, fieldAccess, type AccessFn, type Actor } from '../schema/access';
import { ApiError } from '../schema/errors';
import { message } from '../schema/messages';
import {
  boolean,
  color,
  dateTime,
  email,
  image,
  locale,
  locales,
  number,
  phone,
  select,
  slug,
  text,
} from '../schema/fields';
import {
  defineAction,
  defineResource,
  isLocked,
  type RecordLock,
  type ResourceHooks,
  type WriteHookArgs,
} from '../schema/resource';
import { ADDRESS_FIELD } from '../schema/address';
import { CURRENCIES, DEFAULT_CURRENCY } from '../schema/currency';
import { DEFAULT_CREATION_LOCALE } from '../schema/locales';
import { INVITATION_STATES, PERSON_ROLE, ROLES, USER_STATUSES } from '../schema/user';
import { VERSION_FIELD, versionOf } from '../schema/versions';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from './branding';
import { PAGE_TEMPLATES } from './pages';

type AfterChangeArgs = Parameters<NonNullable<ResourceHooks['afterChange']>>[0];

const isAdminAccount = (row: Record<string, unknown> | undefined) =>
  Boolean(row && (row.isAdmin || row.isSuperAdmin));

const ADMIN_ACCOUNT: RecordLock = { key: 'userTabs.lockedAdminAccount' };
const OWN_ROLE: RecordLock = {
  key: 'userTabs.lockedOwnRole',
  fields: ['role'],
};

/**
 * What an actor may not change of an account: only a super administrator changes an
 * administrator's account, and nobody their own role (the last super administrator cannot lock
 * everyone out). The API refuses with it; the edit page shows it read-only.
 */
export function accountLock({
  actor,
  record,
}: {
  actor: Actor;
  record: Readonly<Record<string, unknown>>;
}): RecordLock | null {
  if (!actor?.isSuperAdmin && isAdminAccount(record)) return ADMIN_ACCOUNT;
  if (record.id === actor?.id) return OWN_ROLE;
  return null;
}

/** Who may change which account, and the administrator flags that follow from the role. */
function accountRules({ actor, existing, data, self }: WriteHookArgs): void {
  // One's own profile (`self`): the engine lets only its fields change, never the role.
  if (self) return;
  const me = actor as NonNullable<Actor>;
  const lock = existing ? accountLock({ actor: me, record: existing }) : null;
  if (isLocked(lock)) throw new ApiError(403, message(lock!.key));
  // Only a super administrator grants administrator rights.
  if (!me.isSuperAdmin && data.role !== 'operator') {
    throw new ApiError(403, message(ADMIN_ACCOUNT.key));
  }
  if (existing && lock?.fields?.some((field) => data[field] !== existing[field])) {
    throw new ApiError(403, message(lock.key));
  }
  // The role is the source of truth for the administrator flags.
  data.isAdmin = data.role !== 'operator';
  data.isSuperAdmin = data.role === 'superAdmin';
}

/** Only a hotel (an operator) has a guest app, so only a new hotel is asked about it. */
const isHotel = (record: Readonly<Record<string, unknown>>) => record.role === 'operator';

/** A new address is not verified until its link is followed (the API mails one). */
function unverifyNewEmail({ existing, data }: WriteHookArgs): void {
  if (existing && data.email !== existing.email && data.emailVerified === existing.emailVerified) {
    data.emailVerified = false;
  }
}

/** What a new account starts with of the fields the API keeps. */
const NEW_ACCOUNT = { invitation: 'pending', lastSignInAt: null, connectedAppCount: 0 } as const;

/** The wizard's questions about the guest app: asked once, kept in the hotel's branding. */
const guestApp = { transient: true, condition: isHotel } as const;

const isBlocked = (row: Record<string, unknown>) =>
  row.status === 'banned' || Boolean(row.disabled);

/**
 * A ban, a disable or a role change (and lifting them) ends the account's sessions: the API's
 * tokens carry the user's `sessionVersion` and must match it exactly. That field is stored but
 * deliberately not declared, so it is never shown nor written by clients.
 */
function endSessions({ existing, data }: WriteHookArgs): void {
  if (!existing) return;
  const changed =
    data.status !== existing.status ||
    data.role !== existing.role ||
    Boolean(data.disabled) !== Boolean(existing.disabled);
  if (!changed) return;
  const version = typeof existing.sessionVersion === 'number' ? existing.sessionVersion : 0;
  data.sessionVersion = version + 1;
}

/** A blocked account's open password-reset links die with the block (same transaction). */
async function closeResetLinks({ data, record, store, now }: AfterChangeArgs): Promise<void> {
  if (!isBlocked(data)) return;
  const usedAt = new Date(now).toISOString();
  for (const reset of await store.find('passwordResets', { userId: record.id, usedAt: null })) {
    await store.update('passwordResets', reset.id, { usedAt });
  }
}

/**
 * A person's name and address, as their hotels' member lists show them (issue 40): whoever
 * changes them (the person, an administrator), every membership follows in the same transaction.
 */
async function followMemberships({ data, existing, record, store }: AfterChangeArgs) {
  if (!existing) return;
  const changed = (['name', 'email'] as const).filter((field) => data[field] !== existing[field]);
  if (changed.length === 0) return;
  const change = Object.fromEntries(changed.map((field) => [field, record[field]]));
  for (const membership of await store.find('members', { userId: record.id })) {
    await store.update('members', membership.id, {
      ...change,
      [VERSION_FIELD]: versionOf(membership) + 1,
    });
  }
}

/**
 * Administrators on hotels and administrators' accounts: people who are members of hotels
 * (role `member`, issue 40) are managed as the hotels' members, not here.
 */
const accounts: AccessFn = (args) => admin()(args) && { role: { ne: PERSON_ROLE } };

/** A new hotel's own login is its first manager (the hotels made before: mock-server/members). */
async function firstManager({ record, store, now }: AfterChangeArgs): Promise<void> {
  const stamp = new Date(now).toISOString();
  await store.insert('members', {
    ownerId: record.id,
    userId: record.id,
    name: record.name,
    email: record.email,
    role: 'manager',
    invitation: 'pending',
    invitedAt: stamp,
    joinedAt: null,
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  });
}

// Fields of the account that are also its owner's profile (`self`).
const NAME = text({ required: true, max: 120, list: { search: true, sort: true } });
const PHONE_NUMBER = phone({ required: true, list: { hidden: true } });
const AVATAR = image({ list: { none: true } });

/**
 * Tenants (hotels) and staff accounts; administrators only. "Create user" is the hotel creation
 * wizard of spec §4: its steps ask the account's fields and, once (transient), how its guest app
 * starts — stored by the create's hook as the hotel's branding and a welcome page per language,
 * all in one transaction; the API mails the invitation (mock-server/hotels). The password hash
 * is stored beside these fields but, being undeclared, never leaves the server.
 */
export const users = defineResource({
  name: 'users',
  route: 'user',
  menu: { group: 'management', icon: 'users', items: ['list', 'create'] },
  access: { read: accounts, create: admin(), update: accounts },
  labelField: 'name',
  timestamps: true,
  listTimestamps: ['createdAt'],
  filterTimestamps: ['createdAt'],
  defaultSort: { field: 'name', order: 'asc' },
  lock: accountLock,
  // Offered on the list's selected accounts too (POST /users/bulk/<action>), one by one.
  actions: {
    // Edits by another name: the update's rules apply (an administrator's account is a super
    // administrator's to change) and its sessions end.
    disable: defineAction({
      on: 'record',
      bulk: { danger: true },
      input: () => import('./userInputs').then((inputs) => inputs.noInput),
      changes: () => ({ disabled: true }),
    }),
    enable: defineAction({
      on: 'record',
      bulk: true,
      input: () => import('./userInputs').then((inputs) => inputs.noInput),
      changes: () => ({ disabled: false }),
    }),
    /** A new invitation link (mailed; the API runs it, mock-server/hotels), while pending. */
    resendInvitation: defineAction({
      on: 'record',
      bulk: true,
      input: () => import('./userInputs').then((inputs) => inputs.noInput),
    }),
    /** Whether the hotel may connect one app itself (its app-permissions record for that app). */
    setAppPermission: defineAction({
      on: 'record',
      bulk: true,
      input: () => import('./userInputs').then((inputs) => inputs.appPermissionInput),
      run: async (args) => {
        const { setAppPermission } = await import('./userActions');
        return setAppPermission(args);
      },
    }),
  },
  // A ban, a disable and a role change end the account's sessions: asked first.
  confirmChange: (before, after) =>
    after.status === 'banned' && before.status !== 'banned'
      ? 'userTabs.confirmBan'
      : after.disabled === true && before.disabled !== true
        ? 'userTabs.confirmDisable'
        : after.role !== undefined && after.role !== before.role
          ? 'userTabs.confirmRole'
          : null,
  hooks: {
    beforeValidate: accountRules,
    beforeChange: (args) => {
      unverifyNewEmail(args);
      endSessions(args);
      // The API keeps these from here on (sign-in, the invitation link, connections).
      if (args.operation === 'create') Object.assign(args.data, NEW_ACCOUNT);
    },
    afterChange: async (args) => {
      await closeResetLinks(args);
      await followMemberships(args);
      if (args.operation !== 'create' || args.record.role !== 'operator') return;
      // Loaded when a hotel is made (by the API): it keeps the defaults' machinery off the
      // dashboard's first load, where this declaration is read.
      const { grantDefaultAppPermissions, startGuestApp } = await import('./guestAppStart');
      await startGuestApp(args);
      await grantDefaultAppPermissions(args);
      await firstManager(args);
    },
  },
  fields: {
    name: NAME,
    email: email({ required: true, unique: true, list: { search: true, sort: true } }),
    company: text({ required: true, max: 120, list: { search: true, sort: true } }),
    phoneNumber: PHONE_NUMBER,
    slug: slug({ required: true, unique: true, from: 'name', list: { hidden: true } }),
    role: select({
      options: ROLES,
      required: true,
      default: 'operator',
      access: { write: fieldAccess.superAdmin },
      // A column on choice: the hotels' own columns fill a 1440 px table (filtered by it still).
      list: { filter: true, hidden: true },
    }),
    status: select({
      options: USER_STATUSES,
      required: true,
      default: 'active',
      list: { filter: true, sort: true },
    }),
    isAdmin: boolean({ readOnly: true, list: { filter: true, hidden: true } }),
    isSuperAdmin: boolean({ readOnly: true, list: { filter: true, hidden: true } }),
    disabled: boolean({ default: false, alert: true, list: { filter: true } }),
    /** Offboarding: set by `POST /users/:id/archive` (no sign-in, guest app 410), not by forms. */
    archived: boolean({
      readOnly: true,
      hideInForm: true,
      alert: true,
      list: { filter: true, hidden: true },
    }),
    // Turned off (or a new address): the API mails a link that turns it back on.
    emailVerified: boolean({ default: false, list: { filter: true, hidden: true } }),
    // Kept by the API (stored, so that both stores filter and sort on them): pending until the
    // account chose its password through its link or signed in; the last successful sign-in;
    // how many apps the hotel has connected (counted at each connect and disconnect).
    invitation: select({
      options: INVITATION_STATES,
      readOnly: true,
      hideInForm: true,
      list: { filter: true, sort: true },
    }),
    lastSignInAt: dateTime({
      readOnly: true,
      hideInForm: true,
      list: { sort: true, filter: true },
    }),
    connectedAppCount: number({
      readOnly: true,
      integer: true,
      hideInForm: true,
      list: { sort: true, hidden: true },
    }),
    /** Set with an administrator's temporary password, until the owner chooses their own. */
    passwordTemporary: boolean({ readOnly: true, hideInForm: true, list: { none: true } }),
    avatar: AVATAR,
    // Staff accounts may have none; a given address has every part (spec §5).
    address: { ...ADDRESS_FIELD, required: false, list: { none: true } },
    /** The languages the hotel's guest app publishes, and the one its content is written in. */
    locales: locales({
      required: true,
      default: [DEFAULT_CREATION_LOCALE],
      list: { none: true },
    }),
    sourceLocale: locale({
      required: true,
      default: DEFAULT_CREATION_LOCALE,
      within: 'locales',
      list: { none: true },
    }),
    /** Prices of the hotel's point of sale and apps are in this currency. */
    currency: select({ options: CURRENCIES, default: DEFAULT_CURRENCY, list: { hidden: true } }),
    // How the hotel's guest app starts (spec §3's creation draft): asked once by the wizard,
    // kept in its branding (changed later on the metadata tab or the Customization page).
    template: select({ ...guestApp, options: PAGE_TEMPLATES, required: true, default: 'rows' }),
    logo: image({ ...guestApp, required: true }),
    primaryColor: color({ ...guestApp, required: true, default: DEFAULT_PRIMARY_COLOR }),
    secondaryColor: color({ ...guestApp, required: true, default: DEFAULT_SECONDARY_COLOR }),
    favicon: image({ ...guestApp }),
    title: text({ ...guestApp, required: true, max: 80, from: 'name' }),
  },
  // What one changes of one's own account (issue 10 §4): `PATCH /users/me` and the Account page.
  // A given address has every part there (the account's own may be missing: staff accounts).
  self: {
    fields: { name: NAME, phoneNumber: PHONE_NUMBER, avatar: AVATAR, address: ADDRESS_FIELD },
  },
  rules: [
    {
      path: 'sourceLocale',
      message: 'validation.sourceLocaleInLocales',
      reads: ['locales', 'sourceLocale'],
      check: (record) =>
        !Array.isArray(record.locales) || record.locales.includes(record.sourceLocale),
    },
  ],
  // Spec §2's user detail tabs. Social, metadata and the app tabs show what features add (the
  // hotel's branding, its apps); general and account hold the account's own fields.
  layout: {
    tabs: [
      {
        key: 'general',
        fields: [
          'name',
          'email',
          'phoneNumber',
          'avatar',
          'company',
          'address',
          'slug',
          'status',
          'disabled',
          'emailVerified',
          'locales',
          'sourceLocale',
          'currency',
        ],
      },
      { key: 'social', fields: [] },
      { key: 'apps', fields: [] },
      { key: 'metadata', fields: [] },
      { key: 'appPermissions', fields: [] },
      { key: 'availableApps', fields: [] },
      { key: 'account', fields: ['role'] },
      // The hotel's people (issue 40), shown by the members feature.
      { key: 'members', fields: [] },
    ],
    // Spec §4's wizard: Choose, Design, Languages, Data, Done.
    steps: [
      { key: 'choose', fields: ['template'] },
      { key: 'design', fields: ['logo', 'favicon', 'primaryColor', 'secondaryColor'] },
      { key: 'languages', fields: ['locales', 'sourceLocale'] },
      { key: 'data', fields: ['name', 'email', 'company', 'phoneNumber', 'title', 'slug'] },
      { key: 'done', fields: [] },
    ],
  },
});
