import type { Registry } from '../../src/resources';
import type { RecordOf } from '../../src/schema/records';
import type { StoredRecord } from '../../src/schema/store';
import type { User } from '../../src/schema/user';

/**
 * A user as stored: the public User plus server-only fields that never leave the server; a
 * record like any other (what the engine's generic code takes).
 */
export type StoredUser = User &
  StoredRecord & {
    passwordHash: string;
    /** ISO date of the last password change; tokens issued before it are refused. */
    passwordChangedAt: string | null;
    /** A person's hotel they last chose (issue 40): where a request without a choice acts. */
    lastHotelId?: number;
  };

/** Guest-app visits of one tenant on one UTC day. */
export type Visit = {
  id: number;
  ownerId: number;
  /** YYYY-MM-DD */
  date: string;
  visitors: number;
};

/** A password reset request; only the sha256 of the emailed token is kept. */
export type PasswordReset = {
  id: number;
  userId: number;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
};

/** A mailed link that proves an account's email address; only the token's sha256 is kept. */
export type EmailVerification = {
  id: number;
  userId: number;
  /** The address the link was sent to: a link for an address since changed proves nothing. */
  email: string;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
};

/**
 * The audit trail of "log in as" (never served by the API): each attempt, allowed or refused,
 * and each write made in a session it started.
 */
export type Impersonation = {
  id: number;
  /** `login-as` (an attempt) or `write` (a write made in a login-as session). */
  kind?: 'login-as' | 'write';
  /** login-as: `allowed` or `refused` (then `statusCode` and `reason` say why). */
  outcome?: 'allowed' | 'refused';
  /** login-as: the signed-in user who asked (an administrator, or a session of one). */
  adminId: number;
  /** login-as: the target (null for an invalid id); write: whose session wrote. */
  userId: number | null;
  /** The real administrator acting: the first of `chain`. */
  actingAdminId?: number;
  /** Who logged in as whom, from the real administrator to the user: `[1, 2, 4]`. */
  chain?: number[];
  /** The login-as record of the session the attempt or write was made in, if any. */
  viaId?: number | null;
  statusCode?: number;
  reason?: string;
  /** write: the request and, once answered, its status. */
  method?: string;
  path?: string;
  at: string;
};

/** A file uploaded through `POST /uploads` (mock-server/uploads). */
export type Upload = {
  id: number;
  /** `/uploads/files/<tenant>/<random>.<ext>`, relative to the API root. */
  url: string;
  /** The client's file name, for display only. */
  name: string;
  size: number;
  /** Sniffed from the file's bytes at upload. */
  type: string;
  /** The hotel the file belongs to; null for an administrator's own upload. */
  ownerId: number | null;
  /** Who uploaded it (an administrator may upload for a hotel); never leaves the server. */
  uploadedBy: number;
  createdAt: string;
};

/**
 * An OAuth connection under way (mock-server/apps): the single-use `state` the provider hands
 * back (stored as its SHA-256), bound to the hotel and app, with the PKCE verifier (sealed).
 */
export type OAuthState = {
  id: number;
  stateHash: string;
  /** SHA-256 of the nonce in the starting browser's cookie: the callback must come with it. */
  browserHash: string;
  ownerId: number;
  appId: number;
  /** Who started it (the hotel, or an administrator for it). */
  actorId: number;
  codeVerifier: string;
  /** Where the dashboard wants the browser back. */
  returnTo: string;
  expiresAt: string;
  createdAt: string;
};

/** Collections the server keeps for itself; every other collection comes from the registry. */
export type ServerCollections = {
  passwordResets: PasswordReset[];
  emailVerifications: EmailVerification[];
  impersonations: Impersonation[];
  uploads: Upload[];
  oauthStates: OAuthState[];
};
export const SERVER_COLLECTIONS: readonly (keyof ServerCollections)[] = [
  'passwordResets',
  'emailVerifications',
  'impersonations',
  'uploads',
  'oauthStates',
];

/** A record of a declared resource, untyped. */
export type RecordRow = StoredRecord;

/** Records of each declared resource, typed from its declaration. */
export type RecordsOf<N extends keyof Registry> = RecordOf<Registry[N]>;

/** The whole database file: the registry's collections (users with their secrets) and the server's. */
export type DbState = {
  [N in Exclude<keyof Registry, 'users' | 'visits'>]: RecordsOf<N>[];
} & { users: StoredUser[]; visits: Visit[] } & ServerCollections;

export type AmenityCategory = RecordsOf<'amenity-categories'>;
export type Amenity = RecordsOf<'amenities'>;
export type GuestNotification = RecordsOf<'notifications'>;
