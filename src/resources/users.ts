import { boolean, email, phone, select, slug, text } from '../schema/fields';
import { defineResource } from '../schema/resource';
import { ROLES, USER_STATUSES } from '../schema/user';

/** Tenants and staff accounts. Administrators only; the creation wizard is a feature of its own. */
export const users = defineResource({
  name: 'users',
  route: 'user',
  menu: { group: 'management', icon: 'users', items: ['list'] },
  access: { read: 'admin', create: 'none', update: 'admin', delete: 'none' },
  labelField: 'name',
  timestamps: true,
  defaultSort: { field: 'name', order: 'asc' },
  secretFields: ['passwordHash', 'passwordChangedAt'],
  fields: {
    name: text({ required: true, max: 120, list: { search: true, sort: true } }),
    email: email({ required: true, unique: true, list: { search: true, sort: true } }),
    company: text({ required: true, max: 120, list: { search: true, sort: true } }),
    phoneNumber: phone({ required: true, list: { hidden: true } }),
    slug: slug({ required: true, unique: true, list: { hidden: true } }),
    role: select({
      options: ROLES,
      required: true,
      writableBy: 'superAdmin',
      list: { filter: true },
    }),
    status: select({ options: USER_STATUSES, required: true, list: { filter: true, sort: true } }),
    isAdmin: boolean({ readOnly: true, list: { filter: true } }),
    isSuperAdmin: boolean({ readOnly: true, list: { filter: true, hidden: true } }),
    disabled: boolean({ list: { filter: true, hidden: true } }),
  },
});
