import type { User } from '../../src/schema/user';

/** A user as stored: the public User plus server-only fields that never leave the server. */
export interface StoredUser extends User {
  passwordHash: string;
  /** ISO date of the last password change; tokens issued before it are refused. */
  passwordChangedAt: string | null;
}

/** Guest-app visits of one tenant on one UTC day. */
export interface Visit {
  id: number;
  ownerId: number;
  /** YYYY-MM-DD */
  date: string;
  visitors: number;
}

/** A password reset request; only the sha256 of the emailed token is kept. */
export interface PasswordReset {
  id: number;
  userId: number;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

/** Audit trail of "log in as". */
export interface Impersonation {
  id: number;
  adminId: number;
  userId: number;
  at: string;
}

/** The whole database file. */
export interface DbState {
  users: StoredUser[];
  visits: Visit[];
  passwordResets: PasswordReset[];
  impersonations: Impersonation[];
}

export type CollectionName = keyof DbState;

export const COLLECTION_NAMES: readonly CollectionName[] = [
  'users',
  'visits',
  'passwordResets',
  'impersonations',
];
