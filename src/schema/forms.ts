import type { Field } from './fields';
import { isAdministrator, type Actor, type ResourceDeclaration } from './resource';

/** Whether an actor may set a field (field-level `writableBy`). */
export function mayWriteField(field: Field, actor: Actor): boolean {
  if (field.readOnly) return false;
  if (field.writableBy === 'superAdmin') return Boolean(actor?.isSuperAdmin);
  if (field.writableBy === 'admin') return isAdministrator(actor);
  return true;
}

/** Initial values of a new record: each field's default, or empty. */
export function defaultValues(resource: ResourceDeclaration): Record<string, unknown> {
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
