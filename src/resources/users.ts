import { admin, fieldAccess, type Actor } from '../schema/access';
import { ApiError } from '../schema/errors';
import {
  boolean,
  email,
  image,
  locale,
  locales,
  phone,
  select,
  slug,
  text,
} from '../schema/fields';
import { defineResource, type ResourceHooks, type WriteHookArgs } from '../schema/resource';
import { ADDRESS_FIELD } from '../schema/address';
import { CURRENCIES, DEFAULT_CURRENCY } from '../schema/currency';
import { ROLES, USER_STATUSES } from '../schema/user';

type AfterChangeArgs = Parameters<NonNullable<ResourceHooks['afterChange']>>[0];

const isAdminAccount = (row: Record<string, unknown> | undefined) =>
  Boolean(row && (row.isAdmin || row.isSuperAdmin));

/** Who may change which account, and the administrator flags that follow from the role. */
function accountRules({ actor, existing, data }: WriteHookArgs): void {
  const me = actor as NonNullable<Actor>;
  // Only a super administrator changes an administrator's account or grants administrator rights.
  if (!me.isSuperAdmin && (isAdminAccount(existing) || data.role !== 'operator')) {
    throw new ApiError(403, "Only a super administrator can change an administrator's account");
  }
  // Nobody changes their own role: the last super administrator cannot lock everyone out.
  if (existing && existing.id === me.id && data.role !== existing.role) {
    throw new ApiError(403, 'You cannot change your own role');
  }
  // The role is the source of truth for the administrator flags.
  data.isAdmin = data.role !== 'operator';
  data.isSuperAdmin = data.role === 'superAdmin';
}

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
 * Tenants and staff accounts. Administrators only; the creation wizard is a feature of its own.
 * The password hash is stored beside these fields but, being undeclared, never leaves the server.
 */
export const users = defineResource({
  name: 'users',
  route: 'user',
  menu: { group: 'management', icon: 'users', items: ['list'] },
  access: { read: admin(), update: admin() },
  labelField: 'name',
  timestamps: true,
  defaultSort: { field: 'name', order: 'asc' },
  hooks: { beforeValidate: accountRules, beforeChange: endSessions, afterChange: closeResetLinks },
  fields: {
    name: text({ required: true, max: 120, list: { search: true, sort: true } }),
    email: email({ required: true, unique: true, list: { search: true, sort: true } }),
    company: text({ required: true, max: 120, list: { search: true, sort: true } }),
    phoneNumber: phone({ required: true, list: { hidden: true } }),
    slug: slug({ required: true, unique: true, list: { hidden: true } }),
    role: select({
      options: ROLES,
      required: true,
      access: { write: fieldAccess.superAdmin },
      list: { filter: true },
    }),
    status: select({ options: USER_STATUSES, required: true, list: { filter: true, sort: true } }),
    isAdmin: boolean({ readOnly: true, list: { filter: true } }),
    isSuperAdmin: boolean({ readOnly: true, list: { filter: true, hidden: true } }),
    disabled: boolean({ list: { filter: true, hidden: true } }),
    // Kept by the verification flow (still to come); shown, not edited, here.
    emailVerified: boolean({ readOnly: true, list: { none: true } }),
    avatar: image({ list: { none: true } }),
    // Staff accounts may have none; a given address has every part (spec §5).
    address: { ...ADDRESS_FIELD, required: false, list: { none: true } },
    locales: locales({ readOnly: true, list: { none: true } }),
    sourceLocale: locale({ readOnly: true, list: { none: true } }),
    /** Prices of the hotel's point of sale and apps are in this currency. */
    currency: select({ options: CURRENCIES, default: DEFAULT_CURRENCY, list: { hidden: true } }),
  },
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
          'currency',
        ],
      },
      { key: 'social', fields: [] },
      { key: 'apps', fields: [] },
      { key: 'metadata', fields: [] },
      { key: 'appPermissions', fields: [] },
      { key: 'availableApps', fields: [] },
      { key: 'account', fields: ['role'] },
    ],
  },
});
