import { Router } from 'express';
import { OWNER_FIELD } from '../../src/schema/access';
import { message } from '../../src/schema/messages';
import { currentUser } from '../auth/session';
import type { AppContext } from '../context';
import { asyncHandler, HttpError } from '../http/errors';
import { PERSON_ROLE } from '../../src/schema/user';
import type { TypedWriter } from '../store/port';
import { SERVER_COLLECTIONS, type StoredUser, type Upload } from '../store/types';
import { parseFileUrl } from '../uploads/storage';
import { hotelParam } from './hotel';

/** Server collections that name an account by `userId` (reset and verification links, login-as). */
const BY_USER: ReadonlySet<string> = new Set(
  SERVER_COLLECTIONS.filter((name) => name !== 'uploads' && name !== 'oauthStates'),
);

/** What deleting a hotel removed: records per collection (the account itself under `users`). */
export type Removed = Record<string, number>;

/**
 * Removes a hotel and everything that is its, in one transaction: its account, every record of
 * every collection with its `ownerId` (the registry's and the server's: uploads, OAuth states;
 * its audit entries too, which hold its records' values), and the links and login-as records
 * that name the account (`userId`); the accounts of its people who are members of no other hotel
 * (issue 40), and its place in hotel groups. The audit keeps one entry of the deletion: who, which hotel
 * (id and name) and the counts, about no hotel, so it outlives the hotel. Answers the counts and
 * the hotel's uploads, whose files go once this has committed.
 */
export async function removeHotel(
  { store, audit }: Pick<AppContext, 'store' | 'audit'>,
  actor: StoredUser,
  id: number,
): Promise<{ hotel: StoredUser; removed: Removed; uploads: Upload[] }> {
  return store.transaction(async (tx) => {
    const hotel = await tx.get('users', id);
    if (!hotel) throw new HttpError(404, 'Not found');
    if (!hotel.archived) throw new HttpError(409, message('offboarding.errors.notArchived'));
    const removed: Removed = {};
    // The uploads' records before they go: their files are removed after the commit.
    const uploads = await tx.find('uploads', { [OWNER_FIELD]: id });
    // Its people (issue 40), before their memberships go with the hotel's records.
    const has = (collection: string) => store.collections.includes(collection);
    const people = new Set(
      (has('members') ? await tx.find('members', { [OWNER_FIELD]: id }) : [])
        .map((member) => member.userId as number)
        .filter((userId) => userId !== id),
    );
    await removeAccount(tx, store.collections, id, removed);
    // A person left with no hotel cannot sign in to anything: their account goes too. One
    // with other hotels keeps it (and their one password).
    for (const personId of people) {
      const person = await tx.get('users', personId);
      if (person?.role !== PERSON_ROLE) continue;
      if ((await tx.count('members', { userId: personId })) > 0) continue;
      await removeAccount(tx, store.collections, personId, removed);
    }
    // Its groups no longer name it.
    for (const group of has('hotel-groups') ? await tx.find('hotel-groups') : []) {
      const hotels = Array.isArray(group.hotels) ? (group.hotels as number[]) : [];
      if (!hotels.includes(id)) continue;
      // raw write: the removal's cascade, as the engine's setNull of references to a removed record
      await tx.update('hotel-groups', group.id, { hotels: hotels.filter((hotel) => hotel !== id) });
    }
    await audit.write(tx, {
      action: 'delete',
      actor,
      resource: 'users',
      recordId: id,
      recordLabel: hotel.name,
      // About no hotel: the entry must outlive the one it is about.
      hotelId: null,
      detail: Object.entries(removed)
        .map(([collection, count]) => `${collection}: ${count}`)
        .join(', '),
    });
    return { hotel, removed, uploads };
  });
}

/**
 * Removes an account and every record it owns (`ownerId`) or that names it (`userId`: links,
 * login-as records), counting them into `removed`.
 */
async function removeAccount(
  tx: TypedWriter,
  collections: readonly string[],
  id: number,
  removed: Removed,
): Promise<void> {
  for (const collection of collections) {
    if (collection === 'users') continue;
    const rows = await tx.find(collection, { [OWNER_FIELD]: id });
    if (BY_USER.has(collection)) rows.push(...(await tx.find(collection, { userId: id })));
    const ids = new Set(rows.map((row) => row.id));
    // raw write: a removed hotel's records go with it (offboarding, audited as one delete)
    for (const rowId of ids) await tx.remove(collection, rowId);
    if (ids.size) removed[collection] = (removed[collection] ?? 0) + ids.size;
  }
  // raw write: a removed hotel's records go with it (offboarding, audited as one delete)
  await tx.remove('users', id);
  removed.users = (removed.users ?? 0) + 1;
}

/**
 * `DELETE /users/:id` (super administrators; archived hotels only): the hotel and all its records
 * in one transaction, then its files (a file whose removal fails has no upload record left, so
 * the upload sweep removes it later). Answers the counts.
 */
export function deleteHotelRoute(ctx: AppContext): Router {
  const router = Router();
  router.delete(
    '/users/:id',
    asyncHandler(async (req, res) => {
      const actor = currentUser(res);
      if (!actor.isSuperAdmin) {
        throw new HttpError(403, message('offboarding.errors.superAdminOnly'));
      }
      const { id } = await hotelParam(ctx.store, String(req.params.id));
      const { hotel, removed, uploads } = await removeHotel(ctx, actor, id);
      let files = 0;
      for (const upload of uploads) {
        const file = parseFileUrl(upload.url);
        if (!file) continue;
        await ctx.files.remove(file).then(
          () => (files += 1),
          (error: unknown) => console.error(`Could not remove ${upload.url}:`, error),
        );
      }
      // Failed sign-ins are counted by address and email: the email is the hotel's, gone now.
      await ctx.throttle.clearEmail(hotel.email);
      res.json({ id, name: hotel.name, removed, files });
    }),
  );
  return router;
}
