import type { AccessControlProvider } from '@refinedev/core';
import { resourceByName } from '../resources';
import { can, type Action } from '../schema/resource';
import { authProvider } from './authProvider';
import type { User } from '../schema/user';

const ACTIONS: readonly string[] = ['list', 'show', 'create', 'edit', 'delete'];

/**
 * Mirrors the API's rules for the interface (menu entries, buttons, the 403 page). The rules
 * themselves are the declarations' — the server enforces the same ones.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const declaration = resource ? resourceByName(resource) : undefined;
    if (!declaration || !ACTIONS.includes(action)) return { can: true };
    const user = (await authProvider.getIdentity?.()) as User | null;
    return can(declaration, action as Action, user)
      ? { can: true }
      : { can: false, reason: 'errors.forbiddenText' };
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    // Decisions depend on who is signed in; never reuse one across a sign-in or "log in as".
    queryOptions: { gcTime: 0, staleTime: 0 },
  },
};
