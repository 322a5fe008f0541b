import { randomBytes } from 'node:crypto';
import type { TypedReader, TypedWriter } from '../store/port';
import { hashResetToken } from '../auth/resets';
import type { EmailVerification } from '../store/types';

/** How long an invitation or a verification link works. */
export const LINK_TTL_MS = 72 * 60 * 60 * 1000;

/**
 * Stores a new verification link for the account's current address (earlier open ones close)
 * and returns the token to mail.
 */
export async function writeEmailVerification(
  tx: TypedWriter,
  user: { id: number; email: string },
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const stamp = new Date(now).toISOString();
  for (const open of await tx.find('emailVerifications', { userId: user.id, usedAt: null })) {
    // raw write: the server's own table of verification links
    await tx.update('emailVerifications', open.id, { usedAt: stamp });
  }
  // raw write: the server's own table of verification links
  await tx.insert('emailVerifications', {
    userId: user.id,
    email: user.email,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(now + LINK_TTL_MS).toISOString(),
    usedAt: null,
    createdAt: stamp,
  });
  return token;
}

/** The open, unexpired verification for a token, if any. */
export async function findUsableVerification(
  store: TypedReader,
  token: string,
  now: number,
): Promise<EmailVerification | undefined> {
  const found = await store.find('emailVerifications', {
    tokenHash: hashResetToken(token),
    usedAt: null,
  });
  return found.find((link) => Date.parse(link.expiresAt) > now);
}
