import type { Reader } from '../../src/schema/store';
import { HttpError } from '../http/errors';
import type { StoredUser } from '../store/types';
import { accountBlock } from './session';

/** Account look-ups through the storage interface (emails and slugs are stored lower-case). */
export async function userById(store: Reader, id: number): Promise<StoredUser | undefined> {
  return (await store.get('users', id)) as unknown as StoredUser | undefined;
}

export async function userByEmail(store: Reader, email: string): Promise<StoredUser | undefined> {
  const [user] = await store.find('users', { email: email.trim().toLowerCase() });
  return user as unknown as StoredUser | undefined;
}

/**
 * The hotel behind a guest app's slug: an operator that may sign in. Anything else answers 404
 * exactly like an unknown slug, so guest routes reveal nothing about other accounts.
 */
export async function hotelBySlug(store: Reader, slug: string): Promise<StoredUser> {
  const [owner] = (await store.find('users', {
    slug: slug.toLowerCase(),
  })) as unknown as StoredUser[];
  if (!owner || owner.role !== 'operator' || accountBlock(owner)) {
    throw new HttpError(404, 'Not found');
  }
  return owner;
}
