import type { AccessFn, Actor, Operation, Where } from '../../src/schema/access';
import type { Resource } from '../../src/schema/resource';
import { HttpError, unauthorized } from '../http/errors';

/**
 * The one tenancy and access check of the API: asks the declaration's access function and
 * answers the filter every read and write of that operation is limited to (`true`: all records).
 * Refused: 401 for a caller without a session, 403 for one whose account may not.
 */
export function authorize(resource: Resource, operation: Operation, actor: Actor): Where | true {
  return authorizeWith(resource.access[operation], operation, actor);
}

/** The same check for any access function, e.g. a declared action's own (an update). */
export function authorizeWith(decide: AccessFn, operation: Operation, actor: Actor): Where | true {
  const decision = decide({ actor, operation });
  if (decision !== false) return decision;
  if (actor === null) throw unauthorized();
  throw new HttpError(
    403,
    decide.denied ??
      (operation === 'read'
        ? 'You are not allowed to access this resource'
        : 'You are not allowed to do this'),
  );
}
