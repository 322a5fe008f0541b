import { HttpError } from '../http/errors';
import type { StoredUser } from '../store/types';

type Row = Record<string, unknown>;

/** Rules about a resource that a field declaration cannot say; the server's own, per resource. */
export interface ResourceGuard {
  beforeWrite?: (actor: StoredUser, existing: Row | undefined, next: Row) => void;
  beforeDelete?: (actor: StoredUser, existing: Row) => void;
}

const isAdminAccount = (row: Row | undefined) => Boolean(row && (row.isAdmin || row.isSuperAdmin));

export const resourceGuards: Record<string, ResourceGuard> = {
  users: {
    beforeWrite: (actor, existing, next) => {
      // Only a super administrator changes an administrator's account or grants administrator rights.
      if (!actor.isSuperAdmin && (isAdminAccount(existing) || next.role !== 'operator')) {
        throw new HttpError(
          403,
          "Only a super administrator can change an administrator's account",
        );
      }
      // Nobody changes their own role: the last super administrator cannot lock everyone out.
      if (existing && existing.id === actor.id && next.role !== existing.role) {
        throw new HttpError(403, 'You cannot change your own role');
      }
      // The role is the source of truth for the administrator flags.
      next.isAdmin = next.role !== 'operator';
      next.isSuperAdmin = next.role === 'superAdmin';
    },
  },
};
