import { hotekGuards } from '../hotek';
import { HttpError } from '../http/errors';
import { posGuards } from '../pos';
import type { Store } from '../store/store';
import type { StoredUser } from '../store/types';

type Row = Record<string, unknown>;

/** Rules about a resource that a field declaration cannot say; the server's own, per resource. */
export interface ResourceGuard {
  /**
   * Before a create (`existing` undefined) or an update; may adjust `next` or throw. `stored` are
   * the resource's records as they stand (`existing` among them on update); `store` for rules
   * that read other resources.
   */
  beforeWrite?: (
    actor: StoredUser,
    existing: Row | undefined,
    next: Row,
    stored: readonly Row[],
    store: Store,
  ) => void;
  beforeDelete?: (actor: StoredUser, existing: Row) => void;
}

/** `2026-03-15 08:00 UTC`: how the API names a moment in an English message. */
const utcMinute = (iso: string): string =>
  `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A notification's period in milliseconds: start inclusive, end exclusive. */
const periodOf = (row: Row): { start: number; end: number } => ({
  start: Date.parse(String(row.startDate)),
  end: Date.parse(String(row.endDate)),
});

const isAdminAccount = (row: Row | undefined) => Boolean(row && (row.isAdmin || row.isSuperAdmin));

export const resourceGuards: Record<string, ResourceGuard> = {
  ...posGuards,
  ...hotekGuards,
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
  notifications: {
    beforeWrite: (_actor, existing, next, stored) => {
      const period = periodOf(next);
      // An invalid or backwards period is the declaration's rule to report (422), not a conflict.
      if (!(period.end > period.start)) return;
      // A hotel shows one notification at a time: periods of one owner may touch, never overlap.
      const clash = stored.find((row) => {
        if (row.id === existing?.id || row.ownerId !== next.ownerId) return false;
        const other = periodOf(row);
        return period.start < other.end && other.start < period.end;
      });
      if (clash) {
        throw new HttpError(
          409,
          `Another notification is already scheduled from ${utcMinute(String(clash.startDate))} to ${utcMinute(String(clash.endDate))}; a hotel has one notification at a time`,
        );
      }
    },
  },
};
