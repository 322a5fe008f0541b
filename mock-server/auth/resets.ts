import { createHash, randomBytes } from 'node:crypto';
import type { JsonFileStore as Store } from '../store/store';
import type { PasswordReset } from '../store/types';

export const RESET_TTL_MS = 60 * 60 * 1000;

/** Only this hash is stored, so a copy of the database does not hold usable reset links. */
export const hashResetToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Creates a reset request and returns the token to mail (32 random bytes, base64url). */
export function createPasswordReset(store: Store, userId: number, now: number): string {
  const token = randomBytes(32).toString('base64url');
  store.insert('passwordResets', {
    userId,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(now + RESET_TTL_MS).toISOString(),
    usedAt: null,
    createdAt: new Date(now).toISOString(),
  });
  return token;
}

/** The unused, unexpired reset request for a token, if any. */
export function findUsableReset(
  store: Store,
  token: string,
  now: number,
): PasswordReset | undefined {
  const tokenHash = hashResetToken(token);
  return store.state.passwordResets.find(
    (reset) =>
      reset.tokenHash === tokenHash && reset.usedAt === null && Date.parse(reset.expiresAt) > now,
  );
}
