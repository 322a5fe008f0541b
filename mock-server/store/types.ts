import type { Locale } from '../../src/schema/locales';
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

/**
 * A category of amenities in one language. Translations of one category share `groupId` and
 * differ in `locale` (and `id`).
 */
export interface AmenityCategory {
  id: number;
  ownerId: number;
  groupId: string;
  locale: Locale;
  name: string;
  /** Hex colour, e.g. `#E4572E`. */
  color: string;
  active: boolean;
  /** Place in the owner's list for this language (orderable). */
  position?: number;
  /** Set by Sync without a translation service until someone saves the record. */
  needsTranslation?: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * A place or service recommended to guests, in one language. Translations share `groupId`;
 * `categoryId` is the category of the same owner in the same locale.
 */
export interface Amenity {
  id: number;
  ownerId: number;
  groupId: string;
  locale: Locale;
  name: string;
  description: string;
  address: string;
  /** Website, or '' when there is none. */
  url: string;
  categoryId: number;
  active: boolean;
  /** Short hint such as "Ground floor" or "5 min walk", or ''. */
  location: string;
  coordinates: { lat: number; lng: number };
  /** Place in the owner's list for this language (orderable). */
  position?: number;
  /** Set by Sync without a translation service until someone saves the record. */
  needsTranslation?: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * The notice a hotel shows its guests for a period, `startDate` inclusive to `endDate` exclusive
 * (ISO date-times). The periods of one owner never overlap.
 */
export interface GuestNotification {
  id: number;
  ownerId: number;
  message: string;
  startDate: string;
  endDate: string;
  createdAt: string;
  updatedAt: string;
}

/** A record of a declared resource whose shape the declaration gives (src/resources). */
export type RecordRow = Record<string, unknown> & { id: number };

/** The whole database file. */
export interface DbState {
  users: StoredUser[];
  visits: Visit[];
  'amenity-categories': AmenityCategory[];
  amenities: Amenity[];
  notifications: GuestNotification[];
  'pos-categories': RecordRow[];
  'pos-products': RecordRow[];
  'pos-transactions': RecordRow[];
  timeslots: RecordRow[];
  bookings: RecordRow[];
  passwordResets: PasswordReset[];
  impersonations: Impersonation[];
}

export type CollectionName = keyof DbState;

export const COLLECTION_NAMES: readonly CollectionName[] = [
  'users',
  'visits',
  'amenity-categories',
  'amenities',
  'notifications',
  'pos-categories',
  'pos-products',
  'pos-transactions',
  'timeslots',
  'bookings',
  'passwordResets',
  'impersonations',
];
