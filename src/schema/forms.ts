import type { Field } from './fields';
import type { Actor } from './access';
import type { Resource } from './resource';

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

/** Initial values of a new record: each field's default, or empty. */
export function defaultValues(resource: Resource): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(resource.fields)
      .filter(([, field]) => !field.readOnly)
      .map(([name, field]) => [name, field.default ?? emptyValue(field)]),
  );
}

function emptyValue(field: Field): unknown {
  switch (field.kind) {
    case 'boolean':
      return false;
    case 'multiSelect':
    case 'locales':
      return [];
    case 'number':
    case 'money':
    case 'reference':
    case 'coordinates':
    case 'select':
    case 'locale':
      return null;
    default:
      return '';
  }
}
