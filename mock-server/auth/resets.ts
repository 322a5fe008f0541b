import { createHash, randomBytes } from 'node:crypto';
import type { Store, TypedWriter } from '../store/port';
import type { PasswordReset } from '../store/types';

export const RESET_TTL_MS = 60 * 60 * 1000;

/** Bounds on the stored reset requests, applied whenever one is created. */
export const RESET_LIMITS = {
  /** Open links per user: a new request closes the oldest beyond this. */
  maxOpenPerUser: 3,
  /** Requests kept per user, open or closed: the oldest closed ones are deleted first. */
  maxKeptPerUser: 10,
  /** A request closed (used or expired) this long ago is deleted, whoever it belongs to. */
  keepClosedMs: 24 * 60 * 60 * 1000,
} as const;

/** When a request stopped being usable, or Infinity while it still is. */
function closedAt(reset: PasswordReset, now: number): number {
  const used = reset.usedAt === null ? Infinity : Date.parse(reset.usedAt);
  const at = Math.min(used, Date.parse(reset.expiresAt));
  return at <= now ? at : Infinity;
}

/** Only this hash is stored, so a copy of the database does not hold usable reset links. */
export const hashResetToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/**
 * Creates a reset request and returns the token to mail (32 random bytes, base64url). Storage
 * stays bounded (RESET_LIMITS): requests closed over a day ago go, and the user keeps a few open
 * links and a few rows at most.
 */
export function createPasswordReset(store: Store, userId: number, now: number): Promise<string> {
  return store.transaction((tx) => writePasswordReset(tx, userId, now));
}

/**
 * createPasswordReset inside a caller's transaction (a new hotel's invitation is stored with the
 * hotel, or not at all); `ttlMs` is how long the link works (an invitation: three days).
 */
export async function writePasswordReset(
  tx: TypedWriter,
  userId: number,
  now: number,
  ttlMs: number = RESET_TTL_MS,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const stamp = new Date(now).toISOString();
  const { maxOpenPerUser, maxKeptPerUser, keepClosedMs } = RESET_LIMITS;
  const mine: PasswordReset[] = [];
  // This user's resets, and anyone's long expired (a used one is closed before it expires).
  const expired = { expiresAt: { lte: new Date(now - keepClosedMs).toISOString() } };
  const rows = await tx.find('passwordResets', { or: [{ userId }, expired] });
  for (const reset of rows) {
    // raw write: the server's own table of reset links
    if (closedAt(reset, now) <= now - keepClosedMs) await tx.remove('passwordResets', reset.id);
    else if (reset.userId === userId) mine.push(reset);
  }
  // Oldest first; the new request takes one of the open places and one of the kept rows.
  mine.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  const open = mine.filter((reset) => closedAt(reset, now) === Infinity);
  const keep = open.slice(Math.max(0, open.length - (maxOpenPerUser - 1)));
  const keptOpen = new Set(keep.map(({ id }) => id));
  const others = mine.filter((reset) => !keptOpen.has(reset.id));
  const dropped = others.slice(0, Math.max(0, mine.length - (maxKeptPerUser - 1)));
  // raw write: the server's own table of reset links
  for (const reset of dropped) await tx.remove('passwordResets', reset.id);
  for (const reset of others.slice(dropped.length)) {
    if (closedAt(reset, now) === Infinity) {
      // raw write: the server's own table of reset links
      await tx.update('passwordResets', reset.id, { usedAt: stamp });
    }
  }
  // raw write: the server's own table of reset links
  await tx.insert('passwordResets', {
    userId,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(now + ttlMs).toISOString(),
    usedAt: null,
    createdAt: stamp,
  });
  return token;
}

/** The unused, unexpired reset request for a token, if any. */
export async function findUsableReset(
  store: Store,
  token: string,
  now: number,
): Promise<PasswordReset | undefined> {
  const found = await store.find('passwordResets', {
    tokenHash: hashResetToken(token),
    usedAt: null,
  });
  return found.find((reset) => Date.parse(reset.expiresAt) > now);
}
