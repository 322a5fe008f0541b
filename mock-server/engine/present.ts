import { mayReadField } from '../../src/schema/forms';
import type { Actor } from '../../src/schema/access';
import type { Resource } from '../../src/schema/resource';
import { VERSION_FIELD } from '../../src/schema/versions';

type Row = Record<string, unknown>;

/** Fields the engine keeps on a record besides the declared ones. */
export function systemFields(resource: Resource): string[] {
  return [
    'id',
    VERSION_FIELD,
    ...(resource.owned ? ['ownerId'] : []),
    ...(resource.localized ? ['groupId', 'needsTranslation'] : []),
    ...(resource.timestamps ? ['createdAt', 'updatedAt'] : []),
    ...(resource.parent ? [resource.parent.field] : []),
  ];
}

/** Every field a record of the resource may show: the system's and the declared ones. */
export const knownFields = (resource: Resource): Set<string> =>
  new Set([...systemFields(resource), ...Object.keys(resource.fields)]);

/**
 * Declared fields that may not be queried (filtered or sorted on, 400 like undeclared ones): those
 * the actor may not read (field access), and secrets, which answer only whether they are set — a
 * filter or a sort on one would tell its value a piece at a time.
 */
export const unreadableFields = (resource: Resource, actor: Actor): Set<string> =>
  new Set(
    Object.entries(resource.fields)
      .filter(([, field]) => !mayReadField(field, actor) || ('secret' in field && field.secret))
      .map(([name]) => name),
  );

/**
 * How a record leaves the server: an allowlist of the system's and the declared fields the actor
 * may read, so a stored field nobody declared (a password hash) never leaves; a secret answers
 * only whether it is set.
 */
export function presenter(resource: Resource, actor: Actor): (record: Row) => Row {
  const system = systemFields(resource);
  const declared = Object.entries(resource.fields).filter(([, field]) =>
    mayReadField(field, actor),
  );
  return (record) => {
    const out: Row = {};
    for (const name of system) if (record[name] !== undefined) out[name] = record[name];
    for (const [name, field] of declared) {
      if (field.kind !== 'json' && 'secret' in field && field.secret) {
        out[name] = { set: typeof record[name] === 'string' && record[name] !== '' };
      } else if (record[name] !== undefined) {
        out[name] = structuredClone(record[name]);
      }
    }
    return out;
  };
}

/** A record as a guest app gets it: what anyone may read, without the hotel's internal id. */
export function presentToGuests(resource: Resource, record: Row): Row {
  const { ownerId: _ownerId, ...shown } = presenter(resource, null)(record);
  return shown;
}
