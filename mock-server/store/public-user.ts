import type { User } from '../../src/schema/user';

/**
 * The fields of a user that may leave the server. An allowlist rather than a denylist, so a
 * server-only field added later stays private by default; typed as Record<keyof User, true> so
 * the compiler flags a User field that is missing here.
 */
const PUBLIC_USER_FIELDS: Record<keyof User, true> = {
  id: true,
  name: true,
  email: true,
  phoneNumber: true,
  avatar: true,
  company: true,
  role: true,
  isAdmin: true,
  isSuperAdmin: true,
  status: true,
  disabled: true,
  emailVerified: true,
  address: true,
  slug: true,
  locales: true,
  sourceLocale: true,
  branding: true,
  createdAt: true,
  updatedAt: true,
};
const KEYS = Object.keys(PUBLIC_USER_FIELDS) as (keyof User)[];

/** The one sanitizer for every user record that leaves the server (no hash, no secrets). */
export function publicUser(user: User): User {
  const out: Partial<Record<keyof User, unknown>> = {};
  for (const key of KEYS) {
    if (key in user) out[key] = structuredClone(user[key]);
  }
  return out as User;
}
