import type { Actor, Operation, Where } from '../../src/schema/access';
import type { Resource } from '../../src/schema/resource';
import { unauthorized } from '../auth/tokens';
import { HttpError } from '../http/errors';

/**
 * The one tenancy and access check of the API: asks the declaration's access function and
 * answers the filter every read and write of that operation is limited to (`true`: all records).
 * Refused: 401 for a caller without a session, 403 for one whose account may not.
 */
export function authorize(resource: Resource, operation: Operation, actor: Actor): Where | true {
  const decision = resource.access[operation]({ actor, operation });
  if (decision === false) {
    if (actor === null) throw unauthorized();
    throw new HttpError(
      403,
      operation === 'read'
        ? 'You are not allowed to access this resource'
        : 'You are not allowed to do this',
    );
  }
  return decision;
}

/** The same check for a declared action's own access function. */
export function authorizeAction(
  decide: (args: { actor: Actor; operation: Operation }) => boolean | Where,
  actor: Actor,
): Where | true {
  const decision = decide({ actor, operation: 'update' });
  if (decision === false) {
    if (actor === null) throw unauthorized();
    throw new HttpError(403, 'You are not allowed to do this');
  }
  return decision;
}
