import type { Field, ReferenceField } from '../schema/fields';
import { reference } from '../schema/fields';
import { isAdministrator, type Actor, type Resource } from '../schema/resource';
import { OWNER_FIELD } from './useResourceText';

/** The owner of a tenant-owned record, as administrators see and pick it. */
export const ownerField: ReferenceField = reference({
  resource: 'users',
  labelField: 'company',
  required: true,
  where: { role: 'operator' },
  list: { filter: true, sort: true },
});

export interface Column {
  name: string;
  field: Field;
  /** Shown before the user changes the column choice. */
  visibleByDefault: boolean;
}

const timestamp: Field = { kind: 'dateTime', readOnly: true, list: { sort: true, hidden: true } };

/**
 * The list columns of a resource for an actor: declared fields that have a column, the Owner
 * column for administrators on tenant-owned resources, and the timestamps.
 */
export function listColumns(resource: Resource, actor: Actor): Column[] {
  const columns: Column[] = Object.entries(resource.fields)
    .filter(([, field]) => !field.list?.none && !field.transient && !field.internal)
    .map(([name, field]) => ({ name, field, visibleByDefault: !field.list?.hidden }));
  if (resource.owned && isAdministrator(actor)) {
    columns.splice(1, 0, { name: OWNER_FIELD, field: ownerField, visibleByDefault: true });
  }
  if (resource.timestamps) {
    for (const name of ['createdAt', 'updatedAt'] as const) {
      const visibleByDefault = Boolean(resource.listTimestamps?.includes(name));
      const filter = Boolean(resource.filterTimestamps?.includes(name));
      const field = filter ? { ...timestamp, list: { ...timestamp.list, filter } } : timestamp;
      columns.push({ name, field, visibleByDefault });
    }
  }
  return columns;
}

/**
 * The lines of a show page: the list's columns (all of them, hidden or not), then the fields that
 * have no column; never a transient or internal field.
 */
export const showColumns = (resource: Resource, actor: Actor): Column[] =>
  listColumns(resource, actor).concat(
    Object.entries(resource.fields)
      .filter(([, field]) => field.list?.none && !field.transient && !field.internal)
      .map(([name, field]) => ({ name, field, visibleByDefault: true })),
  );

/** Fields a list can be filtered on, in column order. */
export const filterColumns = (columns: Column[]) =>
  columns.filter((column) => column.field.list?.filter);

export const isReference = (column: Column): column is Column & { field: ReferenceField } =>
  column.field.kind === 'reference';
