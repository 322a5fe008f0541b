import { Router } from 'express';
import { users } from '../../src/resources/users';
import type { Actor } from '../../src/schema/access';
import { accountEvent } from '../audit';
import { sessionVersionOf } from '../auth/session';
import type { AppContext } from '../context';
import { presenter } from '../engine/present';
import { bulkBody, runInTurn } from '../engine/service';
import { asyncHandler, HttpError, parseBody } from '../http/errors';
import { administrator, hotelParam } from './hotel';

/**
 * `POST /users/:id/archive` and `POST /users/:id/unarchive` (administrators): an archived hotel
 * cannot sign in (its sessions and open reset links end now) and its guest app is unpublished —
 * every `/public/:slug/...` route answers 410 (auth/accounts.ts `hotelBySlug`). Nothing else is
 * changed or removed: unarchiving gives everything back (sign-in with the same password).
 * `POST /users/bulk/archive` and `/users/bulk/unarchive` do it to the chosen hotels, as the
 * declared bulk actions do (docs/api.md "Bulk actions"): each in its own transaction, each
 * answering its own result.
 */
export function archiveRoutes({ store, now, audit }: AppContext): Router {
  const router = Router();

  /** Archives (or unarchives) one hotel, with its audit entry, in a transaction of its own. */
  async function setArchived(actor: Actor, param: string, archived: boolean) {
    const name = archived ? 'archive' : 'unarchive';
    const { id } = await hotelParam(store, param);
    const stamp = new Date(now()).toISOString();
    return store.transaction(async (tx) => {
      const current = await tx.get('users', id);
      if (!current) throw new HttpError(404, 'Not found');
      // Asked twice, the second call changes nothing and records nothing.
      if (Boolean(current.archived) === archived) return current;
      if (archived) {
        for (const reset of await tx.find('passwordResets', { userId: id, usedAt: null })) {
          // raw write: the server's own table of reset links
          await tx.update('passwordResets', reset.id, { usedAt: stamp });
        }
      }
      // raw write: archived and sessionVersion are server-owned (read-only, set by this route only)
      const updated = await tx.update('users', id, {
        archived,
        updatedAt: stamp,
        // Archiving ends the hotel's sessions (tokens carry the version), a login-as too.
        ...(archived && { sessionVersion: sessionVersionOf(current) + 1 }),
      });
      await audit.write(tx, {
        action: 'action',
        name,
        actor,
        ...accountEvent(current),
        changes: [{ field: 'archived', before: Boolean(current.archived), after: archived }],
      });
      return updated;
    });
  }

  for (const archived of [true, false]) {
    const name = archived ? 'archive' : 'unarchive';
    // Before `/users/:id/...`, which would take `bulk` for an id.
    router.post(
      `/users/bulk/${name}`,
      asyncHandler(async (req, res) => {
        const actor = administrator(res);
        const { ids } = parseBody(bulkBody, req.body);
        res.json(
          await runInTurn(`users/${name}`, ids, (id) => setArchived(actor, String(id), archived)),
        );
      }),
    );
    router.post(
      `/users/:id/${name}`,
      asyncHandler(async (req, res) => {
        const actor = administrator(res);
        const stored = await setArchived(actor, String(req.params.id), archived);
        res.json(presenter(users, actor)(stored));
      }),
    );
  }
  return router;
}
