import type { ResourceDeclaration } from '../../src/schema/resource';
import type { User } from '../../src/schema/user';
import { publicUser } from '../store/public-user';

type Row = Record<string, unknown>;

/**
 * How records of a resource leave the server. Users go through the one user sanitizer (an
 * allowlist); other resources drop their declared secret fields.
 */
export function presenterOf(resource: ResourceDeclaration): (record: Row) => Row {
  if (resource.name === 'users')
    return (record) => publicUser(record as unknown as User) as unknown as Row;
  const secrets = resource.secretFields ?? [];
  return (record) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => !secrets.includes(key)));
}
