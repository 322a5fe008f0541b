/** Where signing in starts and where it leads (a module of its own: the light sign-in entry reads it). */
export const LOGIN_PATH = '/auth/login';
export const HOME_PATH = '/dashboard/app';

/**
 * Where `?to=` may send a user after signing in: a path of this site (with its query and hash),
 * never another origin — `https://…`, `//host` and `/\host` (which browsers read as `//host`)
 * are refused — and never back to the sign-in pages. Null when it may not.
 */
export function safeReturnPath(to: unknown, origin = location.origin): string | null {
  if (typeof to !== 'string' || !to.startsWith('/') || /^\/[/\\]/.test(to) || to.includes('\\'))
    return null;
  try {
    const url = new URL(to, origin);
    if (url.origin !== origin || /^\/auth(\/|$)/.test(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The sign-in page, asked to come back to `path` (a dashboard address) afterwards. */
export function loginPathReturningTo(path: string): string {
  const to = safeReturnPath(path);
  return to && to !== HOME_PATH ? `${LOGIN_PATH}?to=${encodeURIComponent(to)}` : LOGIN_PATH;
}

/** The i18n key of the message a failed sign-in shows, by the API's status; null: the API's own. */
export const signInErrorKey = (statusCode: number | undefined): string | null =>
  statusCode === 401
    ? 'auth.invalidCredentials'
    : statusCode === 429
      ? 'auth.tooManyAttempts'
      : statusCode === 403
        ? 'auth.accountBlocked'
        : null;
