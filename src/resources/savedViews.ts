import { fieldAccess, isAdministrator, type AccessFn } from '../schema/access';
import { boolean, text } from '../schema/fields';
import { defineResource, type ResourceHooks } from '../schema/resource';

/**
 * What a view's `state` may hold: the query a list keeps in its address (Refine's page, page
 * size, sorters and filters; `q` is a filter) and the shown columns (`columns=a,b`).
 */
const STATE_KEY = /^(current|currentPage|pageSize|columns|(sorters|filters)(\[[\w.]*\])+)$/;

/** Whether a text is a list's address query (without its `?`) with only a list's keys. */
export function isViewState(value: unknown): boolean {
  if (typeof value !== 'string' || value.startsWith('?') || value.includes('#')) return false;
  return [...new URLSearchParams(value).keys()].every((key) => STATE_KEY.test(key));
}

/** A user's own views; an administrator also reads the views administrators share. */
const readable: AccessFn = ({ actor }) =>
  actor === null
    ? false
    : isAdministrator(actor)
      ? { or: [{ ownerId: actor.id }, { shared: true }] }
      : { ownerId: actor.id };
/** Only its owner changes or deletes a view, administrators too (a shared view stays theirs). */
const own: AccessFn = ({ actor }) => (actor === null ? false : { ownerId: actor.id });

/** At most one default per user and list: a new default takes the mark from the old one. */
const oneDefault: NonNullable<ResourceHooks['afterChange']> = async ({ record, store }) => {
  if (record.isDefault !== true) return;
  const others = await store.find('saved-views', {
    ownerId: record.ownerId as number,
    list: record.list as string,
    isDefault: true,
  });
  for (const other of others) {
    if (other.id !== record.id) await store.update('saved-views', other.id, { isDefault: false });
  }
};

/**
 * Saved views (issue 28): a list's filters, search, sort, columns and page size under a name,
 * chosen from the Views menu beside a list's filters. Each user has their own (`personal`: the
 * API makes the maker the owner, administrators too); an administrator may share one with all
 * administrators, who read it but cannot change it. No menu entry: the lists show them.
 */
export const savedViews = defineResource({
  name: 'saved-views',
  route: 'views',
  owned: true,
  personal: true,
  access: { read: readable, create: own, update: own, delete: own },
  labelField: 'name',
  timestamps: true,
  defaultSort: { field: 'name', order: 'asc' },
  hooks: { afterChange: oneDefault },
  fields: {
    name: text({
      required: true,
      max: 80,
      unique: { per: ['ownerId', 'list'] },
      list: { search: true, sort: true },
    }),
    /** The list it belongs to: a resource's name, or a screen's own key (`requests`). */
    list: text({ required: true, max: 100, list: { filter: true, sort: true } }),
    /** The list's address query, e.g. `pageSize=20&filters[0][field]=status&…&columns=a,b`. */
    state: text({ required: true, max: 4000, default: 'pageSize=10', list: { hidden: true } }),
    /** Applied when the list is opened without a state in its address. */
    isDefault: boolean({ default: false, list: { filter: true } }),
    /** Readable by every administrator (only administrators may set it). */
    shared: boolean({
      default: false,
      access: { write: fieldAccess.admin },
      list: { filter: true },
    }),
  },
  rules: [
    {
      path: 'state',
      message: 'validation.viewState',
      reads: ['state'],
      check: (record) => isViewState(record.state),
    },
  ],
});
