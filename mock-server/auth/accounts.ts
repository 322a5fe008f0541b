import { VERSION_FIELD, versionOf } from '../../src/schema/versions';
import type { TypedReader, TypedWriter } from '../store/port';
import { message } from '../../src/schema/messages';
import { HttpError } from '../http/errors';
import type { StoredUser } from '../store/types';

// Which accounts may act lives here, below session.ts (which signs them in): no import cycle.

/** The 403 for an account that may not sign in, or undefined. */
export function accountBlock(
  user: Readonly<Partial<Record<'status' | 'disabled' | 'archived', unknown>> & { id: number }>,
): HttpError | undefined {
  if (user.status === 'banned') return new HttpError(403, 'This account is banned');
  if (user.disabled) return new HttpError(403, 'This account is disabled');
  if (user.archived) return new HttpError(403, message('offboarding.errors.accountArchived'));
  return undefined;
}

/** Account look-ups through the storage interface (emails and slugs are stored lower-case). */
export async function userById(store: TypedReader, id: number): Promise<StoredUser | undefined> {
  return await store.get('users', id);
}

export async function userByEmail(
  store: TypedReader,
  email: string,
): Promise<StoredUser | undefined> {
  const [user] = await store.find('users', { email: email.trim().toLowerCase() });
  return user;
}

/** Whether an owner id names an archived hotel (its guest app and files are unpublished). */
export async function isArchivedHotel(
  store: TypedReader,
  ownerId: number | null,
): Promise<boolean> {
  if (typeof ownerId !== 'number') return false;
  const owner = await userById(store, ownerId);
  return owner?.role === 'operator' && Boolean(owner.archived);
}

/**
 * The hotel behind a guest app's slug: an operator that may sign in. Anything else answers 404
 * exactly like an unknown slug, so guest routes reveal nothing about other accounts. An archived
 * hotel's guest app is unpublished on purpose: 410 Gone, so guest apps can say so (offboarding).
 */
export async function hotelBySlug(store: TypedReader, slug: string): Promise<StoredUser> {
  const [owner] = await store.find('users', {
    slug: slug.toLowerCase(),
  });
  if (owner?.role === 'operator' && owner.archived) {
    throw new HttpError(410, message('offboarding.errors.guestAppGone'));
  }
  if (!owner || owner.role !== 'operator' || accountBlock(owner)) {
    throw new HttpError(404, 'Not found');
  }
  return owner;
}

/**
 * A person who chose their password through their invitation, or signed in, has joined their
 * hotels (members' invitation state), in the caller's transaction.
 */
export async function joinHotels(tx: TypedWriter, userId: number, stamp: string): Promise<void> {
  for (const membership of await tx.find('members', { userId, invitation: { ne: 'accepted' } })) {
    // raw write: server-kept fields (invitation, joinedAt) a sign-in sets, no form's
    await tx.update('members', membership.id, {
      invitation: 'accepted',
      joinedAt: stamp,
      [VERSION_FIELD]: versionOf(membership) + 1,
    });
  }
}
