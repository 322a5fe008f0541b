import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../store/store';
import type { PasswordReset } from '../store/types';

export const RESET_TTL_MS = 60 * 60 * 1000;

/** Only this hash is stored, so a copy of the database does not hold usable reset links. */
export const hashResetToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Creates a reset request and returns the token to mail (32 random bytes, base64url). */
export async function createPasswordReset(
  store: Store,
  userId: number,
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await store.transaction((tx) =>
    tx.insert('passwordResets', {
      userId,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(now + RESET_TTL_MS).toISOString(),
      usedAt: null,
      createdAt: new Date(now).toISOString(),
    }),
  );
  return token;
}

/** The unused, unexpired reset request for a token, if any. */
export async function findUsableReset(
  store: Store,
  token: string,
  now: number,
): Promise<PasswordReset | undefined> {
  const found = (await store.find('passwordResets', {
    tokenHash: hashResetToken(token),
    usedAt: null,
  })) as unknown as PasswordReset[];
  return found.find((reset) => Date.parse(reset.expiresAt) > now);
}
