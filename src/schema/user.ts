import type { HotelRole } from './access';
import type { Locale } from './locales';
import type { MessageCode } from './errors';
import type { MessageParams } from './messages';
import type { VersionConflict } from './versions';

/** Roles, from least to most privileged (spec §6). */
export const ROLES = ['operator', 'admin', 'superAdmin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The role of a person's account that is not a hotel (issue 40): a member of hotels, owning no
 * records of its own. Not one of ROLES: administrators never choose it in a user form, and the
 * users list (hotels and administrators) leaves these accounts out.
 */
export const PERSON_ROLE = 'member';

/**
 * An account's session version: tokens carry it and must match it exactly, so one more ends
 * every session of the account (stored on the user, undeclared: it never leaves the server).
 */
export function sessionVersionOf(user: object): number {
  const version = (user as { sessionVersion?: unknown }).sessionVersion;
  return typeof version === 'number' ? version : 0;
}

/**
 * The request header that chooses the hotel a person acts for (issue 40): one of their hotels'
 * ids, or `all` for a read of "all my hotels". Without it, the last hotel they chose, else their
 * first. A hotel that is not theirs answers 404, as another hotel's records do.
 */
export const HOTEL_HEADER = 'X-Hotel';
export const ALL_HOTELS = 'all';

/** One hotel a person may act for, and their role there (`GET /users/me`). */
export interface HotelMembership {
  id: number;
  name: string;
  role: HotelRole;
}

export const USER_STATUSES = ['active', 'banned'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Whether an account has taken up its invitation: chose its password, or signed in. */
export const INVITATION_STATES = ['pending', 'accepted'] as const;

export interface Address {
  street: string;
  houseNumber: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/** A user (tenant) as the API returns it: never carries a password hash or other secret. */
export interface User {
  id: number;
  name: string;
  email: string;
  phoneNumber: string;
  avatar: string;
  company: string;
  role: Role | typeof PERSON_ROLE;
  /** Kept by the API: see INVITATION_STATES; the last sign-in; the hotel's connected apps. */
  invitation?: (typeof INVITATION_STATES)[number];
  lastSignInAt?: string | null;
  connectedAppCount?: number;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  status: UserStatus;
  disabled: boolean;
  /** Archived (offboarding): no sign-in, its guest app answers 410; the data is kept. */
  archived?: boolean;
  emailVerified: boolean;
  address: Address;
  slug: string;
  locales: Locale[];
  sourceLocale: Locale;
  /** ISO 4217; prices are shown in it. Older records have none (EUR then). */
  currency?: string;
  /** An administrator set the password; the owner should choose their own. */
  passwordTemporary?: boolean;
  /** `GET /users/me` only: the password is temporary and this session must choose its own first. */
  mustChangePassword?: boolean;
  /** `GET /users/me` only: keys of the apps the hotel connected (they open areas: Hotek). */
  connectedApps?: string[];
  /**
   * `GET /users/me` only: the signed-in person (their own account; the hotel's own login: the
   * hotel's id), their role in the hotel this session acts for (whose id is `id`), and the hotels
   * they may act for.
   */
  personId?: number;
  hotelRole?: HotelRole;
  hotels?: HotelMembership[];
  /** `GET /users/me` only: keys of the apps only an administrator connects for the hotel. */
  lockedApps?: string[];
  createdAt: string;
  updatedAt: string;
}

/** Answer of GET /stats: guest-app visits, scoped to the caller's tenant (all tenants for admins). */
export interface VisitStats {
  totalVisitors: number;
  /** One entry per day, oldest first, for the period covered (the last 90 days in the seed). */
  daily: { date: string; visitors: number }[];
  /**
   * Administrators looking at every hotel: the hotels with the most visitors in the period, most
   * first (`top`, default 5), named by their company.
   */
  topHotels?: { id: number; name: string; visitors: number }[];
}

/** Error body of every failed API call (DESIGN §4). */
export interface ApiErrorBody {
  /** In English (or, on the public form API, the form's language). */
  message: string;
  statusCode: number;
  errors?: Record<string, string[]>;
  /** The message as a code and values, when it has one: the dashboard words it itself. */
  code?: string;
  values?: MessageParams;
  /** Per field, alongside `errors` (same order): each message's code and values, or null. */
  errorCodes?: Record<string, (MessageCode | null)[]>;
  /** A `412`: what changed since the version the writer had. */
  conflict?: VersionConflict;
}

/** Validation limits shared by client and server (spec §5, §9). */
export const NEW_PASSWORD_MIN = 8;
export const CHANGE_PASSWORD_MIN = 6;
