import type { Field } from './fields';
import { kindOf } from './kinds';
import type { Actor } from './access';
import type { Resource } from './resource';

/** The fields a client may send: no server-kept ones. */
export const writableFields = (resource: Resource): [string, Field][] =>
  Object.entries(resource.fields).filter(([, field]) => !field.readOnly);

/** Whether an actor may set a field (its `access.write`, and never a read-only one). */
export function mayWriteField(
  field: Field,
  actor: Actor,
  record?: Readonly<Record<string, unknown>>,
): boolean {
  if (field.readOnly) return false;
  return field.access?.write ? field.access.write({ actor, record }) : true;
}

/** Whether an actor may see a field (its `access.read`; secrets are never shown). */
export function mayReadField(
  field: Field,
  actor: Actor,
  record?: Readonly<Record<string, unknown>>,
): boolean {
  return field.access?.read ? field.access.read({ actor, record }) : true;
}

/** Whether a field shows for the record as it stands (its declared condition). */
export const isShown = (field: Field, record: Readonly<Record<string, unknown>>): boolean =>
  !field.condition || field.condition(record);

/** Initial values of a new record: each field's default, or empty. */
export function defaultValues(resource: Resource): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(resource.fields)
      .filter(([, field]) => !field.readOnly)
      .map(([name, field]) => [name, emptyValue(field)]),
  );
}

/**
 * A record as it is stored: without its transient fields (asked on create only) and without the
 * fields its conditions hide. The engine stores this; hooks writing other records use it too.
 */
export function storedFields(
  resource: Resource,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => {
      const field = resource.fields[name];
      return !field || (!field.transient && isShown(field, values));
    }),
  );
}

/** A field's value when nothing was given: its kind's empty value. */
export const emptyValue = (field: Field): unknown =>
  field.default ?? kindOf(field).empty(field, emptyValue);
